import VitrineSeams
import VitrineGraphics

/// The backends of the embedded default without hardware: a manual run loop, a virtual display
/// and scripted input. What tests and the headless demo run on.
@MainActor
public final class HeadlessPlatform: Platform {
    /// The manual loop.
    public let manualMainLoop: ManualMainLoop
    /// The virtual display.
    public let virtualDisplay: VirtualDisplay
    /// The scripted input.
    public let input: ScriptedInput
    /// Pixels per point.
    public let screenScale: Double
    /// Fingers at once.
    public let touchCapacity: Int

    /// Creates headless backends of `mode` (panel pixels) at `scale`, with `touchCapacity`
    /// fingers, `bufferCount` buffers, the picture turned by `rotation`.
    public init(mode: DisplayMode = DisplayMode(width: 800, height: 480), scale: Double = 1,
                touchCapacity: Int = 10, bufferCount: Int = 2, rotation: ScreenRotation = .none,
                pixelFormat: PixelFormat = .xrgb8888) {
        manualMainLoop = ManualMainLoop()
        virtualDisplay = VirtualDisplay(mode: mode, mainLoop: manualMainLoop, bufferCount: bufferCount,
                                        rotation: rotation, pixelFormat: pixelFormat)
        input = ScriptedInput(clock: manualMainLoop.manualClock)
        screenScale = scale
        self.touchCapacity = touchCapacity
    }

    /// The manual loop.
    public var mainLoop: any MainLoop { manualMainLoop }
    /// The virtual display.
    public var display: (any Display)? { virtualDisplay }
    /// The scripted input.
    public var inputSources: [any InputSource] { [input] }
    /// Nothing to restore headless.
    public func shutdown() {}
}
