/// The optional parts of Vitrine: each is a package trait an app turns on in its `Package.swift`,
/// and an app built without it links none of its libraries (ARCHITECTURE.md, "Optional parts").
///
///     .package(url: "…/vitrine.git", from: "0.1.0", traits: ["Window", "RemoteView"])
///
/// A board profile that asks for a part this build lacks is refused with the profile's file and
/// line (`BoardPlatformError.partNotBuilt`), never silently ignored.
public enum OptionalPart: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The desktop window (SDL2 on X11): develop on a laptop. Trait `Window`.
    case window = "Window"
    /// The remote view (a VNC server, libvncserver: GPL-2.0+). Trait `RemoteView`.
    case remoteView = "RemoteView"
    /// Speech for the screen reader (espeak-ng: GPL-3.0+, ALSA). Trait `Speech`.
    case speech = "Speech"
    /// SVG images (librsvg, with cairo and pango). Trait `SVG`.
    case svg = "SVG"

    /// The package trait that builds the part in.
    public var trait: String { rawValue }

    /// What the part is, for messages.
    public var description: String {
        switch self {
        case .window: "the desktop window"
        case .remoteView: "the remote view (VNC)"
        case .speech: "speech"
        case .svg: "SVG images"
        }
    }

    /// Whether this build of Vitrine has the part (its trait was on when the app was built).
    public var isBuilt: Bool {
        switch self {
        case .window:
            #if Window
            true
            #else
            false
            #endif
        case .remoteView:
            #if RemoteView
            true
            #else
            false
            #endif
        case .speech:
            #if Speech
            true
            #else
            false
            #endif
        case .svg:
            #if SVG
            true
            #else
            false
            #endif
        }
    }

    /// The parts this build has, in declaration order.
    public static var built: [OptionalPart] { allCases.filter(\.isBuilt) }

    /// What to add to an app's `Package.swift` to build the part in.
    public var remedy: String {
        "add the trait \"\(trait)\" to Vitrine's line in the app's Package.swift "
            + "(.package(url: …, from: …, traits: [\"\(trait)\"])) and build again"
    }
}

extension BoardProfile {
    /// The optional parts the profile asks for, each with the section that asks
    /// (`[remote]` for the remote view, `[accessibility]` for speech).
    public var requestedParts: [(part: OptionalPart, section: String)] {
        var parts: [(OptionalPart, String)] = []
        if remote.mode != .off { parts.append((.remoteView, "remote")) }
        if speech.mode != .off { parts.append((.speech, "accessibility")) }
        return parts
    }

    /// Throws `BoardPlatformError.partNotBuilt` for the first part the profile asks for that
    /// `isBuilt` says this build lacks, naming the profile's file and the section's line.
    public func checkParts(isBuilt: (OptionalPart) -> Bool = \.isBuilt) throws(BoardPlatformError) {
        for (part, section) in requestedParts where !isBuilt(part) {
            throw .partNotBuilt(part, section: section, file: path ?? "the built-in profile \(name)", line: sectionLines[section])
        }
    }
}
