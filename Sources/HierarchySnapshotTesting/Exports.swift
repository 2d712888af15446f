// `import HierarchySnapshotTesting` is enough to load a capture, set the camera and the tolerance.
@_exported import HierarchyGolden
@_exported import HierarchyImaging
@_exported import HierarchyLayout
@_exported import HierarchyLoading
@_exported import HierarchyModel
@_exported import HierarchyRender
@_exported import SnapshotTesting
