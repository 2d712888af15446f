import HierarchyAudit
import HierarchyDiff
import HierarchyExport
import HierarchyFind
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyRender

// The library types the front ends name, and no others: the options a command reads into its
// request (layout, reading, rendering, export, matching, audit rules, locators) and the values
// its outcome hands back. The use cases take and give these, so a front end (the command line,
// the report) depends on HierarchyScreen and names them through it, and never calls the
// libraries behind. A new option type a front end needs is one line here.

// Reading an input.
public typealias LoadOptions = HierarchyLoading.LoadOptions
public typealias LoadedDocument = HierarchyLoading.LoadedDocument
public typealias ScreenshotSlicer = HierarchyLoading.ScreenshotSlicer
public typealias DumpFormat = HierarchyImport.DumpFormat
public typealias ImportOptions = HierarchyImport.ImportOptions
// Laying it out.
public typealias LayoutOptions = HierarchyLayout.LayoutOptions
public typealias DepthMode = HierarchyLayout.DepthMode
// Drawing it.
public typealias RenderOptions = HierarchyRender.RenderOptions
public typealias RenderStyle = HierarchyRender.RenderStyle
public typealias Projection = HierarchyRender.Projection
public typealias LabelContent = HierarchyRender.LabelContent
public typealias RenderError = HierarchyRender.RenderError
public typealias Rendering = HierarchyRender.Rendering
// Exporting, comparing, auditing, finding.
public typealias ExportFormat = HierarchyExport.ExportFormat
public typealias ExportOptions = HierarchyExport.ExportOptions
public typealias DiffOptions = HierarchyDiff.DiffOptions
public typealias AuditRule = HierarchyAudit.AuditRule
public typealias Severity = HierarchyAudit.Severity
public typealias Locator = HierarchyFind.Locator
public typealias FailureLocator = HierarchyFind.FailureLocator
public typealias TestMatcher = HierarchyFind.TestMatcher
public typealias TapRule = HierarchyFind.TapRule
public typealias FailedTest = HierarchyFind.FailedTest
// Saying a layout: `hierarchy layout`'s text and JSON, `pick`'s answer, the snapshot strategy's `.layout`.
public typealias LayoutDocument = HierarchyExport.LayoutDocument
public typealias LayoutText = HierarchyExport.LayoutText
public typealias LayerSummary = HierarchyExport.LayerSummary
