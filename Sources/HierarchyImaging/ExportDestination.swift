import Foundation
import HierarchyModel

// Beside OutputRule: the rule every output follows, for the outputs of several files (an export,
// a report's page with its data, the diff's page), all through FileSystem.

/// Where an export goes: the file the user named and the entries the export puts beside it (a
/// `.bin`, a `textures` folder). Everything is written into a staging folder beside the target
/// and moved into place at the end, the named file last, so that a failure never leaves half an
/// export behind, and an existing output is replaced only when `replace` is set.
public struct ExportDestination: Sendable {
    /// The file the user named.
    public let path: String
    /// Names of the other entries, in the same folder, in the order they are moved into place.
    public let companions: [String]
    public let replace: Bool

    public init(path: String, companions: [String] = [], replace: Bool = false) {
        self.path = path
        self.companions = companions
        self.replace = replace
    }

    /// The folder the entries go into ("." for a bare name).
    public var folder: String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The file name of `path`.
    public var name: String { (path as NSString).lastPathComponent }

    /// Every entry's path, companions first, the named file last.
    public var entries: [String] { (companions + [name]).map { folder + "/" + $0 } }

    /// Throws when an entry may not be written (`OutputRule`): the named path is a folder, an
    /// entry is one of the `inputs` or a folder holding one, or exists and `replace` is not set.
    public func check(protecting inputs: [String]) throws(InputError) {
        let rule = OutputRule(replace: replace, inputs: inputs)
        // Staged and moved into place: a FIFO or a device would be replaced, not written.
        try rule.checkNotStream(path, because: "this output of several files is written to a regular file or folder")
        try rule.check(path)
        for entry in entries.dropLast() { try rule.checkEntry(entry) }
    }

    /// Creates the folder (and its missing parents) and a staging folder in it, runs `body` with
    /// the staging folder's path, and moves the entries it wrote into place. On any error the
    /// staging folder is removed, and the folders this call made, and the target is left as it was.
    public func write(_ body: (StagingFolder) throws(InputError) -> Void) throws(InputError) {
        let made = firstMissingFolder()
        do throws(InputError) {
            do throws(InputError) { try FileSystem.createFolder(folder) } catch { throw error.inFile(path) }
            let staging = try StagingFolder(in: folder, for: name, target: path)
            defer { staging.remove() }
            try body(staging)
            try commit(staging)
        } catch {
            if let made { FileSystem.removeTree(made) }
            throw error
        }
    }

    /// The outermost folder of `folder`'s path that does not exist yet (nil: it exists): what
    /// `write` creates, and removes again when it fails.
    private func firstMissingFolder() -> String? {
        var missing: String?
        var current = folder
        while !FileSystem.exists(current) {
            missing = current
            let parent = (current as NSString).deletingLastPathComponent
            if parent.isEmpty || parent == current { break }
            current = parent
        }
        return missing
    }

    /// Moves each staged entry into place, the named file last. An existing entry is first moved
    /// into the staging folder (removed with it); if a move fails, the ones made are undone.
    private func commit(_ staging: StagingFolder) throws(InputError) {
        var done: [(target: String, staged: String, old: String?)] = []
        for entryName in companions + [name] {
            let staged = staging.path(entryName), target = folder + "/" + entryName
            guard FileSystem.exists(staged) else { continue }
            do throws(InputError) {
                let old = try moveAside(target, into: staging, as: entryName)
                try FileSystem.move(staged, to: target)
                done.append((target, staged, old))
            } catch {
                for step in done.reversed() { undo(step) }
                throw error
            }
        }
    }

    /// Moves an existing `target` out of the way (refusing unless `replace`), returning where it went.
    private func moveAside(_ target: String, into staging: StagingFolder, as entryName: String) throws(InputError) -> String? {
        guard FileSystem.exists(target) else { return nil }
        guard replace else { throw OutputRule.exists(target) }
        let old = staging.path(".old-" + entryName)
        try FileSystem.move(target, to: old)
        return old
    }

    /// Puts a moved entry back where it came from and the old one in its place.
    private func undo(_ step: (target: String, staged: String, old: String?)) {
        try? FileSystem.move(step.target, to: step.staged)
        if let old = step.old { try? FileSystem.move(old, to: step.target) }
    }
}

/// A hidden folder beside the target that an export is written into before it is moved into place.
public struct StagingFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// A new staging folder `.<name>.<random>.export` in `folder`; errors name `target`.
    init(in folder: String, for name: String, target: String) throws(InputError) {
        do throws(InputError) {
            path = try FileSystem.createTemporaryFolder(in: folder, for: name, suffix: "export")
        } catch {
            throw error.inFile(target)
        }
    }

    /// The path of `relative` inside the staging folder.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` to `relative`, creating its folders.
    public func write(_ bytes: [UInt8], to relative: String) throws(InputError) {
        try FileSystem.write(bytes, to: path(relative), atomically: false)
    }

    func remove() { FileSystem.removeTree(path) }
}
