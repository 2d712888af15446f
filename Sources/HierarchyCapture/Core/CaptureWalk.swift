import HierarchyModel

/// Reads a view tree into `CapturedView` records in painter's order (pre-order, subviews back to
/// front) with an explicit stack, so that any depth works. Views are told apart by object
/// identity: a view met a second time (a cycle, or one view in two places) is walked and written
/// once, at any depth, also below the level limit where views are walked but not written.
@MainActor
struct CaptureWalk<View: CapturableView> {
    /// The records, in pre-order; `views[0]` is the root.
    var views: [CapturedView] = []
    /// The accessibility identifier of each record (nil when none).
    var identifiers: [String?] = []
    /// The live view of each record; nil for a synthesized screen root.
    var live: [View?] = []
    /// Whether each record's own y grows upward (its subviews' geometry is mirrored).
    private var growsUp: [Bool] = []
    /// Record index of each live view, by identity.
    var indexByIdentity: [ObjectIdentifier: Int] = [:]
    /// Views not written because they lie deeper than `maxLevel`, counted by their deepest
    /// written ancestor's index.
    var omittedBelow: [Int: Int] = [:]
    /// The views walked below the level limit (not written), by identity.
    private var walkedBelow: Set<ObjectIdentifier> = []
    /// Whether each record is redacted (by the options, or under a secure text view): its pixels
    /// are a plain grey and its text is not read.
    var redacted: [Bool] = []
    /// How each record is drawn.
    var methods: [RenderServerContent.Method] = []
    /// The app's predicates.
    private var exclude: (@MainActor @Sendable (CaptureCandidate) -> Bool)?
    private var redact: (@MainActor @Sendable (CaptureCandidate) -> Bool)?

    private struct Pending {
        var view: View
        var parent: Int
        var level: Int
    }

    /// A walk that asks `options`' predicates of every view.
    private init(options: HierarchyCapture.Options) {
        exclude = options.exclude
        redact = options.redact
    }

    /// Reads the tree under `root`; views deeper than `maxLevel` levels below it are counted, not
    /// written. The root itself is never excluded (a capture of nothing is not one).
    static func walk(root: View, options: HierarchyCapture.Options) -> CaptureWalk {
        var walk = CaptureWalk(options: options)
        walk.record(root, parent: nil, level: 0)
        walk.descend(from: 0, maxLevel: options.maxLevel)
        walk.keepSecureTextOffScreenPictures()
        return walk
    }

    /// A screen root of `screen` size and class `className` with `windows` under it, back to
    /// front by window level (windows of one level keep the order given). With `growsUp` the
    /// windows' positions are in upward screen coordinates (AppKit's) and are turned down.
    static func walk(screen: Rect, className: String, windows: [View], growsUp: Bool = false, options: HierarchyCapture.Options) -> CaptureWalk {
        let maxLevel = options.maxLevel
        var walk = CaptureWalk(options: options)
        walk.views.append(CapturedView(
            id: "", className: className, tag: 0, frame: screen, bounds: screen, transform: .identity,
            anchorPoint: .centre, clipsToBounds: false, alpha: 1, isHidden: false, notes: [],
            parent: nil, children: [], position: 0))
        walk.live.append(nil)
        walk.identifiers.append(nil)
        walk.growsUp.append(growsUp)
        walk.redacted.append(false)
        walk.methods.append(.alone)
        let ordered = windows.enumerated().sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
        walk.descend(ordered.map { Pending(view: $0.element, parent: 0, level: 1) }, maxLevel: maxLevel)
        walk.keepSecureTextOffScreenPictures()
        return walk
    }

    private mutating func descend(from index: Int, maxLevel: Int) {
        guard let view = live[index], methods[index] != .screenLeaf else { return }
        descend(view.subviews.map { Pending(view: $0, parent: index, level: 1) }, maxLevel: maxLevel)
    }

    /// Walks `first` (siblings, back to front) and everything under them.
    private mutating func descend(_ first: [Pending], maxLevel: Int) {
        var stack = Array(first.reversed())
        while let next = stack.popLast() {
            let identity = next.view.captureIdentity
            // Below the limit too: a cycle there would otherwise be walked round for ever.
            guard indexByIdentity[identity] == nil && !walkedBelow.contains(identity) else {
                views[next.parent].notes.append(next.level <= maxLevel
                    ? "a subview of class \(next.view.className) appears a second time here (the same object); written once"
                    : "a view of class \(next.view.className) below this one appears a second time (the same object); walked once")
                continue
            }
            guard next.level <= maxLevel else {
                walkedBelow.insert(identity)
                omittedBelow[next.parent, default: 0] += 1
                stack += next.view.subviews.map { Pending(view: $0, parent: next.parent, level: next.level + 1) }
                continue
            }
            if let exclude, exclude(candidate(next.view)) {
                excludedBelow[next.parent, default: 0] += 1
                continue
            }
            let index = record(next.view, parent: next.parent, level: next.level)
            guard methods[index] != .screenLeaf else { continue }
            stack += next.view.subviews.reversed().map { Pending(view: $0, parent: index, level: next.level + 1) }
        }
    }

    /// The screen's picture of a view holds its subviews: an ancestor of a secure text view that
    /// would be drawn from the screen (a visual effect view's backdrop) is drawn alone instead,
    /// its backdrop left out (noted), so that the field's characters stay out of every picture.
    private mutating func keepSecureTextOffScreenPictures() {
        for index in views.indices where live[index]?.isSecureTextEntry == true {
            var ancestor = views[index].parent
            while let a = ancestor {
                if methods[a] != .alone {
                    methods[a] = .alone
                    views[a].notes.removeAll { $0.hasPrefix("drawn from the screen") }
                    views[a].notes.append("drawn alone, not from the screen: the screen's picture would show the secure text below it")
                }
                ancestor = views[a].parent
            }
        }
    }

    /// Subviews left out by the `exclude` predicate, counted by their parent's index.
    var excludedBelow: [Int: Int] = [:]

    /// What the predicates see of `view`.
    private func candidate(_ view: View) -> CaptureCandidate {
        CaptureCandidate(
            identity: view.captureIdentity, className: view.className, classChain: view.classChain,
            accessibilityIdentifier: nonEmpty(view.accessibilityIdentifier), tag: view.tag, viewController: view.viewController)
    }

    /// Reads one view's properties into a record under `parent` and returns its index.
    @discardableResult
    private mutating func record(_ view: View, parent: Int?, level: Int) -> Int {
        let index = views.count
        // Redacted: asked by the app, below a redacted view, or secure text itself: a secure
        // field's layer and subviews draw its characters (iOS shows the last one typed for a
        // moment), so neither is drawn; its text is written as its length alone.
        let redactedByOthers = parent.map { redacted[$0] } ?? false || (redact?(candidate(view)) ?? false)
        let isRedacted = redactedByOthers || view.isSecureTextEntry
        let geometry = CaptureGeometry.resolve(
            position: view.position, bounds: view.bounds, anchorPoint: view.anchorPoint, transform: view.transform,
            superBounds: parent.map { views[$0].bounds }, flip: parent.map { growsUp[$0] } ?? false)
        var notes = geometry.notes
        let alpha = CaptureWalk.unitAlpha(view.alpha, notes: &notes)
        let method = isRedacted ? .alone : RenderServerContent.method(
            classChain: view.classChain, layerClass: view.layerClassName, sublayerClasses: view.sublayerClassNames)
        let text = CaptureWalk.writtenText(of: view, redacted: redactedByOthers)
        if isRedacted && !redactedByOthers {
            notes.append("secure text: its pixels are not captured, its text only as its length")
        } else if isRedacted {
            notes.append("redacted: its pixels and text are not captured")
        } else if method == .screenLeaf, !view.subviews.isEmpty {
            notes.append("content drawn by the render server: drawn from the screen with its \(view.subviews.count) subviews in the picture, which are not written")
        } else if method == .screenLeaf {
            // A leaf too: its picture is the screen's last frame, not its layer's drawing.
            notes.append("content drawn by the render server: drawn from the screen")
        } else if method == .screenBackdrop {
            notes.append("drawn from the screen for its backdrop: its subviews show in this picture too")
        } else if view.hasSublayersAboveSubviews {
            notes.append("sublayers in front of its subviews are drawn into this picture, behind the subviews")
        }
        views.append(CapturedView(
            id: "", className: view.className.isEmpty ? "View" : view.className,
            name: nonEmpty(view.accessibilityIdentifier) ?? (isRedacted ? nil : nonEmpty(view.accessibilityLabel)), tag: view.tag,
            frame: geometry.frame, bounds: geometry.bounds, transform: geometry.transform,
            anchorPoint: geometry.anchorPoint, clipsToBounds: view.clipsToBounds, alpha: alpha,
            isHidden: view.isHidden, backgroundColor: view.backgroundColor, text: text, viewController: view.viewController,
            notes: notes, parent: parent, children: [], position: parent.map { views[$0].children.count } ?? 0))
        redacted.append(isRedacted)
        methods.append(method)
        if let parent { views[parent].children.append(index) }
        live.append(view)
        identifiers.append(nonEmpty(view.accessibilityIdentifier))
        growsUp.append(view.coordinatesGrowUpward)
        indexByIdentity[view.captureIdentity] = index
        return index
    }

    /// The text written for `view`: none when redacted, its length as bullets for secure text
    /// (the characters are never kept), else as the view says.
    static func writtenText(of view: View, redacted: Bool) -> String? {
        guard !redacted else { return nil }
        guard let text = view.text else { return nil }
        return view.isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text
    }

    /// `alpha` clamped to [0, 1]; NaN is written as 1 (noted).
    static func unitAlpha(_ alpha: Double, notes: inout [String]) -> Double {
        guard !alpha.isNaN else {
            notes.append("alpha was nan, written as 1")
            return 1
        }
        return min(1, max(0, alpha))
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
