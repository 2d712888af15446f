import XCTest

/// Whether the browser tests can run: the tests' Python with Selenium, Chromium and chromedriver.
public enum Chromium {
    /// What the browser tests lack, or nil when the tests' Python, Selenium, Chromium and
    /// chromedriver are all there.
    public static func missing() -> String? {
        let probe = """
            import shutil, sys
            try:
                import selenium
            except ImportError:
                sys.exit(3)
            if not any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")): sys.exit(4)
            if not any(shutil.which(n) for n in ("chromedriver", "chromium.chromedriver")): sys.exit(5)
            """
        guard let result = try? ExternalProcess.run(ExternalProcess.python, ["-c", probe]) else { return "python3 cannot be run" }
        switch result.status {
        case 0: return nil
        case 3: return "Selenium is not installed for \(ExternalProcess.python)"
        case 4: return "Chromium is not installed"
        case 5: return "chromedriver is not installed"
        default: return "python3 is missing or failed (\(result.status)): \(result.output)"
        }
    }

    /// Skips the test when something is missing, saying what; under CI (where everything must
    /// run) that is a failure.
    public static func require() throws {
        guard let missing = missing() else { return }
        let reason = "\(missing): install Debian's chromium and chromium-driver and `pip install selenium` (.ci/run does)"
        if TestPaths.isCI { XCTFail("CI must run the browser tests, but \(reason)") }
        throw XCTSkip(reason)
    }
}
