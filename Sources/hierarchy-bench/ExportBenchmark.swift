// `hierarchy-bench export`: the generated 2,000-view phone screen of the render benchmark, written
// as a document (tree.json and 3x snapshot PNGs, by `hierarchy-bench document`) and exported as glTF, GLB and JSON: wall time and
// output size of each, and where the time goes (load, layout, texture decode/crop/reduce and PNG
// encode on all cores, scene building and writing), best of 3 runs.
import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

enum ExportBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw InputError("usage: hierarchy-bench export") }
        let folder = NSTemporaryDirectory() + "hierarchy-bench-export-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The document benchmark's files: the render benchmark's screen as tree.json and 3x PNGs.
        try CaptureBenchmark.run([folder + "/capture"])
        let treePath = folder + "/capture/tree.json"
        let (document, loadTime) = try timed { try LoadedDocument.load(treePath) }
        let (layout, layoutTime) = try timed { try document.layout(LayoutOptions()) }
        let names = TextureFiles.names(for: layout)
        print("export: \(document.tree.count) views, \(layout.layers.count) layers, \(names.count) textures from "
              + "\(document.snapshotSizes.count) distinct 3x snapshot PNGs, \(ProcessInfo.processInfo.activeProcessorCount) cores; best of 3")
        report("load tree.json + snapshot headers", loadTime)
        report("layout", layoutTime)
        let encoded = try phases(layout, document, names)
        try formats(layout, document, encoded, into: folder)
        print("  peak resident memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// The texture and scene phases, each on its own: decode/crop/reduce, then PNG encode (both on
    /// all cores, with the CPU time they took), then building and writing the glTF and GLB in memory.
    private static func phases(_ layout: Layout, _ document: LoadedDocument, _ names: [Int: String]) throws -> [Int: EncodedTexture] {
        let jobs = names.sorted { $0.key < $1.key }
        let textures = document.textures(for: layout)
        let ((images, decodeCPU), decodeTime) = try timed {
            try parallel(jobs.count) { (i) throws(InputError) in try textures.texture(for: layout.layers[jobs[i].key])! }
        }
        let pixels = images.reduce(0) { $0 + $1.width * $1.height }
        report("texture decode/crop/reduce", decodeTime, "CPU \(format(decodeCPU)) s, \(format(Double(pixels) / 1e6)) Mpx out")
        let ((encoded, encodeCPU), encodeTime) = try timed {
            try parallel(jobs.count) { (i) throws(InputError) in try EncodedTexture(name: jobs[i].value, image: images[i]) }
        }
        let pngBytes = encoded.reduce(0) { $0 + $1.png.count }
        report("PNG encode", encodeTime, "CPU \(format(encodeCPU)) s, \(megabytes(pngBytes)) MB of PNG")
        let (_, fusedTime) = try timed { try TextureFiles.encode(layout, from: document, names: names) }
        report("both fused, as export runs them", fusedTime)
        let byLayer = Dictionary(uniqueKeysWithValues: zip(jobs.map(\.key), encoded))
        for container in GLTFExport.Container.allCases {
            let (files, time) = try timed {
                try GLTFExport.files(layout, textures: byLayer, options: ExportOptions(), container: container, name: "screen.\(container)")
            }
            let json = files.last!.bytes.count
            report("\(container) scene build + write (in memory)", time, container == .glb ? "\(megabytes(json)) MB GLB" : "\(megabytes(json)) MB of JSON")
        }
        return byLayer
    }

    /// Each format end to end through the public API, files written and moved into place.
    private static func formats(_ layout: Layout, _ document: LoadedDocument, _ encoded: [Int: EncodedTexture], into folder: String) throws {
        for format in ["gltf", "glb", "json"] {
            var run = 0
            let (_, time) = try timed { () throws in
                run += 1
                let path = folder + "/out-\(format)-\(run)/screen.\(format)"
                switch format {
                case "json": try JSONExport.write(layout, from: document, to: path, replace: false)
                default: try GLTFExport.write(layout, from: document, to: path, container: format == "glb" ? .glb : .gltf, options: ExportOptions(), replace: false)
                }
            }
            let output = folder + "/out-\(format)-1"
            let files = FileManager.default.enumerator(atPath: output)?.allObjects.compactMap { $0 as? String } ?? []
            let bytes = files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: output + "/" + $1)[.size] as? Int) ?? 0) }
            report("export --format \(format), end to end", time, "\(megabytes(bytes)) MB in \(files.filter { $0.hasSuffix(".png") }.count) PNGs + document")
        }
    }

    // MARK: - Helpers

    /// Runs `body` for 0..<count on all cores as the exporters do (`Parallel.map`); the results in
    /// order, and the CPU seconds they took.
    private static func parallel<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws(InputError) -> T) throws(InputError) -> ([T], Double) {
        let cpu = CPUTime()
        let results = try Parallel.map(count) { (i) throws(InputError) -> T? in
            let start = ContinuousClock.now
            let value = try body(i)
            cpu.add(seconds(ContinuousClock.now - start))
            return value
        }
        return (results.map { $0! }, cpu.seconds)
    }

    /// Best of 3 runs of `body`: its last result and the shortest time.
    private static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        var best = Double.infinity, result: T?
        for _ in 0..<3 {
            let start = ContinuousClock.now
            result = try body()
            best = min(best, seconds(ContinuousClock.now - start))
        }
        return (result!, best)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func report(_ step: String, _ seconds: Double, _ note: String = "") {
        print("  \(step.padding(toLength: 42, withPad: " ", startingAt: 0)) \(format(seconds * 1000, 1).leftPadded(8)) ms  \(note)")
    }

    private static func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    private static func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1e6) }
}

/// The CPU time of concurrent work, summed.
private final class CPUTime: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0.0

    func add(_ seconds: Double) { lock.withLock { total += seconds } }
    var seconds: Double { lock.withLock { total } }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
