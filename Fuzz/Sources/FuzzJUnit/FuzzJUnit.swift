import HierarchyFind

/// The reader of a run's JUnit report (`hierarchy report --junit-in`), then the locator each
/// failure names and the screens it saved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJUnit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tests = try? FailedTest.read(junit: bytes, file: "fuzz") else { return 0 }
    for test in tests {
        _ = test.locator
        _ = test.saved("LoginTest/testSignIn")
    }
    return 0
}
