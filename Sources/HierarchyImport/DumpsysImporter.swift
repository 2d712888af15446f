import HierarchyModel

/// Reads the `View Hierarchy:` block of `adb shell dumpsys activity top` (AOSP
/// `ViewRootImpl.dump`: the header, then `dumpViewHierarchy` printing each view's `toString()`
/// two spaces deeper than its parent; see `DumpsysViewLine` for a line). Frames are pixels
/// relative to the parent (divided by the density); `View.toString` prints no scroll offset, so
/// a scrolled `ScrollView`'s content is where its layout put it. The window's root
/// (`DecorView@hash[Title]`) has no frame: it spans its subviews from the window's corner. A dump of
/// several activities holds a block each (Android 10 and later: the top activity of every task);
/// the resumed one is read, or the one `--index` picks.
enum DumpsysImporter {
    /// One `View Hierarchy:` block: its views with their lines, the lines inside it that are no
    /// view, and the activity it belongs to (its `ACTIVITY` line) with whether that activity is
    /// resumed (its `Local Activity … State:` says `mResumed=true`).
    struct Block {
        var views: [(view: DumpsysViewLine, line: Int)] = []
        var skipped: [Int] = []
        /// View lines after the block at the root's indentation.
        var outside = UnreadLines()
        var activity: String?
        var isResumed = false
    }

    static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        let density = try options.checkedDensity()
        let source = SourceLines(bytes)
        let found = try blocks(source, fileName: fileName)
        let (block, choice) = try HierarchyChoice.pick(found, options: options, fileName: fileName, what: "dumpsys View Hierarchy blocks",
                                                       preferred: resumed(found))
        var warnings = choice + failures(source) + block.skipped.map { "line \($0): not a view line inside the View Hierarchy block; skipped" }
        if let warning = block.outside.warning { warnings.append(warning + " (view lines not indented below the window's root)") }
        var pending = PendingTree()
        var stack: [(indent: Int, index: Int)] = []
        for (view, line) in block.views {
            while let top = stack.last, top.indent >= view.indent, stack.count > 1 { stack.removeLast() }
            if let top = stack.last, top.indent >= view.indent {
                warnings.append("line \(line): not indented below the window's root; attached under it")
            }
            let hasFrame = view.bounds != nil
            pending.add(node(view, density: density), parent: stack.last?.index ?? -1, hasOrigin: hasFrame, hasSize: hasFrame)
            stack.append((view.indent, pending.count - 1))
        }
        return (pending.build(absolute: false, screenScale: density), warnings, block.views.map { SourceSpan(line: $0.line) })
    }

    /// The block on the screen when the file holds several: Android 10 and later dump the top
    /// activity of every task, the launcher's (stopped) first and the one in front (resumed) last;
    /// the last resumed block is taken. Nil when no block is said to be resumed.
    static func resumed(_ blocks: [Block]) -> (index: Int, why: String)? {
        guard blocks.count > 1, let index = blocks.lastIndex(where: \.isResumed) else { return nil }
        return (index, "the resumed activity" + (blocks[index].activity.map { " " + $0 } ?? ""))
    }

    /// Every block of the text: after each `View Hierarchy:` line, the first view line is the
    /// root and the lines indented deeper are its views. A text with no header (a block pasted
    /// alone) is one block from its first view line.
    static func blocks(_ source: SourceLines, fileName: String) throws(InputError) -> [Block] {
        var headers = (0..<source.count).filter { source[$0].trimmingSpaces == "View Hierarchy:" }.map { $0 + 1 }
        if headers.isEmpty {
            for index in 0..<source.count where try view(source, index, fileName: fileName) != nil {
                headers = [index]
                break
            }
        }
        var blocks: [Block] = []
        for start in headers {
            var index = start
            while index < source.count, source[index].trimmingSpaces.isEmpty { index += 1 }
            guard index < source.count, let root = try view(source, index, fileName: fileName) else { continue }
            var block = Block(views: [(root, source.numbers[index])])
            (block.activity, block.isResumed) = activity(before: start - 1, in: source)
            index += 1
            while index < source.count {
                let line = source[index]
                defer { index += 1 }
                if line.trimmingSpaces.isEmpty { continue }
                if line.prefix(while: { $0 == " " || $0 == "\t" }).count <= root.indent {
                    // View lines that follow at the root's indentation (a paste that lost its
                    // indentation) are told, not read as a tree they no longer say.
                    var after = index
                    while after < source.count, (try? DumpsysViewLine.parse(source[after])) != nil {
                        block.outside.add(source.numbers[after], source[after])
                        after += 1
                    }
                    break
                }
                if let view = try view(source, index, fileName: fileName) {
                    block.views.append((view, source.numbers[index]))
                } else {
                    block.skipped.append(source.numbers[index])
                }
            }
            blocks.append(block)
        }
        return blocks
    }

    /// The activity whose dump holds the `View Hierarchy:` header on line `header`: the nearest
    /// `ACTIVITY pkg/.Class hash pid=…` line above it (`ActivityRecord.dump`), and whether the
    /// first `mResumed=` after it (the activity's own state, before any fragment's) is true.
    static func activity(before header: Int, in source: SourceLines) -> (name: String?, isResumed: Bool) {
        var index = header - 1
        while index >= 0 {
            let line = source[index].trimmingSpaces
            if line == "View Hierarchy:" || line.hasPrefix("TASK ") { return (nil, false) }
            if line.hasPrefix("ACTIVITY ") { break }
            index -= 1
        }
        guard index >= 0 else { return (nil, false) }
        let name = source[index].trimmingSpaces.split(separator: " ").dropFirst().first.map(String.init)
        let state = (index + 1..<header).lazy.map { source[$0] }.first { $0.contains("mResumed=") }
        return (name, state?.contains("mResumed=true") ?? false)
    }

    /// An activity the app could not dump in time prints `Failure while dumping the activity:
    /// java.io.IOException: Timeout` instead of its state and views (`ActivityThread.dumpActivity`
    /// answers over a pipe): said, since the block read may then be another activity's.
    static func failures(_ source: SourceLines) -> [String] {
        // One pass, the last `ACTIVITY` line remembered: a file of nothing but failures stays linear.
        var activity: Substring?
        var said: [String] = []
        for index in 0..<source.count {
            let line = source[index].trimmingSpaces
            if line.hasPrefix("TASK ") { activity = nil }
            if line.hasPrefix("ACTIVITY ") { activity = line.split(separator: " ").dropFirst().first }
            guard line.hasPrefix("Failure while dumping the activity") else { continue }
            let name = activity.map { " of \($0)" } ?? ""
            said.append("line \(source.numbers[index]): the dump\(name) failed (\(line)): its views are not in the file")
        }
        return said
    }

    /// The view on line `index`, nil when it is none; a line that starts like a view and breaks
    /// the grammar is an error naming the line.
    private static func view(_ source: SourceLines, _ index: Int, fileName: String) throws(InputError) -> DumpsysViewLine? {
        do {
            return try DumpsysViewLine.parse(source[index])
        } catch {
            throw InputError(file: fileName, location: "line \(source.numbers[index])", error.message)
        }
    }

    /// The flags of `toString`, by their place, under uiautomator's attribute names.
    private static let viewFlagNames: [(offset: Int, name: String)] = [(1, "focusable"), (2, "enabled"), (6, "clickable"), (7, "long-clickable")]
    private static let privateFlagNames: [(offset: Int, name: String)] = [(1, "focused"), (2, "selected")]

    static func node(_ view: DumpsysViewLine, density: Double) -> ViewNode {
        let frame = view.bounds.map {
            Rect(x: Double($0.left) / density, y: Double($0.top) / density,
                 width: Double($0.right - $0.left) / density, height: Double($0.bottom - $0.top) / density)
        } ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var node = ViewNode(className: view.className, frame: frame)
        if let flags = view.viewFlags.map(Array.init) {
            for (offset, name) in viewFlagNames where offset < flags.count { node.attributes[name] = flags[offset] == "." ? "false" : "true" }
            if flags.count > 8 { node.keepExtra("context-clickable", .bool(flags[8] != ".")) }
            // INVISIBLE and GONE hide the view; '.' (a mask value View never sets) is left shown.
            let visibility = ["V": "visible", "I": "invisible", "G": "gone"][flags[0]] ?? "unknown"
            node.keepExtra("visibility", .string(visibility))
            node.isHidden = visibility == "invisible" || visibility == "gone"
            node.keepExtra("view-flags", .string(String(flags)))
        }
        if let flags = view.privateFlags.map(Array.init) {
            for (offset, name) in privateFlagNames where offset < flags.count { node.attributes[name] = flags[offset] == "." ? "false" : "true" }
            node.keepExtra("private-flags", .string(String(flags)))
        }
        if let resource = view.resourceName { node.attributes["resource-id"] = resource }
        if let number = view.idNumber { node.keepExtra("resource-number", .string("#" + number)) }
        if let hash = view.hash { node.keepExtra("hash", .string(hash)) }
        if let aid = view.autofillID { node.keepExtra("autofill-id", .string(aid)) }
        if let title = view.title { node.keepExtra("window-title", .string(title)) }
        if let suffix = view.suffix { node.keepExtra("to-string-suffix", .string(suffix)) }
        node.name = view.resourceName ?? view.title
        return node
    }
}
