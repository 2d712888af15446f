import Foundation
import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// tree.json (view-hierarchy version 1): the reader, then the layout of what it accepts, every
/// snapshot taken to be 40×30 pixels so that texture plans are made too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTreeJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let tree = try? TreeDocument.decode(bytes, file: "fuzz.json") else { return 0 }
    var sizes: [String: PixelSize] = [:]
    for node in tree.nodes { if let path = node.snapshot { sizes[path] = PixelSize(width: 40, height: 30) } }
    _ = try? Layout.compute(tree, snapshotSizes: sizes)
    return 0
}
