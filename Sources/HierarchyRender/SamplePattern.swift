/// Where the coverage samples of a pixel lie, as offsets from its centre.
///
/// Sixteen samples on a 4×4 "n-rooks" pattern: one in each cell of a 4×4 grid, and no two sharing
/// a column or a row of the 16×16 grid, so a nearly horizontal or vertical edge still crosses 16
/// coverage levels. Samples are tested against each layer separately; two layers that abut split
/// the samples of their shared pixels between them, so no background shows through the seam.
enum SamplePattern {
    static let count = 16

    static let offsets: [(x: Float, y: Float)] = (0..<16).map { k in
        let i = k % 4, j = k / 4
        return ((Float(4 * i + j) + 0.5) / 16 - 0.5, (Float(4 * j + i) + 0.5) / 16 - 0.5)
    }

    /// The offsets as vectors, lane k for sample k, so that all 16 are tested at once.
    static let dx = SIMD16<Float>(offsets.map(\.x))
    static let dy = SIMD16<Float>(offsets.map(\.y))

    static let full: UInt16 = 0xFFFF
}
