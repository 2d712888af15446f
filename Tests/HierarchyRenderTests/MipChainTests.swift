import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class MipChainTests: XCTestCase {
    private let halves = RGBAImage.halves

    func testLevelsHalveDownToTheCountAskedFor() {
        let chain = MipChain(halves, finest: PixelSize(width: 8, height: 8), levelCount: 10)
        XCTAssertEqual(chain.levels.map(\.width), [8, 4, 2, 1])
        XCTAssertEqual(MipChain(halves, finest: PixelSize(width: 4, height: 4), levelCount: 2).levels.map(\.width), [4, 2])
        XCTAssertEqual(MipChain(halves, finest: PixelSize(width: 100, height: 100), levelCount: 1).levels[0].width, 8, "never larger than the image")
    }

    func testLevelCountCoversTheDensityRange() {
        XCTAssertEqual(MipChain.levelCount(densityRatio: 1), 1)
        XCTAssertEqual(MipChain.levelCount(densityRatio: 2), 3)
        XCTAssertEqual(MipChain.levelCount(densityRatio: 5), 5)
        XCTAssertEqual(MipChain.levelCount(densityRatio: .infinity), 17)
        XCTAssertEqual(MipChain.levelCount(densityRatio: .nan), 1)
    }
}

extension RGBAImage {
    /// An 8×8 image whose left half is black and right half white (the mip chain's and the
    /// sampler's tests).
    static let halves: RGBAImage = {
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { let v: UInt8 = x < 4 ? 0 : 255; pixels += [v, v, v, 255] } }
        return RGBAImage(width: 8, height: 8, pixels: pixels)
    }()
}
