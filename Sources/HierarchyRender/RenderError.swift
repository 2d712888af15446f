/// Why a picture could not be made: a bad option (with the value given and what was expected), or
/// a texture the provider could not deliver.
public enum RenderError: Error, CustomStringConvertible {
    /// The picture size is outside 1...`limit` on a side.
    case invalidSize(width: Int, height: Int, limit: Int)
    /// An option outside its range: its name, the value given, and what it must be.
    case invalidOption(name: String, value: Double, expected: String)
    /// `minDepth` is above `maxDepth`.
    case invalidDepthRange(minDepth: Int, maxDepth: Int)
    /// The texture provider threw for this layer.
    case textureFailed(layerID: String, underlying: any Error)

    public var description: String {
        switch self {
        case let .invalidSize(width, height, limit):
            "the picture size must be 1...\(limit) pixels on each side, got \(width)×\(height)"
        case let .invalidOption(name, value, expected):
            "\(name) must be \(expected), got \(value)"
        case let .invalidDepthRange(minDepth, maxDepth):
            "the depth range is empty: minDepth \(minDepth) is above maxDepth \(maxDepth)"
        case let .textureFailed(layerID, underlying):
            "cannot get the texture of layer '\(layerID)': \(underlying)"
        }
    }
}
