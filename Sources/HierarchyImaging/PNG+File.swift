import CPNG
import HierarchyLayout
import HierarchyModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only file of HierarchyImaging that touches the file system.
extension PNG {
    /// Decodes the PNG file at `path` to 8-bit RGBA with straight alpha, streaming it from disk.
    public static func decode(file path: String, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        try withDecoder(file: path, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage() }
    }

    /// Decodes only the pixels of `crop` from the PNG file at `path`, holding one full row besides
    /// the result (interlaced images are decoded whole first). Rows below the crop are not read.
    /// Throws when the crop does not lie within the image.
    public static func decode(file path: String, crop: PixelRect, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        try withDecoder(file: path, limits: limits) { (decoder) throws(InputError) in try decoder.decodeImage(cropTo: crop) }
    }

    /// The texture `plan` describes, made from the snapshot at `path` while holding as little as
    /// possible: rows are decoded one at a time and only the crop's go on, straight into the
    /// area-averaging reducer when the plan is reduced (interlaced images are decoded whole first).
    /// Equal to `decode(file:).texture(for: plan)`; throws when the crop lies outside the image.
    public static func texture(for plan: TexturePlan, file path: String, limits: ImageLimits = .default) throws(InputError) -> RGBAImage {
        let size = PixelSize(width: plan.width, height: plan.height)
        return try withDecoder(file: path, limits: limits) { (decoder) throws(InputError) in
            try decoder.decodeImage(cropTo: plan.crop, resampledTo: size)
        }
    }

    /// The size of the PNG file at `path`, from its first 33 bytes (signature and IHDR) alone.
    public static func readSize(file path: String, limits: ImageLimits = .default) throws(InputError) -> PixelSize {
        do throws(InputError) {
            let file = try openForReading(path)
            defer { fclose(file) }
            let header = try readHeader(file)
            try limits.check(width: header.width, height: header.height)
            return PixelSize(width: header.width, height: header.height)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Writes `image` as a PNG at `path`, creating missing folders. The bytes go to a temporary file
    /// in the same folder that is renamed into place, so a failure never leaves a half-written PNG.
    /// > Note: the file is not synced to disk; a power cut may still lose it, never half of it.
    public static func write(_ image: RGBAImage, to path: String, compression: PNGCompression = .fast) throws(InputError) {
        do throws(InputError) {
            let straight = try encodable(image)
            try createFolder(folder(of: path))
            let (temporary, file) = try createTemporary(beside: path)
            var renamed = false
            defer { if !renamed { unlink(temporary) } }
            try encode(straight, to: file, compression: compression)
            guard rename(temporary, path) == 0 else { throw InputError("cannot replace the file: \(reason(errno))") }
            renamed = true
        } catch {
            throw error.inFile(path)
        }
    }

    // MARK: - Reading

    /// Opens `path`, refuses it by its header if it is not a PNG or too large, then decodes it.
    private static func withDecoder(
        file path: String, limits: ImageLimits, _ body: (PNGDecoder) throws(InputError) -> RGBAImage
    ) throws(InputError) -> RGBAImage {
        do throws(InputError) {
            let file = try openForReading(path)
            defer { fclose(file) }
            let header = try readHeader(file)
            try limits.check(width: header.width, height: header.height)
            guard fseek(file, 0, SEEK_SET) == 0 else { throw InputError("cannot read: \(reason(errno))") }
            return try body(PNGDecoder(file: file, limits: limits))
        } catch {
            throw error.inFile(path)
        }
    }

    private static func openForReading(_ path: String) throws(InputError) -> UnsafeMutablePointer<FILE> {
        guard let file = fopen(path, "rb") else { throw InputError(reason(errno)) }
        return file
    }

    private static func readHeader(_ file: UnsafeMutablePointer<FILE>) throws(InputError) -> PNGHeader {
        var bytes = [UInt8](repeating: 0, count: PNGHeader.byteCount)
        let count = fread(&bytes, 1, bytes.count, file)
        if count < bytes.count && ferror(file) != 0 { throw InputError("cannot read: \(reason(errno))") }
        return try PNGHeader(parsing: bytes[..<count])
    }

    // MARK: - Writing

    /// Encodes into `file` and closes it, reporting a failed flush or close as well.
    private static func encode(_ image: RGBAImage, to file: UnsafeMutablePointer<FILE>, compression: PNGCompression) throws(InputError) {
        var closed = false
        defer { if !closed { fclose(file) } }
        try image.pixels.withUnsafeBufferPointer { (pixels) throws(InputError) in
            try check { message, size in
                cpng_encode_file(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                    compression.c, file, message, size)
            }
        }
        closed = true
        // Flushing writes the last buffered bytes: a full disk may only show here.
        let flushError = fflush(file) == 0 ? 0 : errno
        let closeError = fclose(file) == 0 ? 0 : errno
        if let code = [flushError, closeError].first(where: { $0 != 0 }) { throw InputError("cannot write: \(reason(code))") }
    }

    /// A new, empty file named `.<name>.<random>.tmp` in the folder of `path`, open for writing.
    private static func createTemporary(beside path: String) throws(InputError) -> (String, UnsafeMutablePointer<FILE>) {
        let directory = folder(of: path), name = path.split(separator: "/").last.map(String.init) ?? path
        for _ in 0..<8 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(random).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno == EEXIST { continue }
            guard fd >= 0 else { throw InputError("cannot create a temporary file: \(reason(errno))") }
            guard let file = fdopen(fd, "wb") else {
                close(fd)
                unlink(temporary)
                throw InputError("cannot create a temporary file: \(reason(errno))")
            }
            return (temporary, file)
        }
        throw InputError("cannot create a temporary file: every name tried exists")
    }

    /// Creates `folder` and its missing parents; an existing folder is fine.
    private static func createFolder(_ folder: String) throws(InputError) {
        guard !folder.isEmpty, !isFolder(folder) else { return }
        try createFolder(self.folder(of: folder))
        guard mkdir(folder, 0o777) != 0 else { return }
        let code = errno
        // Another writer may have made it meanwhile.
        if code == EEXIST && isFolder(folder) { return }
        if code == EEXIST { throw InputError("cannot create the folder '\(folder)': a file of that name exists") }
        throw InputError("cannot create the folder '\(folder)': \(reason(code))")
    }

    // MARK: - Paths and errors

    /// The folder part of `path`: "" for a bare name, "/" for a file at the root.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A short, lower-case reason for an errno value.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
