import FuzzSupport
import HierarchyFind

nonisolated(unsafe) private let ios = FuzzScreen(FuzzScreen.ios, kind: .appium)
nonisolated(unsafe) private let android = FuzzScreen(FuzzScreen.android, kind: .uiautomator)

/// A predicate, a class chain, a UiSelector or a test framework's matcher parsed and run as
/// `hierarchy find` does: the first byte says which (`p`, `c`, `u`, `m`, any other byte by its
/// value), the rest is the locator as UTF-8.
/// A `LocatorError` is the answer to a bad one; a crash (a stack overflow) or a time-out is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocators(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    switch data[0] {
    case UInt8(ascii: "p"): ios.find(.predicate, text)
    case UInt8(ascii: "c"): ios.find(.classChain, text)
    case UInt8(ascii: "u"): android.find(.uiautomator, text)
    case UInt8(ascii: "m"):
        android.find(.matcher, text)
        ios.find(.matcher, text)
    case let other:
        let strategy: [Locator.Strategy] = [.predicate, .classChain, .uiautomator, .matcher]
        let using = strategy[Int(other) % 4]
        (using == .uiautomator ? android : ios).find(using, text)
    }
    return 0
}
