/// What a `VideoPlayer` plays: a file on the device, or a stream named by an `http`, `https`
/// or `rtsp` URL (AVFoundation's `AVPlayerItem`, by location only).
///
/// The location is checked for its form when made; whether it exists, is reachable or can be
/// decoded is found out when it plays, and reported as a `VideoError`.
public struct VideoItem: Sendable, Hashable, CustomStringConvertible {
    /// Where the item is.
    public enum Location: Sendable, Hashable {
        /// A file, by path (absolute, or relative to the working directory when played).
        case file(String)
        /// A stream, by URL (`http:`, `https:` or `rtsp:`), as given.
        case stream(String)
    }

    /// Where the item is.
    public let location: Location

    /// The file at `path`.
    public init(path: String) {
        location = .file(path)
    }

    /// The item at `url`: an `http:`, `https:` or `rtsp:` stream, or a `file:` URL (its path
    /// taken as is, without percent-decoding), or a plain path (no scheme). Throws
    /// `VideoError.unsupportedLocation` for any other scheme.
    public init(url: String) throws(VideoError) {
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("rtsp://") {
            location = .stream(url)
        } else if lower.hasPrefix("file://") {
            location = .file(String(url.dropFirst("file://".count)))
        } else if !url.contains("://") {
            location = .file(url)
        } else {
            throw .unsupportedLocation(url)
        }
    }

    /// The path or URL, as given.
    public var description: String {
        switch location {
        case .file(let path): path
        case .stream(let url): url
        }
    }
}
