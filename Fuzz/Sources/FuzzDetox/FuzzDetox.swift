import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// The importer of Detox's ViewHierarchy XML, read as that format whatever the bytes look like (also a second
/// hierarchy, and in pixels), then the layout of the tree it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDetox(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = ImportOptions(density: 2.75, index: size % 3 == 0 ? 2 : nil)
    guard let result = try? DumpImporter.read(bytes, fileName: "fuzz", format: .detox, options: options) else { return 0 }
    _ = try? Layout.compute(result.tree)
    return 0
}
