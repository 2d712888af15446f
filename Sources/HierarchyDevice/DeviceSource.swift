/// Where a screen is taken from: a device over adb or a WebDriver session. Named on the command
/// line as `hierarchy capture adb|webdriver URL`, or as the input of any command (`adb:`,
/// `adb:SERIAL`, `webdriver:http://127.0.0.1:4723`).
public enum DeviceSource: Hashable, Sendable {
    case adb(serial: String?)
    case webdriver(url: String, session: String?)

    /// How a source is reached.
    public struct Options: Hashable, Sendable {
        /// `--adb PATH`; nil: PATH, then `$ANDROID_HOME/platform-tools/adb`.
        public var adbPath: String?
        /// `uiautomator dump --compressed`.
        public var compressed: Bool
        /// Seconds each adb command or HTTP request may take.
        public var timeout: Double
        /// Bytes a WebDriver server's answer may have, compressed and inflated (`--max-answer-size`).
        public var answerLimit: Int

        public init(adbPath: String? = nil, compressed: Bool = false, timeout: Double = 30, answerLimit: Int = HTTPClient.defaultAnswerLimit) {
            self.adbPath = adbPath
            self.compressed = compressed
            self.timeout = timeout
            self.answerLimit = answerLimit
        }
    }

    /// The source an input names: `adb:` (the only device), `adb:SERIAL`, `webdriver:URL`; nil
    /// for anything else (a file or folder).
    public static func parse(input: String) -> DeviceSource? {
        if input == "adb:" { return .adb(serial: nil) }
        if input.hasPrefix("adb:") { return .adb(serial: String(input.dropFirst(4))) }
        if input.hasPrefix("webdriver:") { return .webdriver(url: String(input.dropFirst("webdriver:".count)), session: nil) }
        return nil
    }

    /// The source as messages name it: a WebDriver URL without its user information.
    public var shown: String {
        switch self {
        case .adb(let serial): "adb:" + (serial ?? "")
        case .webdriver(let url, _): "webdriver:" + WebDriverAddress(url).shown
        }
    }

    /// Connects: finds adb and the device, or the session; then `take` takes a screen each call.
    public func connect(_ options: Options) throws(DeviceError) -> DeviceConnection {
        switch self {
        case .adb(let serial):
            let adb = try Adb.locate(explicit: options.adbPath)
            return .adb(try AdbCapture.connect(executable: adb, serial: serial, timeout: options.timeout, compressed: options.compressed))
        case .webdriver(let url, let session):
            return .webdriver(try WebDriverCapture.connect(url: url, session: session, timeout: options.timeout, answerLimit: options.answerLimit))
        }
    }
}
