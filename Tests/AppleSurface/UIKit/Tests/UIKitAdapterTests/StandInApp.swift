import Foundation
import HierarchyCapture
@_spi(StandIn) import UIKit
import XCTest

/// A small app built of stand-in UIKit views, as a developer's app would build it: a screen at
/// 2x, a foreground scene, a window whose root controller shows a title, a password field, a
/// button and a rotated badge.
@MainActor
struct StandInApp {
    let screen = UIScreen(standInBounds: CGRect(x: 0, y: 0, width: 200, height: 300), scale: 2)
    let scene: UIWindowScene
    let window: UIWindow
    let controller = LoginViewController()
    let title = UILabel(frame: CGRect(x: 20, y: 20, width: 160, height: 30))
    let password = UITextField(frame: CGRect(x: 20, y: 70, width: 160, height: 30))
    let button = UIButton(frame: CGRect(x: 20, y: 120, width: 160, height: 40))
    let badge = UIView(frame: CGRect(x: 140, y: 200, width: 40, height: 20))

    init() {
        UIApplication.shared.standInDisconnectAll()
        StandInRecorder.reset()
        scene = UIWindowScene(standInScreen: screen, activationState: .foregroundActive)
        window = UIWindow(windowScene: scene)
        window.accessibilityIdentifier = "main-window"
        controller.title = "Sign in"
        let root = controller.view!
        root.frame = window.bounds
        root.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.accessibilityIdentifier = "login"
        window.addSubview(root)
        title.text = "Welcome"
        title.accessibilityIdentifier = "title"
        password.text = "hunter2"
        password.isSecureTextEntry = true
        password.accessibilityIdentifier = "password"
        password.backgroundColor = UIColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
        button.setTitle("Log in", for: .normal)
        button.backgroundColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
        button.accessibilityIdentifier = "log-in"
        badge.backgroundColor = UIColor(red: 1, green: 0.23, blue: 0.19, alpha: 1)
        badge.layer.anchorPoint = CGPoint(x: 0, y: 0)
        badge.center = CGPoint(x: 140, y: 200)
        badge.transform = CGAffineTransform(rotationAngle: .pi / 6)
        badge.accessibilityIdentifier = "badge"
        for view in [title, password, button, badge] { root.addSubview(view) }
        window.makeKey()
    }
}

/// The app's own controller class, as the document should name it.
final class LoginViewController: UIViewController {}

extension CaptureReport {
    /// The written view whose id is `id`.
    func view(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> CapturedView {
        try XCTUnwrap(views.first { $0.id == id }, "no view \(id) in \(views.map(\.id))", file: file, line: line)
    }
}

extension XCTestCase {
    /// A fresh temporary folder, removed when the test ends.
    func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apple-surface-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Runs `body` on the main actor: XCTest on Linux runs tests on the main thread but cannot
    /// call test methods isolated to it.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
