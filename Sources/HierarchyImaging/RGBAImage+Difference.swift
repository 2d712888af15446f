import HierarchyModel

/// How much two pictures may differ and still count as the same: the perceptual tolerance of
/// `hierarchy diff`'s content check, of `render --expect` and of the snapshot strategy.
public struct PixelTolerance: Hashable, Sendable {
    /// A channel difference a person would notice: about 10% of full scale. Smaller ones are
    /// encoder noise, dithering or the rounding of a resampled edge.
    public static let noticeableChannelDifference = 24
    /// The share of pixels that must differ noticeably for two pictures to differ: 0.2%, so a
    /// changed badge on a 390×44 row counts, a few resampled edge pixels do not.
    public static let noticeableShare = 0.002

    /// A pixel differs when some channel (premultiplied) differs by more than this, 0...255.
    public var channel: Int
    /// The pictures differ when more than this share of their pixels (and at least one) differ, 0...1.
    public var share: Double

    public init(channel: Int = PixelTolerance.noticeableChannelDifference, share: Double = PixelTolerance.noticeableShare) {
        (self.channel, self.share) = (channel, share)
    }

    /// `diff`'s tolerance.
    public static let noticeable = PixelTolerance()
    /// No difference at all is allowed.
    public static let exact = PixelTolerance(channel: 0, share: 0)

    /// Throws for a channel outside 0...255 or a share outside 0...1.
    public func validate() throws(InputError) {
        guard (0...255).contains(channel) else { throw InputError(location: "tolerance", "the channel difference must be 0...255, got \(channel)") }
        guard share.isFinite, (0...1).contains(share) else { throw InputError(location: "tolerance", "the share of pixels must be 0...1, got \(share)") }
    }

    /// The number of differing pixels allowed among `count`.
    func allowed(_ count: Int) -> Int { Int(Double(count) * share) }
}

/// Two pictures compared pixel by pixel with a `PixelTolerance`: the one comparison that
/// `hierarchy diff`, `render --expect` and the snapshot strategy make.
public struct ImageComparison: Hashable, Sendable {
    /// The size they were compared at (the smaller width and the smaller height).
    public var width: Int
    public var height: Int
    /// Pixels with a channel difference over the tolerance's (all of them when one picture is empty).
    public var differing: Int
    public var tolerance: PixelTolerance
    /// Whether they differ: more than the tolerance's share of the pixels, and at least one.
    public var differs: Bool
    /// Where they differ, when asked for: the second picture faded to grey, differing pixels in magenta.
    public var difference: RGBAImage?

    /// The share of pixels that differ, 0...1.
    public var differingShare: Double { width * height == 0 ? (differs ? 1 : 0) : Double(differing) / Double(width * height) }

    /// Compares `expected` with `actual` at the same size (both reduced to the smaller width and
    /// height by area averaging) on premultiplied colours. Pictures without pixels are equal to
    /// each other and differ from any other. `picture` also draws the difference; without it
    /// counting stops as soon as the verdict is known.
    public init(_ expected: RGBAImage, _ actual: RGBAImage, tolerance: PixelTolerance = .noticeable, picture: Bool = false) {
        self.tolerance = tolerance
        guard expected.width > 0, expected.height > 0, actual.width > 0, actual.height > 0 else {
            (width, height) = (min(expected.width, actual.width), min(expected.height, actual.height))
            differs = (expected.width * expected.height == 0) != (actual.width * actual.height == 0)
            differing = differs ? max(expected.width * expected.height, actual.width * actual.height) : 0
            return
        }
        let w = min(expected.width, actual.width), h = min(expected.height, actual.height)
        (width, height) = (w, h)
        let a = expected.resampled(width: w, height: h).premultiplied(), b = actual.resampled(width: w, height: h).premultiplied()
        let allowed = tolerance.allowed(w * h), limit = tolerance.channel
        var count = 0
        var marks = picture ? [UInt8](repeating: 0, count: w * h * 4) : []
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count && (picture || count <= allowed) {
                    var hit = false
                    for c in 0..<4 where abs(Int(p[i + c]) - Int(q[i + c])) > limit {
                        hit = true
                        break
                    }
                    if hit { count += 1 }
                    if picture {
                        if hit {
                            marks[i] = 0xFF; marks[i + 1] = 0x00; marks[i + 2] = 0xFF; marks[i + 3] = 0xFF
                        } else {
                            // The actual picture as a faint grey, so the changes stand out where they are.
                            let grey = (Int(q[i]) * 54 + Int(q[i + 1]) * 183 + Int(q[i + 2]) * 19) >> 8
                            let v = UInt8(255 - (255 - grey) / 4 - (255 - Int(q[i + 3])) / 8)
                            marks[i] = v; marks[i + 1] = v; marks[i + 2] = v; marks[i + 3] = 0xFF
                        }
                    }
                    i += 4
                }
            }
        }
        differing = count
        differs = count > allowed
        if picture { difference = RGBAImage(width: w, height: h, pixels: marks) }
    }
}

extension RGBAImage {
    /// `PixelTolerance.noticeableChannelDifference`.
    public static let noticeableChannelDifference = PixelTolerance.noticeableChannelDifference
    /// `PixelTolerance.noticeableShare`.
    public static let noticeableShare = PixelTolerance.noticeableShare

    /// Whether the two pictures differ to the eye: `ImageComparison` with `diff`'s tolerance.
    public func differsNoticeably(from other: RGBAImage) -> Bool {
        ImageComparison(self, other).differs
    }
}
