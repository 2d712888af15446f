import Foundation
import HierarchyImaging
import HierarchyModel

/// Turns a report folder `ReportWriter` wrote into the single page: the same head with the
/// single page's policy, the screen blocks, then each data file as the block it holds, the tail.
enum ReportAssembly {
    /// Writes the page of the folder `root` (its `index.html`, head `headSize` bytes, and the data
    /// files of the block ids `data`, in order) at `path`.
    static func page(of root: String, headSize: Int, data: [String], title: String, to path: String) throws(InputError) {
        let index = try FileSystem.read(root + "/index.html", limit: .document)
        let tail = ReportPage.tail.utf8.count
        guard index.count >= headSize + tail else { throw InputError(file: root + "/index.html", "is cut short") }
        try FileSystem.write(to: path) { (file) throws(InputError) in
            try put(Array(ReportPage.head(title: title).utf8), file)
            try put(Array(index[headSize..<(index.count - tail)]), file)
            for id in data {
                let text = String(decoding: try FileSystem.read(dataPath(root, id), limit: .document), as: UTF8.self)
                guard let json = ReportPage.json(ofDataFile: text[...], id: id) else { throw InputError(file: dataPath(root, id), "is not the data file written") }
                try put(Array(ReportPage.block(id: id, json: String(json)).utf8), file)
            }
            try put(Array(ReportPage.tail.utf8), file)
        }
    }

    /// Whether `folder` is a report's folder (its `index.html` a report's page), which a new report may replace.
    static func isReportFolder(_ folder: String) -> Bool {
        guard let file = try? FileSystem.openForReading(folder + "/index.html") else { return false }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = fread(&head, 1, head.count, file)
        return String(decoding: head[..<count], as: UTF8.self).contains(ReportPage.generator)
    }

    static func dataPath(_ root: String, _ id: String) -> String { root + "/" + ReportPage.dataFolder + id + ".js" }

    private static func put(_ bytes: [UInt8], _ file: UnsafeMutablePointer<FILE>) throws(InputError) {
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count else { throw InputError("cannot write: \(FileSystem.reason(errno))") }
    }
}
