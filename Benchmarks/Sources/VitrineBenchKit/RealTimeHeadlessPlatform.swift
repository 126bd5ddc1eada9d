import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineLinux

/// What an app on a device runs on, less the devices: the real `EpollMainLoop` (real time, real
/// sleeping, wake-ups counted) with the headless `VirtualDisplay` in place of DRM. Its vblank
/// is a timer on the loop, so a frame costs the wake-ups a DRM page flip would. For the idle,
/// startup and memory figures, which need a process that really sleeps.
@MainActor
public final class RealTimeHeadlessPlatform: Platform {
    /// The epoll loop.
    public let epollMainLoop: EpollMainLoop
    /// The virtual display.
    public let virtualDisplay: VirtualDisplay

    /// Creates the loop (on the calling thread, which must be the main thread of a synchronous
    /// `main`) and a display of `mode` with two XRGB8888 buffers.
    public init(mode: DisplayMode = DisplayMode(width: 1920, height: 1080)) throws {
        epollMainLoop = try EpollMainLoop()
        virtualDisplay = VirtualDisplay(mode: mode, mainLoop: epollMainLoop)
    }

    /// The epoll loop.
    public var mainLoop: any MainLoop { epollMainLoop }
    /// The virtual display.
    public var display: (any Display)? { virtualDisplay }
    /// 1 pixel per point.
    public var screenScale: Double { 1 }
    /// Ten fingers.
    public var touchCapacity: Int { 10 }
    /// None: input is posted by the measuring code.
    public var inputSources: [any InputSource] { [] }
    /// Releases the loop's descriptors.
    public func shutdown() { epollMainLoop.close() }
}
