import HierarchyModel

/// Reads `recursiveDescription` text: one view a line, nested by the `|` markers before it.
struct RecursiveDescriptionImporter {
    let fileName: String
    private var tree: ViewTree?
    /// The open ancestors: depth, node index, line number; the innermost last.
    private var stack: [(depth: Int, node: Int, line: Int)] = []
    /// The line each node came from, indexed like the tree's nodes.
    private var lineOfNode: [Int] = []
    private(set) var warnings: [String] = []
    /// Lines of views whose transform could not be undone: told once, with the count.
    private var unsolvedTransforms: [Int] = []

    init(fileName: String) { self.fileName = fileName }

    /// The tree of the text in `bytes`, and the warnings.
    static func read(_ bytes: [UInt8], fileName: String) throws(InputError) -> (ViewTree, [String], [SourceSpan]) {
        var importer = RecursiveDescriptionImporter(fileName: fileName)
        let lines = ByteText(bytes).lines
        for (offset, line) in lines.enumerated() {
            try importer.consume(line, number: offset + 1)
        }
        let (tree, warnings, numbers) = try importer.finish(lastLine: lines.count)
        // A view a line.
        return (tree, warnings, numbers.map { SourceSpan(line: $0) })
    }

    private mutating func consume(_ line: ArraySlice<UInt8>, number: Int) throws(InputError) {
        let parsed: DescriptionLine
        do throws(InputError) {
            parsed = try DescriptionLine.parse(line)
        } catch {
            throw located(error, number)
        }
        switch parsed {
        case .blank: break
        case .skipped(let reason): warn(number, "skipped '\(ByteText.excerpt(line))' (\(reason))")
        case .view(let view): try add(view, number: number)
        }
    }

    private mutating func add(_ view: ViewDescription, number: Int) throws(InputError) {
        let made: (node: ViewNode, notes: [String])
        do throws(InputError) {
            made = try view.makeNode()
        } catch {
            throw located(error, number)
        }
        for note in made.notes {
            if note == ViewDescription.unsolvedTransformNote {
                unsolvedTransforms.append(number)
            } else {
                warn(number, note)
            }
        }
        guard tree != nil else {
            tree = ViewTree(root: made.node)
            stack = [(view.depth, 0, number)]
            lineOfNode = [number]
            return
        }
        let parent = parent(forDepth: view.depth, number: number)
        // Appended in place: a copy of the tree here would make reading quadratic.
        let index = tree!.append(made.node, to: parent)
        lineOfNode.append(number)
        stack.append((view.depth, index, number))
    }

    /// The innermost open view shallower than `depth`; the root (with a warning) when none is.
    private mutating func parent(forDepth depth: Int, number: Int) -> Int {
        while let last = stack.last, last.depth >= depth, stack.count > 1 { stack.removeLast() }
        guard let top = stack.last else { return 0 }
        if top.depth >= depth {
            warn(number, "a second top-level view; attached under the view on line \(top.line)")
        } else if depth > top.depth + 1 {
            warn(number, "depth \(depth) follows depth \(top.depth); attached under the view on line \(top.line)")
        }
        return top.node
    }

    private mutating func finish(lastLine: Int) throws(InputError) -> (ViewTree, [String], [Int]) {
        guard var tree else {
            throw InputError(file: fileName, location: "line \(max(lastLine, 1))", "no view description found")
        }
        if let first = unsolvedTransforms.first {
            let others = unsolvedTransforms.count - 1
            warn(first, ViewDescription.unsolvedTransformNote + (others > 0 ? " (and \(others) more views like it)" : ""))
        }
        for rename in UniqueIDs.enforce(in: &tree) {
            warn(lineOfNode[rename.index], "address \(rename.old) repeats; the view's id is \(rename.new)")
        }
        return (tree, warnings, lineOfNode)
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append("line \(line): \(message)")
    }

    private func located(_ error: InputError, _ line: Int) -> InputError {
        InputError(file: fileName, location: "line \(line)", error.message)
    }
}
