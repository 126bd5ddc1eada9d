import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The headless display with a video plane modelled on `DRMDisplay`'s, for the video
/// benchmarks: what the main thread does for a frame on a plane, without a kernel.
///
/// As on DRM: `setFrame` only keeps the frame; at the end of the loop's turn (a before-waiting
/// observer added with the first plane, so after the application's commit), when nothing is in
/// flight, the frame is copied once into the plane's buffer not on screen (`bytesCopied`) and
/// "committed": the flip completes at the next vblank, which runs the display's frame handler
/// as a UI flip does. The display never has two commits in flight (`isFlipPending` covers the
/// plane's), and a frame replaced before its commit is never copied. The atomic request and
/// libdrm's commit are not modelled (ring 3 runs the real one on vkms).
@MainActor
public final class BenchVideoPlaneDisplay: VideoPlaneDisplay {
    /// The headless display underneath (the UI's plane).
    public let inner: VirtualDisplay
    /// Bytes copied into the plane's buffers so far.
    public private(set) var bytesCopied = 0
    /// Frames committed to the plane so far.
    public private(set) var framesCommitted = 0
    /// The plane lent, if any.
    public private(set) var plane: BenchVideoPlane?

    private let mainLoop: any MainLoop
    private var appFrameHandler: (@MainActor (FrameTiming) -> Void)?
    private var observesTurns = false

    /// Wraps `inner`, whose vblanks come from `mainLoop`.
    public init(inner: VirtualDisplay, mainLoop: any MainLoop) {
        self.inner = inner
        self.mainLoop = mainLoop
        inner.frameHandler = { [weak self] timing in self?.vblank(timing) }
    }

    /// A plane for frames of `frameWidth`×`frameHeight` at `geometry` (one at a time; any
    /// geometry within the scene is accepted, scaled or not).
    public func makeVideoPlane(frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) throws(VideoPlaneError) -> any VideoPlane {
        if let plane, plane.isActive { throw .unavailable(reason: "another view shows video on the plane") }
        let made = BenchVideoPlane(display: self, frameWidth: frameWidth, frameHeight: frameHeight, geometry: geometry)
        plane = made
        if !observesTurns {
            observesTurns = true
            mainLoop.addBeforeWaitingObserver { [weak self] in self?.commitFrameIfDue() }
        }
        return made
    }

    /// The observer: copies the waiting frame into the buffer not on screen and commits it,
    /// when nothing is in flight.
    private func commitFrameIfDue() {
        guard let plane, plane.isActive, let frame = plane.frame, plane.inFlight == nil, !inner.isFlipPending else { return }
        let index = plane.shown == 0 ? 1 : 0
        bytesCopied += plane.copy(frame, into: index)
        plane.frame = nil
        plane.inFlight = index
        framesCommitted += 1
        inner.requestFrame()
    }

    /// A vblank of the headless display: the plane's flip completes, then the UI's frame handler.
    private func vblank(_ timing: FrameTiming) {
        if let plane, let index = plane.inFlight {
            plane.shown = index
            plane.inFlight = nil
        }
        appFrameHandler?(timing)
    }

    // MARK: Display, forwarded to the headless display

    public var mode: DisplayMode { inner.mode }
    public var rotation: ScreenRotation { inner.rotation }
    public var pixelFormat: PixelFormat { inner.pixelFormat }
    public var bufferAge: Int { inner.bufferAge }
    /// The UI's flip or the plane's.
    public var isFlipPending: Bool { inner.isFlipPending || plane?.inFlight != nil }
    public var isPoweredOn: Bool { inner.isPoweredOn }
    public var frameHandler: (@MainActor (FrameTiming) -> Void)? {
        get { appFrameHandler }
        set { appFrameHandler = newValue }
    }
    public var needsFullRepaint: (@MainActor () -> Void)? {
        get { inner.needsFullRepaint }
        set { inner.needsFullRepaint = newValue }
    }
    public var modeDidChange: (@MainActor (DisplayMode) -> Void)? {
        get { inner.modeDidChange }
        set { inner.modeDidChange = newValue }
    }
    public func present(scene: Surface, copying: Region, damage: Region) -> Int {
        inner.present(scene: scene, copying: copying, damage: damage)
    }
    public func copyAhead(from scene: Surface, rect: PixelRect) -> Bool { inner.copyAhead(from: scene, rect: rect) }
    public func moveCopyingAhead(in scene: Surface, rect: PixelRect, dx: Int, dy: Int) -> Int? {
        inner.moveCopyingAhead(in: scene, rect: rect, dx: dx, dy: dy)
    }
    public func requestFrame() { inner.requestFrame() }
    public func setPower(_ on: Bool) { inner.setPower(on) }
    public func setRotation(_ rotation: ScreenRotation) -> Bool { inner.setRotation(rotation) }
}

/// `BenchVideoPlaneDisplay`'s plane: two buffers of the frame's size, the frame waiting, the
/// buffer on screen and the one in flight.
@MainActor
public final class BenchVideoPlane: VideoPlane {
    /// Above the UI, as Vitrine's overlay planes are.
    public let stacking = VideoPlaneStacking.aboveUI
    /// The frames' width in pixels.
    public let frameWidth: Int
    /// The frames' height in pixels.
    public let frameHeight: Int
    /// What part of a frame it shows and where.
    public private(set) var geometry: VideoPlaneGeometry
    /// False once released.
    public private(set) var isActive = true
    /// Never called: the bench display does not drop its plane.
    public var droppedHandler: (@MainActor (VideoPlaneDropReason) -> Void)?

    weak var display: BenchVideoPlaneDisplay?
    let buffers: [Surface]
    var frame: Surface?
    var shown: Int?
    var inFlight: Int?

    init(display: BenchVideoPlaneDisplay, frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) {
        self.display = display
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.geometry = geometry
        buffers = (0..<2).map { _ in Surface(width: frameWidth, height: frameHeight, format: .xrgb8888, isScanout: true) }
    }

    /// Keeps `frame` for the display's next commit.
    public func setFrame(_ frame: Surface) {
        guard isActive, frame.width == frameWidth, frame.height == frameHeight else { return }
        self.frame = frame
    }

    /// Forgets the frame waiting.
    public func clearFrame() { frame = nil }

    /// Takes `geometry` (accepted).
    public func setGeometry(_ geometry: VideoPlaneGeometry) throws(VideoPlaneError) {
        guard isActive else { throw .unavailable(reason: "the plane was released") }
        self.geometry = geometry
    }

    /// Stops taking frames.
    public func release() {
        isActive = false
        frame = nil
    }

    /// Copies `frame` into buffer `index` row by row into its pitch, as `DRMVideoPlane` does;
    /// returns the bytes copied.
    func copy(_ frame: Surface, into index: Int) -> Int {
        let target = buffers[index]
        let rowBytes = frameWidth * 4
        if target.stride == rowBytes && frame.stride == rowBytes {
            target.baseAddress.copyMemory(from: frame.baseAddress, byteCount: rowBytes * frameHeight)
        } else {
            for row in 0..<frameHeight {
                (target.baseAddress + row * target.stride).copyMemory(from: frame.baseAddress + row * frame.stride, byteCount: rowBytes)
            }
        }
        return rowBytes * frameHeight
    }
}
