import Foundation
import HierarchyDevice
import HierarchyImaging
import HierarchyModel

/// What an input names, resolved in the one place inputs are loaded (`ReadingOptions.load`): a
/// file as it is; a capture folder (`hierarchy capture -o DIR`) as its tree.json with its
/// screenshot.png; `adb:[SERIAL]` and `webdriver:URL` as a screen taken now into a temporary
/// folder (`TemporaryCaptures`), removed when the command ends.
enum InputResolution {
    /// The document to read and the screenshot to cut into it (`screenshot` when given, else the folder's own).
    static func resolve(_ input: String, screenshot: String?) throws -> (file: String, screenshot: String?) {
        if let source = DeviceSource.parse(input: input) {
            let live = try TemporaryCaptures.shared.take(source)
            for note in live.notes { Console.warn(DeviceError.printable("\(source.shown): \(note)")) }
            return (live.tree, screenshot ?? live.screenshot)
        }
        if let contents = CaptureFolder.contents(of: input) {
            return (contents.tree, screenshot ?? contents.screenshot)
        }
        return (input, screenshot)
    }
}
