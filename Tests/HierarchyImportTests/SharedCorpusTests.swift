import HierarchyTestSupport
import XCTest

/// The larger shared corpus (`../shared/dumps`), put through the same checks as the carried
/// fixtures, plus the two samples whose licences keep them out of the repository. One test, so
/// that a clone without the corpus skips it with one line (and CI, which must have it, fails).
final class SharedCorpusTests: XCTestCase {
    func testTheSharedDumpCorpus() throws {
        _ = try Samples.folder(.shared)
        try AppiumImporterTests.checkEverySample(in: .shared)
        try RecursiveDescriptionSampleTests.checkEverySample(in: .shared)
        try UIAutomatorImporterTests.checkEverySample(in: .shared)
        try DumpDetectorTests.checkEverySample(in: .shared)
        try RoundTripTests.checkEverySample(in: .shared, atLeast: 17)
        try FixtureTests.checkCarriedCopiesAreTheSharedFiles()
        try RecursiveDescriptionSampleTests.checkCycriptKeyWindow()
        try RecursiveDescriptionSampleTests.checkSentryMockMidNavigation()
    }
}
