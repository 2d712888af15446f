import HierarchySource

extension LoadedDocument: CaptureSource {
    /// The files an output must never overwrite: the document and every snapshot it names.
    public var inputFiles: [String] {
        [file] + snapshotSizes.keys.sorted().map(snapshotFile)
    }
}
