// Stand-in for Apple's ImageIO, for compiling HierarchyCapture's ImageIOPNGEncoder on Linux.
import CoreGraphics
import Foundation

/// Source: https://developer.apple.com/documentation/imageio/cgimagedestination (a class).
public final class CGImageDestination {
    fileprivate let output: NSMutableData
    fileprivate let type: String
    fileprivate let capacity: Int
    fileprivate var images: [CGImage] = []
    fileprivate var finalized = false

    fileprivate init(output: NSMutableData, type: String, capacity: Int) {
        (self.output, self.type, self.capacity) = (output, type, capacity)
    }
}

/// Source: https://developer.apple.com/documentation/imageio/cgimagedestinationcreatewithdata(_:_:_:_:)
/// (`func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int,
/// _ options: CFDictionary?) -> CGImageDestination?`). The stand-in writes PNG only (`public.png`).
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard (type as String) == "public.png", count > 0 else { return nil }
    return CGImageDestination(output: data, type: type as String, capacity: count)
}

/// Source: https://developer.apple.com/documentation/imageio/cgimagedestinationaddimage(_:_:_:)
/// (`func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?)`).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    guard idst.images.count < idst.capacity else { return }
    idst.images.append(image)
}

/// Source: https://developer.apple.com/documentation/imageio/cgimagedestinationfinalize(_:)
/// (`func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool`). The stand-in writes
/// an 8-bit RGBA PNG of the first image (straight alpha, as the image holds it; stored deflate
/// blocks), false when no image was added or it was finalized before.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let image = idst.images.first, image.alphaInfo == .last,
          let bytes = image.dataProvider?.data as Data? else { return false }
    idst.finalized = true
    idst.output.append(Data(StandInPNG.encode(bytes, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow)))
    return true
}

/// Not Apple's: the smallest valid PNG writer (filter 0, stored deflate blocks).
enum StandInPNG {
    static func encode(_ bytes: Data, width: Int, height: Int, bytesPerRow: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += bytes[(bytes.startIndex + y * bytesPerRow)..<(bytes.startIndex + y * bytesPerRow + width * 4)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0], into: &png)
        chunk("IDAT", zlibStored(raw), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }

    private static func chunk(_ type: String, _ body: [UInt8], into png: inout [UInt8]) {
        let typed = Array(type.utf8) + body
        png += be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    private static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, raw.count - start)
            let last: UInt8 = start + n == raw.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += raw[start..<(start + n)]
            start += n
        } while start < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
