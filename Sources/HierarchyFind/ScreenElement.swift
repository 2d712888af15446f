/// One element of the XML a screen becomes: its name, its attributes, its place among the
/// elements, and the view it stands for.
public struct ScreenElement: Hashable, Sendable {
    /// The element's name (the class, as Appium names the element).
    public var name: String
    /// The attributes as the XML holds them.
    public var attributes: [String: String]
    /// Index of the parent in `ScreenXML.elements`; nil for the document element.
    public var parent: Int?
    /// Indices of the child elements, in document order.
    public var children: [Int]
    /// The index of the view in the tree's nodes; nil for an element that stands for no view
    /// (Appium's `<AppiumAUT>` wrapper).
    public var node: Int?

    public init(name: String, attributes: [String: String], parent: Int?, children: [Int] = [], node: Int?) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
        self.children = children
        self.node = node
    }

    /// The attribute's value, nil when absent or empty.
    public subscript(key: String) -> String? {
        guard let value = attributes[key], !value.isEmpty else { return nil }
        return value
    }
}
