import HierarchyScreen

/// What `find` makes of its LOCATOR argument: `Locator(argument:)`, which the served viewer's
/// search box reads its text by too (`hierarchy serve`'s `GET /find`).
enum FindInput {
    static func locator(_ argument: String) -> Locator { Locator(argument: argument) }
}
