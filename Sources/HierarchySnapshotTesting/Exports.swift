// `import HierarchySnapshotTesting` is enough to load a capture, set the camera and the tolerance:
// the use cases' vocabulary (`LoadedDocument`, `RenderOptions`, `LayoutOptions`, `Golden`…), the
// model's values and the pixels' (`Color`, `PixelSize`, `PixelTolerance`).
@_exported import HierarchyImaging
@_exported import HierarchyModel
@_exported import HierarchyScreen
@_exported import SnapshotTesting
