import CPNG
import Dispatch
import HierarchyModel

extension PNG {
    /// The image data of a `.fast` PNG, compressed in pieces of rows on all cores at once. The
    /// pieces depend on the image alone (never on the number of cores), so the file is the same on
    /// every machine.
    final class Pieces {
        /// Piece i is `sizes[i]` bytes at `addresses[i]`, in one allocation.
        private let storage: UnsafeMutablePointer<UInt8>
        let addresses: [UnsafePointer<UInt8>?]
        let sizes: [Int]
        /// The zlib checksum of all the filtered rows.
        let adler: UInt32

        /// Rows a piece: about 256 KB of pixels, enough pieces to share among cores with little
        /// lost at each piece's end.
        static func rowsPerPiece(width: Int) -> Int { max(1, (256 << 10) / (width * 4 + 1)) }

        /// Compresses the straight-alpha `image` (1...Int32.max pixels a side).
        init(_ image: RGBAImage) throws(InputError) {
            let width = image.width, height = image.height
            let perPiece = Pieces.rowsPerPiece(width: width)
            let count = (height + perPiece - 1) / perPiece
            let rows = (0..<count).map { min(perPiece, height - $0 * perPiece) }
            let bounds = rows.map { cpng_deflate_rows_bound(UInt32(width), UInt32($0)) }
            let offsets = bounds.reduce(into: [0]) { $0.append($0.last! + $1) }
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: offsets[count])
            self.storage = storage
            var sizes = [Int](repeating: 0, count: count), adlers = [UInt32](repeating: 1, count: count)
            var failed = [Bool](repeating: false, count: count)
            let out = Shared(storage)
            image.pixels.withUnsafeBufferPointer { pixels in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    adlers.withUnsafeMutableBufferPointer { adlers in
                        failed.withUnsafeMutableBufferPointer { failed in
                            let shared = (pixels: Shared(pixels), sizes: Shared(sizes), adlers: Shared(adlers), failed: Shared(failed))
                            DispatchQueue.concurrentPerform(iterations: count) { i in
                                var written = 0
                                var adler: UInt32 = 0
                                let status = cpng_deflate_rows(
                                    shared.pixels.value.baseAddress, UInt32(width), width * 4, UInt32(i * perPiece), UInt32(rows[i]),
                                    i == count - 1 ? 1 : 0, out.value + offsets[i], bounds[i], &written, &adler)
                                shared.sizes.value[i] = written
                                shared.adlers.value[i] = adler
                                shared.failed.value[i] = status != CPNG_OK
                            }
                        }
                    }
                }
            }
            addresses = offsets.dropLast().map { UnsafePointer(storage + $0) }
            self.sizes = sizes
            var adler = adlers[0]
            for i in 1..<count { adler = cpng_adler32_combine(adler, adlers[i], rows[i] * (width * 4 + 1)) }
            self.adler = adler
            guard !failed.contains(true) else { throw InputError("cannot compress a \(width)×\(height) image: out of memory") }
        }

        deinit { storage.deallocate() }
    }
}
