import Foundation

/// Typed access to JSONSerialization's values; nil when the value is not of that type.
extension Dictionary where Key == String, Value == Any {
    public func array(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    public func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    public func int(_ key: String) -> Int? { jsonInt(self[key]) }
    public func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    public func doubles(_ key: String) -> [Double]? { (self[key] as? [NSNumber])?.map(\.doubleValue) }
    public func ints(_ key: String) -> [Int]? { (self[key] as? [Any])?.compactMap(jsonInt) }
    public func string(_ key: String) -> String? { self[key] as? String }
}

/// An integral JSON number as Int (on Linux, `is Bool` holds for every NSNumber 0 or 1, so
/// booleans are not told apart here).
public func jsonInt(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber else { return nil }
    let double = number.doubleValue
    return double == double.rounded() && abs(double) < 1e15 ? Int(double) : nil
}
