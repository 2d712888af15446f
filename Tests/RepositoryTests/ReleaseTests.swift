import Foundation
import HierarchyTestSupport
import XCTest

/// What `scripts/release.sh OUTDIR` made, checked as a user without Swift meets it: the tarball's
/// files, its binary run with an empty environment from another folder, the libraries it needs,
/// the `.deb`'s fields and files, the man pages read by groff and the completions by their shells.
///
/// The release is built once, by `.ci/run`, which passes its folder as `HIERARCHY_RELEASE_DIR`;
/// without it these tests skip (and `.ci/run` fails if they did).
final class ReleaseTests: XCTestCase {
    /// The subcommands, each of which has its own man page.
    static let subcommands = ["render", "layout", "pick", "textures", "export", "import", "diff", "audit", "report", "find", "capture", "serve", "version"]

    // XCTest runs a class's tests one after another: the folder is made by the first, removed in tearDown.
    nonisolated(unsafe) private static var unpacked: URL?

    /// The release's folder, the tarball unpacked once into a temporary folder, and the `.deb`.
    private func release() throws -> (tarball: URL, root: URL, deb: URL) {
        guard let folder = ProcessInfo.processInfo.environment["HIERARCHY_RELEASE_DIR"], !folder.isEmpty else {
            throw XCTSkip("release tests skipped: HIERARCHY_RELEASE_DIR is unset (scripts/release.sh OUTDIR makes a release; .ci/run sets it)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let tarball = try XCTUnwrap(names.first { $0.hasPrefix("hierarchy-") && $0.hasSuffix(".tar.gz") }, "no tarball in \(folder): \(names)")
        let deb = try XCTUnwrap(names.first { $0.hasPrefix("hierarchy_") && $0.hasSuffix(".deb") }, "no .deb in \(folder): \(names)")
        let tarURL = URL(fileURLWithPath: folder).appendingPathComponent(tarball)
        if Self.unpacked == nil {
            let into = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-release-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
            let (status, output) = try ExternalProcess.run("tar", ["-xzf", tarURL.path, "-C", into.path])
            XCTAssertEqual(status, 0, output)
            Self.unpacked = into.appendingPathComponent(String(tarball.dropLast(".tar.gz".count)))
        }
        return (tarURL, Self.unpacked!, URL(fileURLWithPath: folder).appendingPathComponent(deb))
    }

    override class func tearDown() {
        if let unpacked { try? FileManager.default.removeItem(at: unpacked.deletingLastPathComponent()) }
        super.tearDown()
    }

    private func binary() throws -> String { try release().root.appendingPathComponent("bin/hierarchy").path }

    /// `git rev-parse HEAD` of the repository the tests run in: the commit the release was built from.
    private func head() throws -> String {
        let (status, output) = try ExternalProcess.run("git", ["-C", TestPaths.repository.path, "rev-parse", "HEAD"])
        XCTAssertEqual(status, 0, output)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheTarballHoldsTheBinaryPagesCompletionsAndReadme() throws {
        let (tarball, _, _) = try release()
        let (status, listing) = try ExternalProcess.run("tar", ["-tzf", tarball.path])
        XCTAssertEqual(status, 0, listing)
        let top = String(tarball.lastPathComponent.dropLast(".tar.gz".count))
        XCTAssertTrue(top.hasPrefix("hierarchy-") && (top.hasSuffix("-linux-x86_64") || top.hasSuffix("-linux-aarch64")), top)
        let files = Set(listing.split(separator: "\n").map { String($0.dropFirst(top.count + 1)) })
        var expected = ["bin/hierarchy", "README.md", "share/man/man1/hierarchy.1", "share/bash-completion/completions/hierarchy",
                        "share/zsh/site-functions/_hierarchy", "share/fish/vendor_completions.d/hierarchy.fish"]
        expected += Self.subcommands.map { "share/man/man1/hierarchy.\($0).1" }
        expected.append("LICENSE")
        for file in expected { XCTAssertTrue(files.contains(file), "the tarball lacks \(file): \(files.sorted())") }
    }

    /// The tarball's binary, in an empty environment (no PATH, no HOME, no locale), from a folder of
    /// its own, draws a dump (its text needs fontconfig and the fonts) and a capture into PNGs.
    func testTheBinaryRendersWithAnEmptyEnvironmentFromAnotherFolder() throws {
        let bin = try binary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-release-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [TestPaths.sample("settings").path, TestPaths.fixture("dumps/uiautomator/written-raw-dump-settings-1080x2400.xml").path]
        for (n, input) in inputs.enumerated() {
            let (status, output) = try ExternalProcess.run("/usr/bin/env", ["-i", "-C", folder.path, bin, "render", input, "-o", "out\(n).png"])
            XCTAssertEqual(status, 0, "\(input): \(output)")
            let png = try Data(contentsOf: folder.appendingPathComponent("out\(n).png"))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(input): not a PNG")
            XCTAssertGreaterThan(png.count, 10_000, "\(input): a picture of a screen, not an empty one")
        }
    }

    /// `ldd` names no library of the Swift toolchain: the runtime is linked in.
    func testTheBinaryNeedsNoToolchainLibrary() throws {
        let (status, output) = try ExternalProcess.run("ldd", [try binary()])
        XCTAssertEqual(status, 0, output)
        let toolchain = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libXCTest", "/opt/swift", "not found"]
        for line in output.split(separator: "\n") {
            for name in toolchain { XCTAssertFalse(line.contains(name), "ldd: \(line)") }
        }
        for library in ["libpng16.so.16", "libz.so.1", "libfreetype.so.6", "libharfbuzz.so.0", "libfontconfig.so.1"] {
            XCTAssertTrue(output.contains(library), "ldd does not list \(library): \(output)")
        }
    }

    /// `--version` and `version` name the commit the release was built from.
    func testTheBinaryNamesItsVersionAndCommit() throws {
        let bin = try binary()
        let (status, line) = try ExternalProcess.run(bin, ["--version"])
        XCTAssertEqual(status, 0, line)
        XCTAssertTrue(line.hasPrefix("hierarchy 0."), line)
        XCTAssertTrue(line.contains("commit \(try head())"), "\(line) does not name HEAD")
        XCTAssertEqual(try ExternalProcess.run(bin, ["version"]).output, line)
        XCTAssertTrue(try release().tarball.lastPathComponent.contains(String(line.split(separator: " ")[1])), "the tarball's name has the version")
    }

    /// The control fields a user's `apt install ./hierarchy_….deb` reads.
    func testTheDebNamesItsLibrariesAndFonts() throws {
        let deb = try release().deb
        func field(_ name: String) throws -> String {
            let (status, output) = try ExternalProcess.run("dpkg-deb", ["-f", deb.path, name])
            XCTAssertEqual(status, 0, output)
            return output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try field("Package"), "hierarchy")
        XCTAssertEqual(try field("Architecture"), try ExternalProcess.run("dpkg", ["--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
        let version = try field("Version")
        XCTAssertEqual(deb.lastPathComponent, "hierarchy_\(version)_\(try field("Architecture")).deb")
        let (_, line) = try ExternalProcess.run(try binary(), ["--version"])
        XCTAssertEqual(version.replacingOccurrences(of: "~", with: "-"), String(line.split(separator: " ")[1]), "the package's version is the binary's")
        let depends = try field("Depends").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
        for package in ["libc6", "libpng16-16", "zlib1g", "libfreetype6", "libharfbuzz0b", "libfontconfig1",
                        "fonts-dejavu-core", "fonts-droid-fallback", "fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji"] {
            XCTAssertTrue(depends.contains(package), "Depends lacks \(package): \(depends)")
        }
        XCTAssertFalse(depends.contains { $0.contains("swift") }, "\(depends)")
        // Every library the binary names (its NEEDED entries) comes from a package it depends on.
        let (_, headers) = try ExternalProcess.run("objdump", ["-p", try binary()])
        let needed = headers.split(separator: "\n").filter { $0.contains("NEEDED") }.compactMap { $0.split(separator: " ").last.map(String.init) }
        XCTAssertTrue(needed.contains("libxml2.so.2") && needed.contains("libpng16.so.16"), "\(needed)")
        for library in needed {
            let (status, owner) = try ExternalProcess.run("dpkg", ["-S", "*/" + library])
            XCTAssertEqual(status, 0, owner)
            let packages = owner.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
            XCTAssertTrue(packages.contains { depends.contains($0) }, "\(library) comes from \(packages), which Depends does not name: \(depends)")
        }
        XCTAssertFalse(try field("Description").isEmpty)
        XCTAssertGreaterThan(Int(try field("Installed-Size")) ?? 0, 1000, "kilobytes: the binary alone is megabytes")
    }

    /// The `.deb`'s Depends hold on Debian 13 (trixie), whose 64-bit time_t transition renamed two of
    /// them (libpng16-16 and libcurl4 became …t64, as on Ubuntu 24.04): each is a package of trixie's
    /// index, or provided by one, at a version that `dpkg --compare-versions` says satisfies it.
    /// The index is trixie's (main, amd64), cut to the packages that answer (Tests/Fixtures/SOURCES.md).
    func testTheDebsDependenciesHoldOnDebianTrixie() throws {
        let deb = try release().deb
        let (_, arch) = try ExternalProcess.run("dpkg-deb", ["-f", deb.path, "Architecture"])
        guard arch.trimmingCharacters(in: .whitespacesAndNewlines) == "amd64" else { throw XCTSkip("trixie's recorded index is amd64's") }
        let (_, depends) = try ExternalProcess.run("dpkg-deb", ["-f", deb.path, "Depends"])
        let index = try String(contentsOf: TestPaths.fixture("apt/debian-trixie-amd64-Packages"), encoding: .utf8)
        // Each name a package of the index answers to, with the version it answers at (nil: unversioned).
        var answers: [String: [(package: String, version: String?)]] = [:]
        for stanza in index.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            for line in stanza.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard let name = fields["Package"], let version = fields["Version"] else { continue }
            answers[name, default: []].append((name, version))
            for provided in (fields["Provides"] ?? "").split(separator: ",") {
                let parts = provided.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                let exact = parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "(=) ")) : nil
                answers[String(parts[0]), default: []].append((name, exact))
            }
        }
        let operators = [">=": "ge", "<=": "le", ">>": "gt", "<<": "lt", "=": "eq"]
        for dependency in depends.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: ", ") {
            var held = false
            for alternative in dependency.components(separatedBy: " | ") {
                let parts = alternative.split(separator: " ", maxSplits: 1).map(String.init)
                for answer in answers[parts[0]] ?? [] {
                    guard parts.count == 2 else { held = true; break }
                    let condition = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "()")).split(separator: " ").map(String.init)
                    guard let version = answer.version, condition.count == 2, let op = operators[condition[0]] else { continue }
                    if try ExternalProcess.run("dpkg", ["--compare-versions", version, op, condition[1]]).status == 0 { held = true; break }
                }
                if held { break }
            }
            XCTAssertTrue(held, "Depends: \(dependency) is not met on Debian 13 (trixie)")
        }
    }

    /// The `.deb` puts the tarball's binary, pages and completions where Debian looks for them.
    func testTheDebHoldsTheSameFilesWhereDebianLooks() throws {
        let (_, root, deb) = try release()
        let (status, listing) = try ExternalProcess.run("dpkg-deb", ["-c", deb.path])
        XCTAssertEqual(status, 0, listing)
        var expected = ["./usr/bin/hierarchy", "./usr/share/man/man1/hierarchy.1.gz", "./usr/share/bash-completion/completions/hierarchy",
                        "./usr/share/zsh/vendor-completions/_hierarchy", "./usr/share/fish/vendor_completions.d/hierarchy.fish",
                        "./usr/share/doc/hierarchy/copyright", "./usr/share/doc/hierarchy/README.md"]
        expected += Self.subcommands.map { "./usr/share/man/man1/hierarchy.\($0).1.gz" }
        for file in expected { XCTAssertTrue(listing.contains(" " + file + "\n") || listing.hasSuffix(" " + file), "the .deb lacks \(file)") }
        XCTAssertTrue(listing.contains("-rwxr-xr-x root/root"), "the binary is root's and executable: \(listing)")
        let into = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: into) }
        XCTAssertEqual(try ExternalProcess.run("dpkg-deb", ["-x", deb.path, into.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: into.appendingPathComponent("usr/bin/hierarchy")), try Data(contentsOf: root.appendingPathComponent("bin/hierarchy")),
                       "the .deb's binary is the tarball's")
        // The licence: the repository's file in the tarball, named in Debian's machine-readable copyright file.
        let license = TestPaths.repository.appendingPathComponent("LICENSE")
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("LICENSE")), try Data(contentsOf: license))
        XCTAssertTrue(try String(contentsOf: license, encoding: .utf8).contains("Apache License\n                           Version 2.0"))
        let copyright = try String(contentsOf: into.appendingPathComponent("usr/share/doc/hierarchy/copyright"), encoding: .utf8)
        XCTAssertTrue(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"), copyright)
        XCTAssertTrue(copyright.contains("\nFiles: *\nLicense: Apache-2.0\n"), copyright)
    }

    /// groff reads every page without a warning, and the main page names every command.
    func testTheManPagesParse() throws {
        let pages = try release().root.appendingPathComponent("share/man/man1")
        let names = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
        // A page per subcommand, the main page, and swift-argument-parser's `help`.
        XCTAssertEqual(Set(names), Set(["hierarchy.1", "hierarchy.help.1"] + Self.subcommands.map { "hierarchy.\($0).1" }))
        for name in names {
            let (status, output) = try ExternalProcess.run("groff", ["-man", "-z", "-ww", pages.appendingPathComponent(name).path])
            XCTAssertEqual(status, 0, "\(name): \(output)")
            XCTAssertEqual(output, "", "\(name): groff warns")
        }
        let main = try String(contentsOf: pages.appendingPathComponent("hierarchy.1"), encoding: .utf8)
        for command in Self.subcommands { XCTAssertTrue(main.contains(command), "hierarchy.1 does not name \(command)") }
        for kind in ["recursiveDescription", "uiautomator", "XCUITest", "Espresso", "Maestro", "Sentry"] {
            XCTAssertTrue(main.contains(kind), "hierarchy.1 does not name the \(kind) dumps")
        }
    }

    /// Each completion script parses in its shell (`bash -n`, `zsh -n`, `fish -n`).
    func testTheCompletionsParse() throws {
        let share = try release().root.appendingPathComponent("share")
        let scripts = [("bash", "bash-completion/completions/hierarchy"), ("zsh", "zsh/site-functions/_hierarchy"), ("fish", "fish/vendor_completions.d/hierarchy.fish")]
        for (shell, path) in scripts {
            guard ExternalProcess.locate(shell) != nil else {
                throw XCTSkip("release tests skipped: \(shell) is not installed (scripts/install-prerequisites.sh installs it)")
            }
            let script = share.appendingPathComponent(path)
            XCTAssertTrue(try String(contentsOf: script, encoding: .utf8).contains("render"), "\(path) completes no subcommand")
            let (status, output) = try ExternalProcess.run(shell, ["-n", script.path])
            XCTAssertEqual(status, 0, "\(shell) -n \(path): \(output)")
        }
    }
}
