// The library types the front ends name, and no others: the options a command reads into its
// request (layout, reading, rendering, export, matching, audit rules, locators) and the values
// its outcome hands back. The use cases take and give these, so a front end (the command line,
// the report, the snapshot strategy) depends on HierarchyScreen and names them through it, and
// never calls the libraries behind. A new option type a front end needs is one line here.
// Each is re-exported by name (a scoped import), not aliased: a front end's public signatures and
// default arguments may then name a type and its members (`RenderOptions().spacing`) without
// importing the library that declares it, which Swift requires of an alias's target.

// Reading an input.
@_exported import struct HierarchyLoading.LoadOptions
@_exported import struct HierarchyLoading.LoadedDocument
@_exported import struct HierarchyLoading.ScreenshotSlicer
@_exported import enum HierarchyImport.DumpFormat
@_exported import struct HierarchyImport.ImportOptions
// Laying it out.
@_exported import struct HierarchyLayout.LayoutOptions
@_exported import enum HierarchyLayout.DepthMode
// Drawing it.
@_exported import struct HierarchyRender.RenderOptions
@_exported import enum HierarchyRender.RenderStyle
@_exported import enum HierarchyRender.Projection
@_exported import enum HierarchyRender.LabelContent
@_exported import enum HierarchyRender.RenderError
@_exported import struct HierarchyRender.Rendering
// Keeping a picture as a golden: `render --expect`, the snapshot strategy.
@_exported import struct HierarchyGolden.Golden
// Exporting, comparing, auditing, finding.
@_exported import enum HierarchyExport.ExportFormat
@_exported import struct HierarchyExport.ExportOptions
@_exported import struct HierarchyDiff.DiffOptions
@_exported import struct HierarchyAudit.AuditRule
@_exported import enum HierarchyAudit.Severity
@_exported import struct HierarchyFind.Locator
@_exported import enum HierarchyFind.FailureLocator
@_exported import enum HierarchyFind.TestMatcher
@_exported import enum HierarchyFind.TapRule
@_exported import struct HierarchyFind.FailedTest
// Saying a layout: `hierarchy layout`'s text and JSON, `pick`'s answer, the snapshot strategy's `.layout`.
@_exported import enum HierarchyExport.LayoutDocument
@_exported import enum HierarchyExport.LayoutText
@_exported import enum HierarchyExport.LayerSummary
