import Foundation
@testable import HierarchyFormats
import XCTest

final class JSONTextNumberTests: XCTestCase {
    /// The spelling the fast paths must reproduce: integers below 10^15 without a fraction,
    /// everything else as Swift's `description`.
    private func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    private func assertSpelling(_ value: Double, file: StaticString = #filePath, line: UInt = #line) {
        var bytes: [UInt8] = []
        JSONText.append(number: value, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        var buffer = ByteBuffer(capacity: 8)
        buffer.append(number: value)
        XCTAssertEqual(Array(buffer.bytes), bytes, file: file, line: line)
        XCTAssertEqual(text, reference(value), "bits \(String(value.bitPattern, radix: 16))", file: file, line: line)
        if value.isFinite { XCTAssertEqual(Double(text), value, file: file, line: line) }
    }

    func testEdgeValues() {
        let values: [Double] = [
            0, -0.0, 0.5, -0.5, 24.5, 0.1, 0.2, 0.1 + 0.2, 1.0 / 3, -119.666667, 0.05, -0.05, 1e-4, 9.9999e-5, 1.5e-4,
            1e-5, 1e-6, 1e-7, 0.000123, 0.0001234567, 999_999_999_999_999, 1e15, 1e15 + 0.5, 1e14 + 0.5, 1.125899906842624e14,
            0x1p50 / 10 - 0.5, 0x1p50 / 1e6, 0x1p50 / 1e6 + 0.25, 123456.789012, 9.999999, 99.9999995, 0.30000000000000004,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .pi, -.pi, 2.5e-3, 844.5, 390.25,
            .nan, .infinity, -.infinity, 0x1p53, 0x1p53 + 2, -0x1p52 - 0.5,
        ]
        for value in values { assertSpelling(value) }
    }

    func testDecimalsWithFewDigitsAtEveryScale() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let digits = Int64.random(in: -10_000_000_000...10_000_000_000, using: &generator)
            let scale = Double.random(in: -12...12, using: &generator).rounded()
            assertSpelling(Double(digits) * pow(10, scale))
            assertSpelling(Double(digits) / pow(10, -scale))
        }
    }

    func testArbitraryBitPatterns() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            assertSpelling(value)
            // Near the range the fast path handles: a few decimals, rounded through a double.
            assertSpelling((value.truncatingRemainder(dividingBy: 1e9) * 1000).rounded() / 1000)
        }
    }
}
