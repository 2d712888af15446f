import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// The importer of Chromium's `DOMSnapshot.captureSnapshot` JSON, read as that format whatever the bytes look like (one
/// input in two detected instead, which reads a whole snapshot from its bytes and anything else as a paste), then the
/// layout of the tree it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCDPSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = ImportOptions(density: size % 3 == 0 ? 2.625 : 1)
    guard let result = try? DumpImporter.read(bytes, fileName: "fuzz", format: size % 2 == 0 ? .cdpSnapshot : nil, options: options) else { return 0 }
    _ = try? Layout.compute(result.tree)
    return 0
}
