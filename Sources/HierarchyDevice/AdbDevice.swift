/// One line of `adb devices -l`: `emulator-5554  device product:sdk_gphone64_x86_64
/// model:sdk_gphone64_x86_64 device:emu64x transport_id:1` (adb's `list_transports`, the state
/// one of device, unauthorized, offline, recovery, sideload, bootloader, `no permissions (…)`).
public struct AdbDevice: Hashable, Sendable {
    public var serial: String
    /// `device` when adb can talk to it.
    public var state: String
    /// `model:`, `product:`, `device:`, `transport_id:`, `usb:`…
    public var properties: [String: String]

    public init(serial: String, state: String, properties: [String: String] = [:]) {
        self.serial = serial
        self.state = state
        self.properties = properties
    }

    public var model: String? { properties["model"] }

    /// `emulator-5554 (sdk_gphone64_x86_64)`, `R58M1 (unauthorized)`: how a list names it.
    public var summary: String {
        state == "device" ? "\(serial)\(model.map { " (\($0))" } ?? "")" : "\(serial) (\(state))"
    }

    /// The devices of `adb devices -l`'s output: lines after `List of devices attached`, leaving
    /// out the daemon's `* daemon started successfully`, `adb server version (41) doesn't match
    /// this client (39); killing...`, blank lines and lines with no state in them. A serial may hold spaces (an mDNS transport,
    /// `adb-0123456789AB-CDdefg (2)._adb-tls-connect._tcp`): it runs up to the tab of the short
    /// form, else up to the first word that is a state.
    public static func parseList(_ text: String) -> [AdbDevice] {
        var devices: [AdbDevice] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard !line.hasPrefix("*"), !line.hasPrefix("List of devices"), !line.hasPrefix("adb ") else { continue }
            // A line with no state in it is not a device (a wrapper's message, garbage).
            guard let (serial, fields) = serialAndRest(line), let first = fields.first, states.contains(first) else { continue }
            var state = fields[0]
            var rest = fields.dropFirst()
            if state == "no", rest.first == "permissions" {
                // `no permissions (missing udev rules? user is in the plugdev group); see [http://…]`
                state = "no permissions"
                rest = rest.drop { !$0.contains(":") || $0.hasPrefix("[") || $0.hasPrefix("(") }
            }
            var properties: [String: String] = [:]
            for field in rest {
                // A field without a colon (`3-1`, a device path some hosts print bare) names nothing.
                guard let colon = field.firstIndex(of: ":") else { continue }
                properties[String(field[..<colon])] = String(field[field.index(after: colon)...])
            }
            devices.append(AdbDevice(serial: serial, state: state, properties: properties))
        }
        return devices
    }

    /// The states adb prints (`to_string(ConnectionState)`), `no` starting `no permissions`.
    static let states: Set<String> = ["device", "unauthorized", "offline", "bootloader", "recovery", "rescue", "sideload",
                                      "host", "authorizing", "connecting", "unknown", "detached", "no"]

    /// The serial and the words after it (the state first, when the line holds one).
    private static func serialAndRest(_ line: Substring) -> (String, [String])? {
        let words = { (text: Substring) in text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
        if let tab = line.firstIndex(of: "\t") {
            let serial = words(line[..<tab]).joined(separator: " ")
            return serial.isEmpty ? nil : (serial, words(line[line.index(after: tab)...]))
        }
        let fields = words(line)
        guard let state = fields.indices.dropFirst().first(where: { states.contains(fields[$0]) }) else { return nil }
        return (fields[..<state].joined(separator: " "), Array(fields[state...]))
    }

    /// The device to capture: the one named by `serial`, or the only one attached. Errors say
    /// what to do: none attached, several (listed), the one named absent, unauthorized, offline.
    public static func choose(_ devices: [AdbDevice], serial: String?) throws(DeviceError) -> AdbDevice {
        let device: AdbDevice
        if let serial {
            guard let named = devices.first(where: { $0.serial == serial }) else {
                let attached = devices.isEmpty ? "none is attached" : "attached: " + devices.map(\.summary).joined(separator: ", ")
                throw DeviceError("adb: no device \(serial) (\(attached))")
            }
            device = named
        } else {
            guard let only = devices.first else { throw DeviceError("adb: no device attached ('adb devices -l' lists none): connect one or start an emulator") }
            guard devices.count == 1 else {
                throw DeviceError("adb: \(devices.count) devices attached, choose one with --serial: " + devices.map(\.summary).joined(separator: ", "))
            }
            device = only
        }
        switch device.state {
        case "device": return device
        case "unauthorized":
            throw DeviceError("adb: device \(device.serial) is unauthorized: accept the 'Allow USB debugging?' dialog on it")
        case "offline":
            throw DeviceError("adb: device \(device.serial) is offline: reconnect it, or run 'adb reconnect offline'")
        default:
            throw DeviceError("adb: device \(device.serial) is in state '\(device.state)', not 'device'")
        }
    }
}
