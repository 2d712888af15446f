import Foundation
import HierarchyTestSupport
import XCTest

/// The README's prerequisites name what Package.swift needs, for Debian and for Homebrew.
final class PrerequisitesTests: XCTestCase {
    /// Each system library's providers (`.apt([...])`, `.brew([...])`) in Package.swift.
    private func providers(_ manager: String) throws -> [String] {
        let package = try String(contentsOf: TestPaths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\\.\(manager)\\(\\[([^\\]]*)\\]\\)")
        let range = NSRange(package.startIndex..., in: package)
        return pattern.matches(in: package, range: range).flatMap { match in
            package[Range(match.range(at: 1), in: package)!].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
            }
        }
    }

    /// The words of the README's `brew install …` or `apt-get install …` commands.
    private func installed(by command: String) throws -> Set<String> {
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        var words = Set<String>()
        for part in readme.components(separatedBy: command).dropFirst() {
            let line = part.prefix { $0 != "`" }
            words.formUnion(line.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        return words
    }

    func testHomebrewInstallsEverySystemLibrary() throws {
        let needed = try providers("brew")
        XCTAssertEqual(Set(needed), ["libpng", "freetype", "harfbuzz", "fontconfig", "libxml2"])
        let brew = try installed(by: "brew install ")
        for formula in needed + ["pkg-config"] { XCTAssertTrue(brew.contains(formula), "README's brew install lacks \(formula)") }
    }

    func testDebianInstallsEverySystemLibrary() throws {
        let needed = try providers("apt")
        XCTAssertFalse(needed.isEmpty)
        let apt = try installed(by: "apt-get install ")
        for package in needed + ["pkg-config"] { XCTAssertTrue(apt.contains(package), "README's apt-get install lacks \(package)") }
    }

    /// `scripts/install-prerequisites.sh` installs the same Debian packages as the README says, and
    /// `.ci/run` and the README's prerequisites use that one command.
    func testTheInstallScriptInstallsThemForCIAndTheReadme() throws {
        let script = try String(contentsOf: TestPaths.repository.appendingPathComponent("scripts/install-prerequisites.sh"), encoding: .utf8)
        let apt = try installed(by: "apt-get install ")
        for package in try providers("apt") + apt.filter({ !$0.hasPrefix("-") }) {
            XCTAssertTrue(script.contains(package), "scripts/install-prerequisites.sh does not install \(package)")
        }
        // The tests' Python: a venv over Debian's Python, whatever python3 comes first in PATH.
        XCTAssertTrue(script.contains("/usr/bin/python3 -m venv --system-site-packages"), "the venv is made from Debian's Python")
        for pin in ["selenium==4.27.1", "trimesh==", "pygltflib=="] { XCTAssertTrue(script.contains(pin), "the venv lacks \(pin)") }
        let run = try String(contentsOf: TestPaths.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
        XCTAssertTrue(run.split(separator: "\n").contains { $0.hasPrefix("scripts/install-prerequisites.sh") }, ".ci/run does not run the script")
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("scripts/install-prerequisites.sh"), "README's prerequisites do not name the script")
    }
}
