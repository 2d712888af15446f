import Foundation
import HierarchyFormats
import HierarchyModel

/// The W3C WebDriver answer (`{"value": …}`, and Appium 1's `{"status": 0, "value": …}`) read
/// into its value, or the server's error (`{"value": {"error": "no such driver", "message": …}}`)
/// as one line.
public enum WebDriverReply {
    /// The `value` of a reply to `request` (for messages) with HTTP status `status`.
    public static func value(_ body: [UInt8], status: Int, request: String) throws(DeviceError) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONValue.parse(Data(body), file: request)
        } catch {
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            throw DeviceError("webdriver: \(request): HTTP \(status), not a WebDriver answer: \(text.isEmpty ? "(empty)" : text)")
        }
        guard case .object(let top) = json else { throw DeviceError("webdriver: \(request): HTTP \(status), expected a JSON object") }
        let value = top["value"] ?? .null
        if case .object(let fields) = value, case .string(let error)? = fields["error"] {
            let message = fields["message"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
            // Chromedriver's messages begin with the error's name already ("timeout: Timed out…"): said once.
            let said = message.isEmpty ? error : message.hasPrefix(error + ":") ? message : error + ": " + message
            throw DeviceError("webdriver: \(request): \(said) (HTTP \(status))")
        }
        // Appium 1 (JSONWP): a status other than 0 is an error whose value holds the message.
        if case .number(let code)? = top["status"], code != 0 {
            let message = value.objectValue?["message"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? "status \(Int(code))"
            throw DeviceError("webdriver: \(request): \(message) (HTTP \(status))")
        }
        guard (200..<300).contains(status) else { throw DeviceError("webdriver: \(request): HTTP \(status)") }
        return value
    }

    /// The error a reply holds, short (`unknown command (HTTP 404)`), for a route the server may
    /// lack; nil when it is a success.
    public static func refusal(_ body: [UInt8], status: Int) -> String? {
        let fields = (try? JSONValue.parse(Data(body), file: "reply"))?.objectValue
        if case .string(let error)? = fields?["value"]?.objectValue?["error"] { return "\(error) (HTTP \(status))" }
        if case .number(let code)? = fields?["status"], code != 0 { return "status \(Int(code)) (HTTP \(status))" }
        return (200..<300).contains(status) ? nil : "HTTP \(status)"
    }

    /// The value as a string (a page source, a base64 screenshot).
    public static func string(_ value: JSONValue, request: String) throws(DeviceError) -> String {
        guard case .string(let text) = value else { throw DeviceError("webdriver: \(request): expected a string value, got \(value.typeName)") }
        return text
    }

    /// A base64 screenshot decoded, checked to be a PNG.
    public static func png(_ value: JSONValue, request: String) throws(DeviceError) -> [UInt8] {
        let text = try string(value, request: request)
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw DeviceError("webdriver: \(request): the screenshot is not base64")
        }
        let bytes = Array(data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw DeviceError("webdriver: \(request): the screenshot is not a PNG") }
        return bytes
    }
}

extension JSONValue {
    var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { fields } else { nil }
    }
}
