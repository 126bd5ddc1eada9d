import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Frames of `KioskScreen` on a headless 1920×1080 XRGB8888 display with two buffers: the
/// compositor and the copy into scanout memory run for real, only the vblank is simulated.
///
/// Each `frame(_:)` makes one kind of change, commits (layout, display, compose, present) and
/// then lets the display's vblank pass, so that the next frame is not held back by a pending
/// flip. With two buffers in a steady state, a frame copies its own damage and the previous
/// frame's (buffer age 2), as a DRM display does.
@MainActor
public final class HeadlessFrames {
    /// What one frame changes.
    public enum Change: Sendable, CaseIterable {
        /// Nothing changes, but the whole screen is recomposed and copied (what the display
        /// asks for when its picture was lost); views keep what they drew.
        case fullRepaint
        /// Every view draws again, then the whole screen is recomposed and copied: the cost of
        /// a first frame.
        case fullRedraw
        /// The 200×60 button toggles its highlight and redraws.
        case button
        /// The 100×100 view moves 7 points: its old and new frames are recomposed.
        case moveView
        /// The status label's text changes and it redraws.
        case labelText
    }

    /// The headless backends (1920×1080).
    public let platform: HeadlessPlatform
    /// The application.
    public let application: Application
    /// The screen.
    public let screen: KioskScreen

    /// Builds the screen on a new 1920×1080 headless platform and shows its first frame.
    public init() {
        platform = HeadlessPlatform(mode: DisplayMode(width: 1920, height: 1080))
        application = Application(platform: platform)
        screen = KioskScreen(application: application)
        platform.manualMainLoop.advance(by: 0.1)
    }

    /// Makes `change`, commits and lets the flip complete. Returns what the frame cost, or nil
    /// when no frame was presented (which would be a bug: every change here shows).
    @discardableResult
    public func frame(_ change: Change) -> FrameCounters? {
        let presentsBefore = application.statistics.presents
        switch change {
        case .fullRepaint: application.setNeedsFullRepaint()
        case .fullRedraw:
            screen.setEverythingNeedsDisplay()
            application.setNeedsFullRepaint()
        case .button: screen.toggleButton()
        case .moveView: screen.moveStep()
        case .labelText: screen.changeLabel()
        }
        application.commit()
        platform.manualMainLoop.advance(by: platform.virtualDisplay.refreshPeriod)
        return application.statistics.presents == presentsBefore + 1 ? application.statistics.lastFrame : nil
    }
}

/// Makes `count` frames of `change` on `frames`; returns how many were presented. Its own
/// non-inlined function, so that a profiler can be limited to it (`valgrind --tool=callgrind
/// --toggle-collect='*measuredFrames*'`).
@MainActor @inline(never)
public func measuredFrames(_ frames: HeadlessFrames, _ change: HeadlessFrames.Change, count: Int) -> Int {
    var presented = 0
    for _ in 0..<count where frames.frame(change) != nil { presented += 1 }
    return presented
}
