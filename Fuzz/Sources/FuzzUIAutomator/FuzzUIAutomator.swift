import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// The importer of an Android uiautomator XML dump, read as that format whatever the bytes look like,
/// then the layout of the tree it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUIAutomator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let result = try? DumpImporter.read(bytes, fileName: "fuzz", format: .uiautomator) else { return 0 }
    _ = try? Layout.compute(result.tree)
    return 0
}
