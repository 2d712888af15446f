import FuzzSupport

nonisolated(unsafe) private let screens = [FuzzScreen(FuzzScreen.ios, kind: .appium), FuzzScreen(FuzzScreen.android, kind: .uiautomator)]

/// An XPath expression (the bytes as UTF-8) checked and run by `hierarchy find --xpath` over an
/// Appium page source and a uiautomator dump: a `LocatorError` is the answer to anything libxml2
/// cannot run; a crash (FoundationXML's SIGSEGV, a stack overflow) or a time-out is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for screen in screens { screen.find(.xpath, text) }
    return 0
}
