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
            pixels = try AuditPixelSource.pixels(document, layout: layout, needed: true)
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

    /// The platform whose rules apply: uiautomator and Espresso are Android, Appium,
    /// recursiveDescription and XCUITest iOS; the others say by their rendering system, classes or
    /// resource ids.
    public static func platform(of document: LoadedDocument) -> AuditPlatform {
        switch document.format {
        case .uiautomator?, .espresso?: .android
        case .appium?, .recursiveDescription?, .xcuitest?: .iOS
        default: AuditPlatform.detect(document.tree)
        }
    }

}

/// The screen's pixels for the contrast rules: the screenshot, else the snapshots composited flat.
public enum AuditPixelSource {
    public static func pixels(_ document: LoadedDocument, layout: Layout, needed: Bool) throws -> AuditPixels? {
        guard needed else { return nil }
        if let shot = document.screenshot {
            return AuditPixels(width: shot.width, height: shot.height, rgba: shot.pixels, scale: document.screenshotScale)
        }
        guard layout.layers.contains(where: { $0.texture != nil }) else { return nil }
        let scale = min(max(document.tree.screenScale, 1), 3)
        let image = try FlatCompositor.composite(layout, scale: scale, background: Color(red: 255, green: 255, blue: 255),
                                                 textures: document.textures(for: layout))
        return AuditPixels(width: image.width, height: image.height, rgba: image.pixels, scale: scale)
    }
}
