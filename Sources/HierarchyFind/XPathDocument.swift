import CXPath

/// libxml2's own copy of a screen's XML for XPath (`cxpath_document`), read from the document's
/// text the first time an XPath runs and freed with the screen.
final class XPathDocument {
    private let source: () -> String
    private var read = false
    private var held: OpaquePointer?

    init(_ source: @escaping () -> String) { self.source = source }

    /// The copy, read on first use; nil when libxml2 cannot read the text.
    var document: OpaquePointer? {
        if !read {
            read = true
            let text = source()
            held = text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) { cxpath_document_read($0.baseAddress, $0.count) }
            } ?? Array(text.utf8CString).withUnsafeBufferPointer { cxpath_document_read($0.baseAddress, $0.count - 1) }
        }
        return held
    }

    deinit { cxpath_document_free(held) }
}
