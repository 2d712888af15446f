import Foundation

/// What `adb shell uiautomator dump [--compressed] FILE` prints (`DumpCommand.java` in
/// platform_frameworks_uiautomator): `UI hierchary dumped to: FILE` (sic) when the file was
/// written; otherwise a line such as `ERROR: could not get idle state.` (a screen that animates),
/// `ERROR: null root node returned by UiTestAutomationBridge.`, and the exit status 0 either way.
public enum UIAutomatorDumpAnswer {
    /// nil when the dump was written to `file`; else why not, in the tool's words.
    public static func failure(_ output: String, file: String) -> String? {
        for line in output.split(whereSeparator: \.isNewline) where line.contains("UI hierchary dumped to:") || line.contains("UI hierarchy dumped to:") {
            if line.trimmingCharacters(in: .whitespaces).hasSuffix(file) { return nil }
        }
        let said = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return said.first { $0.hasPrefix("ERROR") || $0.contains("Exception") } ?? said.last ?? "it printed nothing"
    }
}
