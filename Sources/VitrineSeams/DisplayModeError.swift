/// Why a display mode cannot be shown: what `DisplayMode.checkUsable()` throws, and what a
/// display refuses a new mode for (keeping the mode it has).
public enum DisplayModeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A side is 0 or less, or more than `DisplayMode.maximumSide` pixels.
    case unusableSize(DisplayMode)
    /// The refresh rate is not a finite number of hertz in `DisplayMode.refreshRates`.
    case unusableRefreshRate(DisplayMode)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .unusableSize(let mode):
            "the display mode \(mode) has a side outside 1…\(DisplayMode.maximumSide) pixels; "
                + "give a mode of the panel's real size (a broken EDID reports 0×0: set [display] mode in the board profile)"
        case .unusableRefreshRate(let mode):
            "the display mode \(mode) refreshes at \(mode.refreshRate) Hz, outside \(DisplayMode.refreshRates.lowerBound)…"
                + "\(DisplayMode.refreshRates.upperBound) Hz; give the panel's real refresh rate (60 when unsure)"
        }
    }
}

extension DisplayMode {
    /// The largest width or height of a mode, in pixels: the largest framebuffer DRM drivers
    /// accept. Anything larger is a corrupt mode, not a screen.
    public static let maximumSide = 16384

    /// The refresh rates a mode may have, in hertz (the vblank period must be a real time).
    public static let refreshRates: ClosedRange<Double> = 1...1000

    /// Throws when this mode cannot be shown: a side of 0 pixels or more than `maximumSide`,
    /// or a refresh rate that is not finite or outside `refreshRates`.
    public func checkUsable() throws(DisplayModeError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .unusableSize(self)
        }
        guard refreshRate.isFinite, Self.refreshRates.contains(refreshRate) else { throw .unusableRefreshRate(self) }
    }
}
