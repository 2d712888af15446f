extension RGBAImage {
    /// A channel difference a person would notice: about 10% of full scale. Smaller ones are
    /// encoder noise, dithering or the rounding of a resampled edge.
    public static let noticeableChannelDifference = 24
    /// The share of pixels that must differ noticeably for two pictures to differ: 0.2%, so a
    /// changed badge on a 390×44 row counts, a few resampled edge pixels do not.
    public static let noticeableShare = 0.002

    /// Whether the two pictures differ to the eye: compared at the same size (both reduced to the
    /// smaller width and the smaller height by area averaging) on premultiplied colours, they
    /// differ when more than `noticeableShare` of the pixels (and at least one) differ by more
    /// than `noticeableChannelDifference` in some channel. Pictures without pixels are equal to
    /// each other and differ from any other.
    public func differsNoticeably(from other: RGBAImage) -> Bool {
        guard width > 0, height > 0, other.width > 0, other.height > 0 else {
            return (width * height == 0) != (other.width * other.height == 0)
        }
        let w = min(width, other.width), h = min(height, other.height)
        let a = resampled(width: w, height: h).premultiplied(), b = other.resampled(width: w, height: h).premultiplied()
        let allowed = Int(Double(w * h) * RGBAImage.noticeableShare)
        var differing = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count && differing <= allowed {
                    for c in 0..<4 where abs(Int(p[i + c]) - Int(q[i + c])) > RGBAImage.noticeableChannelDifference {
                        differing += 1
                        break
                    }
                    i += 4
                }
            }
        }
        return differing > allowed
    }
}
