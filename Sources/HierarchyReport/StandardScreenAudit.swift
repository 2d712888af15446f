import Foundation
import HierarchyAudit
import HierarchyFormats
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender

/// `report --audit`: each screen audited as `hierarchy audit` audits it, with every rule, its
/// findings as the audit's JSON gives them.
public struct StandardScreenAudit: ScreenAudit {
    /// Whether the dumps were read with a density: without one, an Android dump's density is
    /// inferred from its screen's width, as `audit` does.
    public let densityGiven: Bool

    public init(densityGiven: Bool) {
        self.densityGiven = densityGiven
    }

    public func findings(for document: LoadedDocument, layout: Layout) throws(InputError) -> [JSONValue] {
        var options = AuditOptions()
        options.platform = Self.platform(of: document)
        if document.format != nil, options.platform == .android, !densityGiven {
            let screen = document.tree.root.bounds
            options.unitsPerPoint = AuditOptions.inferredDensity(screenWidth: min(screen.width, screen.height))
        }
        let pixels: AuditPixels?
        do {
            pixels = try AuditPixelSource.pixels(document, layout: layout, options: options)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: document.file, "cannot read its pixels: \(error)")
        }
        let report = Audit.run(tree: document.tree, layout: layout, pixels: pixels, options: options)
        return try report.findings.enumerated().map { (index, finding) throws(InputError) in
            try JSONValue.parse(Data(AuditJSON.encode(finding, number: index + 1).utf8), file: document.file)
        }
    }

    /// The platform whose rules apply: uiautomator, Espresso and dumpsys are Android, Appium,
    /// recursiveDescription and XCUITest iOS; the others say by their rendering system, classes or
    /// resource ids.
    public static func platform(of document: LoadedDocument) -> AuditPlatform {
        switch document.format {
        case .uiautomator?, .espresso?, .dumpsys?: .android
        case .appium?, .recursiveDescription?, .xcuitest?: .iOS
        default: AuditPlatform.detect(document.tree)
        }
    }

}

/// The screen's pixels for the contrast rules: the screenshot, else the snapshots composited flat
/// over white at the capture's scale (at most 3), only where the rules look (the pixels under the
/// views they judge, `Audit.pixelFrames`): the same pixels there as the whole composite, at a
/// fraction of the time.
public enum AuditPixelSource {
    /// Nil when `options` asks for no contrast rule, or the capture has neither a screenshot nor snapshots.
    public static func pixels(_ document: LoadedDocument, layout: Layout, options: AuditOptions) throws -> AuditPixels? {
        guard options.rules.contains(where: \.needsPixels) else { return nil }
        if let shot = document.screenshot {
            return AuditPixels(width: shot.width, height: shot.height, rgba: shot.pixels, scale: document.screenshotScale)
        }
        guard layout.layers.contains(where: { $0.texture != nil }) else { return nil }
        let scale = min(max(document.tree.screenScale, 1), 3)
        let sides = (width: Int((layout.screen.width * scale).rounded()), height: Int((layout.screen.height * scale).rounded()))
        let regions = Audit.pixelFrames(tree: document.tree, layout: layout, options: options).compactMap {
            AuditPixels.region(of: $0, scale: scale, width: sides.width, height: sides.height)
        }
        let image = try FlatCompositor.composite(layout, scale: scale, background: Color(red: 255, green: 255, blue: 255),
                                                 textures: document.textures(for: layout), regions: regions)
        return AuditPixels(width: image.width, height: image.height, rgba: image.pixels, scale: scale)
    }
}
