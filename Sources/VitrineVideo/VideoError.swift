/// Why a video cannot be played, and what to do about it. Every case's `description` names
/// the remedy: the Debian package to install, the path or URL to check.
public enum VideoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// GStreamer could not be started, or a part the player is built from (`playbin`,
    /// `appsink`) is missing: the installation is incomplete.
    case gstreamerUnavailable(detail: String)
    /// The item's location has a scheme the player does not play.
    case unsupportedLocation(String)
    /// The file does not exist.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, an I/O error).
    case fileUnreadable(path: String, detail: String)
    /// The stream could not be reached or stopped arriving (host down, wrong URL, refused).
    case streamUnreachable(url: String, detail: String)
    /// The item is not a video GStreamer recognises (a garbage or truncated file, a web page).
    case unrecognizedFormat(item: String, detail: String)
    /// A plugin the item needs is not installed: `plugin` says what it is (GStreamer's own
    /// words, such as "H.264 (Main Profile) decoder"), `package` the Debian package that
    /// provides it.
    case missingPlugin(plugin: String, package: String)
    /// Decoding or demuxing failed part way (a corrupt stream).
    case decodeFailed(item: String, detail: String)
    /// The ALSA device the player's audio goes to (`VideoPlayer.audioDevice`, a profile's
    /// `[audio] device`) cannot be opened: no such PCM, busy, or not allowed.
    case audioDeviceUnavailable(device: String, detail: String)
    /// Anything else GStreamer reported, in its words.
    case playbackFailed(detail: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .gstreamerUnavailable(let detail):
            "GStreamer is not usable (\(detail)) — install gstreamer1.0-plugins-base and gstreamer1.0-plugins-good (scripts/packages Video)"
        case .unsupportedLocation(let location):
            "cannot play \(location): only files and http, https and rtsp URLs are played"
        case .fileNotFound(let path):
            "no video file at \(path) — check the path (relative paths are from the working directory)"
        case .fileUnreadable(let path, let detail):
            "cannot read the video file \(path) (\(detail)) — check its permissions for the app's user"
        case .streamUnreachable(let url, let detail):
            "cannot reach the stream \(url) (\(detail)) — check the URL and that the device can reach its host"
        case .unrecognizedFormat(let item, let detail):
            "\(item) is not a video GStreamer recognises (\(detail)) — check the file is complete and a video"
        case .missingPlugin(let plugin, let package):
            "no GStreamer plugin for \(plugin) — install \(package)"
        case .decodeFailed(let item, let detail):
            "decoding \(item) failed (\(detail)) — the file or stream is damaged; re-encode or re-copy it"
        case .audioDeviceUnavailable(let device, let detail):
            "cannot open the audio device \(device) (\(detail)) — check [audio] device in the board profile (aplay -L lists the devices) and that the app's user is in the audio group"
        case .playbackFailed(let detail):
            "playback failed: \(detail)"
        }
    }

    /// The Debian package that provides a missing plugin, from what GStreamer says is missing
    /// (`detail`: caps such as `video/x-h264, …`, or a URI scheme for a source). Caps may come
    /// as GStreamer serialises a caps value inside a structure: quoted, with `\` before each
    /// comma, space, `=` and parenthesis (`"video/x-vp8\,\ interlace-mode\=…"`).
    static func package(forMissing serialized: String) -> String {
        var detail = serialized
        if detail.count >= 2, detail.first == "\"", detail.last == "\"" {
            detail = String(detail.dropFirst().dropLast())
            var unescaped = "", isEscaped = false
            for character in detail {
                if character == "\\", !isEscaped { isEscaped = true; continue }
                isEscaped = false
                unescaped.append(character)
            }
            detail = unescaped
        }
        let prefix = detail.split(separator: ",").first.map(String.init) ?? detail
        switch prefix {
        case "video/x-h264", "video/x-h265", "video/mpeg", "audio/mpeg, mpegversion=(int)4", "audio/x-ac3",
             "video/x-divx", "video/x-msmpeg", "video/x-wmv", "audio/x-wma":
            return "gstreamer1.0-libav"
        case "video/x-vp8", "video/x-vp9", "video/x-matroska", "video/webm", "video/quicktime", "video/x-msvideo",
             "image/jpeg", "audio/x-flac", "application/x-rtp", "audio/x-speex", "video/x-flv":
            return "gstreamer1.0-plugins-good"
        case "video/x-theora", "audio/x-vorbis", "application/ogg", "audio/x-opus":
            return "gstreamer1.0-plugins-base"
        case "video/x-av1", "video/mpegts":
            return "gstreamer1.0-plugins-bad"
        default:
            if prefix.hasPrefix("audio/mpeg") {
                return detail.contains("mpegversion=(int)1") ? "gstreamer1.0-plugins-good" : "gstreamer1.0-libav"
            }
            if ["http", "https", "rtsp", "souphttpsrc", "rtspsrc"].contains(prefix) { return "gstreamer1.0-plugins-good" }
            return "gstreamer1.0-plugins-good, gstreamer1.0-plugins-bad or gstreamer1.0-libav (run gst-inspect-1.0 to see what is installed)"
        }
    }
}
