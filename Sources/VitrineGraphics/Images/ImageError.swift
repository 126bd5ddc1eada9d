/// Why an image could not be read or written. Each message names the file and says what to do.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The bytes are not a PNG, or a damaged one; `reason` is libpng's message. `path` is
    /// `"<memory>"` for data decoded from memory.
    case corrupt(path: String, reason: String)
    /// The image is larger than a surface may be (dimensions up to 32767, 2 GiB of pixels), or
    /// than `ImageSource` decodes (`maximumPixelCount`, `maximumPNGPixelCount`).
    case tooLarge(path: String, width: Int, height: Int)
    /// The PNG could not be written to `path`.
    case writeFailed(path: String, reason: String)
    /// The file (or the data) holds no bytes at all.
    case empty(path: String)
    /// The bytes are none of the formats Vitrine reads (PNG, JPEG, WebP, SVG).
    case unrecognized(path: String)
    /// A JPEG, WebP or SVG that its library rejects: damaged, cut short, or not valid;
    /// `reason` is the library's message.
    case damaged(path: String, format: ImageFormat, reason: String)
    /// The image is in a format that is an optional part of Vitrine (SVG) and the app was built
    /// without it: `trait` is the package trait that adds it.
    case formatNotBuilt(path: String, format: ImageFormat, trait: String)
    /// The library that decodes `format` (loaded on the first image of that format, not linked)
    /// could not be loaded: `reason` is the loader's message, `package` the Debian package that
    /// installs it.
    case decoderMissing(path: String, format: ImageFormat, reason: String, package: String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file — check the path (a relative path starts at the working directory)"
        case .unreadable(let path, let reason):
            "\(path): cannot read it (\(reason)) — check that it is a regular file the user may read"
        case .corrupt(let path, let reason):
            "\(path): not a valid PNG (\(reason)) — re-export or re-download the image"
        case .tooLarge(let path, let width, let height):
            "\(path): \(width)×\(height) is too large for a surface — scale the image down (at most 32767 pixels a side and 268 million in all; a PNG, decoded whole, 33 million)"
        case .writeFailed(let path, let reason):
            "\(path): cannot write the PNG (\(reason)) — check that the directory exists, is writable and has space"
        case .empty(let path):
            "\(path): the file is empty — it was probably cut short while copied or downloaded; copy it again"
        case .unrecognized(let path):
            "\(path): not an image Vitrine reads — convert it to PNG, JPEG, WebP or SVG"
        case .damaged(let path, let format, let reason):
            "\(path): not a valid \(format) (\(reason)) — re-export or re-download the image"
        case .formatNotBuilt(let path, let format, let trait):
            "\(path): an \(format) image, and this app was built without \(format) — add the trait \"\(trait)\" to Vitrine's "
                + "line in the app's Package.swift (traits: [\"\(trait)\"]), or convert the image to PNG"
        case .decoderMissing(let path, let format, let reason, let package):
            "\(path): an \(format) image, and its decoder could not be loaded (\(reason)) — install it (apt install \(package)), "
                + "or convert the image to PNG"
        }
    }
}
