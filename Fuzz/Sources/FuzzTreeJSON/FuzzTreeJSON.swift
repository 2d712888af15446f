import Foundation
@_spi(Testing) import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// tree.json (view-hierarchy version 1): the reader, then the layout of what it accepts, every
/// snapshot taken to be 40×30 pixels so that texture plans are made too. The reader's single pass
/// must agree with its two passes: the same tree, or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTreeJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let twoPass = Result { () throws(InputError) in try TreeDocument.decode(bytes, file: "fuzz.json", singlePass: false) }
    let result = Result { () throws(InputError) in try TreeDocument.decode(bytes, file: "fuzz.json") }
    switch (result, twoPass) {
    case let (.success(tree), .success(other)):
        precondition(tree.screenScale == other.screenScale && tree.nodes == other.nodes, "the single pass read another tree")
    case let (.failure(error), .failure(other)):
        precondition(error.description == other.description, "the single pass failed otherwise: \(error) / \(other)")
    default:
        preconditionFailure("the single pass and the two passes disagree: \(result) / \(twoPass)")
    }
    guard case .success(let tree) = result else { return 0 }
    var sizes: [String: PixelSize] = [:]
    for node in tree.nodes { if let path = node.snapshot { sizes[path] = PixelSize(width: 40, height: 30) } }
    _ = try? Layout.compute(tree, snapshotSizes: sizes)
    return 0
}
