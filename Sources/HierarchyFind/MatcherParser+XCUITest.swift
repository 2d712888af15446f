/// XCUITest's queries (XCUIElementTypeQueryProvider, XCUIElementQuery): `app.buttons`,
/// `app.tables.cells` (each type among the descendants of the query before it), a subscript
/// `["x"]` and `.matching(identifier: "x")` (an identifier, label, title, value or placeholder
/// equal to `x`, as `"x" IN identifiers` reads it), `.matching(NSPredicate(format: "…"))`,
/// `.children(matching: .button)`, `.descendants(matching: .button)`, `.element(boundBy: n)`,
/// `.firstMatch`, `.element`.
extension MatcherParser {
    func xcuitest(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        guard let matcher = try query(syntax) else { throw error(syntax, "expected a query of the application, such as app.buttons[\"…\"]") }
        return matcher
    }

    /// The query `syntax` makes; nil for the application itself (every view).
    func query(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher? {
        switch syntax.form {
        case .name("app"): return nil
        case .member(let base, let name):
            if let type = Self.xcuitestTypes[name] { return descendants(of: try query(base), type: type) }
            if name == "firstMatch" { return .nth(try required(base), 0, order: .document) }
            if name == "element" { return try required(base) }
            throw error(syntax, ".\(name) is not an XCUIElementQuery find reads: it reads the element types (buttons, staticTexts, cells…), firstMatch, element, element(boundBy:), matching, children, descendants and subscripts")
        case .subscripted(let base, let key):
            return Self.and(try query(base), Self.identifier(try string(key)))
        case .call(let callee, let arguments):
            if callee.path == "XCUIApplication", arguments.isEmpty { return nil }
            guard let name = callee.lastName, let base = callee.base else { break }
            switch name {
            case "element":
                guard let index = argument(arguments, "boundBy", nil) else { break }
                return .nth(try required(base), try number(index), order: .document)
            case "matching":
                var result = try query(base)
                if let type = argument(arguments, nil, 0), let typeName = type.path, typeName.hasPrefix(".") {
                    result = Self.and(result, Self.type(try elementType(typeName, type)))
                } else if let predicate = argument(arguments, nil, 0) {
                    guard let (constructor, _, format) = call(predicate), constructor == "NSPredicate", let value = argument(format, "format", 0) else {
                        throw error(predicate, "expected NSPredicate(format: \"…\") or an element type such as .button")
                    }
                    result = Self.and(result, .locator(Locator(using: .predicate, value: try string(value))))
                }
                if let identifier = argument(arguments, "identifier", nil) { result = Self.and(result, Self.identifier(try string(identifier))) }
                return result
            case "children", "descendants":
                guard let type = argument(arguments, "matching", 0), let typeName = type.path else { throw error(syntax, "\(name)(matching: …) needs an element type such as .button") }
                let typed = Self.type(try elementType(typeName, type))
                guard let scope = try query(base) else { return typed }
                return .all([typed, name == "children" ? .parent(scope) : .ancestor(scope)])
            default: break
            }
        default: break
        }
        throw error(syntax, "expected a query of the application, such as app.buttons[\"…\"] or app.cells.element(boundBy: 0)")
    }

    func required(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        guard let matcher = try query(syntax) else { throw error(syntax, "expected a query of the application's elements, such as app.buttons") }
        return matcher
    }

    /// `.button` as `Button`.
    func elementType(_ name: String, _ syntax: MatcherSyntax) throws(LocatorError) -> String {
        let bare = String(name.dropFirst())
        guard let first = bare.first, Self.xcuitestTypes.values.contains(first.uppercased() + bare.dropFirst()) || bare == "any" else {
            throw error(syntax, "'\(name)' is not an element type find reads (.button, .staticText, .cell…)")
        }
        return first.uppercased() + bare.dropFirst()
    }

    func descendants(of scope: Matcher?, type: String) -> Matcher {
        guard let scope else { return Self.type(type) }
        return .all([Self.type(type), .ancestor(scope)])
    }

    static func type(_ type: String) -> Matcher {
        .locator(Locator(using: .predicate, value: type == "Any" ? "TRUEPREDICATE" : "type == \"XCUIElementType\(type)\""))
    }

    static func identifier(_ value: String) -> Matcher {
        .locator(Locator(using: .predicate, value: "\"\(value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))\" IN identifiers"))
    }

    /// Both conditions; two predicates become one predicate joined by `AND`.
    static func and(_ left: Matcher?, _ right: Matcher) -> Matcher {
        guard let left else { return right }
        if case .locator(let a) = left, case .locator(let b) = right, a.using == .predicate, b.using == .predicate {
            let wrap = { (p: String) in p.contains(" OR ") ? "(\(p))" : p }
            return .locator(Locator(using: .predicate, value: "\(wrap(a.value)) AND \(wrap(b.value))"))
        }
        return .all([left, right])
    }

    static let xcuitestTypes: [String: String] = [
        "buttons": "Button", "staticTexts": "StaticText", "textFields": "TextField", "secureTextFields": "SecureTextField",
        "cells": "Cell", "images": "Image", "switches": "Switch", "links": "Link", "navigationBars": "NavigationBar",
        "otherElements": "Other", "tables": "Table", "collectionViews": "CollectionView", "scrollViews": "ScrollView",
        "alerts": "Alert", "sliders": "Slider", "searchFields": "SearchField", "tabBars": "TabBar", "textViews": "TextView",
        "windows": "Window", "sheets": "Sheet", "pickers": "Picker", "toolbars": "Toolbar", "webViews": "WebView",
        "segmentedControls": "SegmentedControl", "activityIndicators": "ActivityIndicator", "progressIndicators": "ProgressIndicator",
    ]
}
