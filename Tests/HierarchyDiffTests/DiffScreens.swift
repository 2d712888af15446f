import HierarchyModel
import HierarchyTestSupport

/// Generated screens for the diff tests: a navigation bar with a title and two buttons, a
/// clipping list of rows (a label with text, an icon with a snapshot, a separator), and a tab bar.
/// Every view has an id ("row3-label"); `withPathIDs()` turns them into index paths, as dumps have.
enum DiffScreens {
    static let words = ["Inbox", "Drafts", "Sent", "Archive", "Spam", "Trash", "Notes", "Travel", "Receipts", "Family", "Work", "Later"]

    static func screen(seed: UInt64) -> ViewTree {
        var random = SplitMix(seed: seed)
        let rows = 6 + Int(random.next() % 6)
        var tree = ViewTree(root: node("window", "UIWindow", 0, 0, 390, 844, background: Color(red: 255, green: 255, blue: 255)))
        let header = tree.append(node("header", "UINavigationBar", 0, 0, 390, 100), to: 0)
        tree.append(node("title", "UILabel", 150, 60, 90, 20, text: "Mail"), to: header)
        tree.append(node("back", "UIButton", 8, 56, 60, 34, name: "Back"), to: header)
        tree.append(node("edit", "UIButton", 320, 56, 60, 34, name: "Edit"), to: header)
        let list = tree.append(node("list", "UITableView", 0, 100, 390, 664, clips: true), to: 0)
        for row in 0..<rows {
            let word = words[Int(random.next() % UInt64(words.count))]
            let cell = tree.append(node("row\(row)", "UITableViewCell", 0, Double(row) * 44, 390, 44), to: list)
            tree.append(node("row\(row)-label", "UILabel", 16, 12, 200, 20, text: "\(word) \(row)"), to: cell)
            tree.append(node("row\(row)-icon", "UIImageView", 350, 12, 20, 20, snapshot: "icon.png"), to: cell)
            tree.append(node("row\(row)-separator", "UIView", 16, 43.5, 374, 0.5, background: Color(red: 200, green: 200, blue: 204)), to: cell)
        }
        let footer = tree.append(node("footer", "UITabBar", 0, 764, 390, 80), to: 0)
        for tab in 0..<4 {
            let button = tree.append(node("tab\(tab)", "UITabBarButton", Double(tab) * 97.5, 0, 97.5, 49, name: "Tab \(tab)"), to: footer)
            tree.append(node("tab\(tab)-icon", "UIImageView", 35, 5, 28, 26), to: button)
        }
        return tree
    }

    static func node(_ id: String, _ className: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                     name: String? = nil, text: String? = nil, clips: Bool = false, background: Color? = nil,
                     snapshot: String? = nil) -> ViewNode {
        ViewNode(id: id, className: className, name: name, text: text, frame: Rect(x: x, y: y, width: w, height: h),
                 clipsToBounds: clips, backgroundColor: background, snapshot: snapshot)
    }
}

extension ViewTree {
    /// The index of the view with `id`; fails the test run when there is none.
    func at(_ id: String) -> Int {
        guard let index = index(ofID: id) else { preconditionFailure("no view \(id)") }
        return index
    }

    /// The same tree with every id replaced by its index path, as a dump without ids has.
    func withPathIDs() -> ViewTree { rebuilt(children: { self[$0].children }, pathIDs: true) }

    /// The tree without the subtree at `index`.
    func removing(_ index: Int) -> ViewTree {
        rebuilt(children: { self[$0].children.filter { $0 != index } })
    }

    /// The tree with the subtree at `index` moved under `parent`, at `position` among its subviews.
    func moving(_ index: Int, to parent: Int, at position: Int) -> ViewTree {
        rebuilt(children: { i in
            var children = self[i].children.filter { $0 != index }
            if i == parent { children.insert(index, at: min(position, children.count)) }
            return children
        })
    }

    /// The tree with `node` (and nothing under it) added under `parent` at `position`.
    func inserting(_ node: ViewNode, under parent: Int, at position: Int) -> ViewTree {
        var tree = self
        let added = tree.append(node, to: parent)
        return tree.moving(added, to: parent, at: position)
    }

    /// A copy whose subviews are `children(i)` for each node i, built in painter's order.
    private func rebuilt(children: (Int) -> [Int], pathIDs: Bool = false) -> ViewTree {
        func copy(_ i: Int) -> ViewNode {
            var node = self[i]
            if pathIDs { node.id = "" }
            return node
        }
        var tree = ViewTree(root: copy(0), screenScale: screenScale)
        var pending = children(0).reversed().map { ($0, 0) }
        while let (old, parent) = pending.popLast() {
            let new = tree.append(copy(old), to: parent)
            pending += children(old).reversed().map { ($0, new) }
        }
        return tree
    }
}
