import SystemPackage
import VitrineSeams
import VitrineGraphics

/// A `DRMDisplay`'s video plane: the overlay plane, two dumb buffers of the frame's size and
/// the frame waiting to be committed. The display commits it (DRMDisplay+VideoPlane.swift);
/// this object keeps which buffer is where.
///
/// Buffers: `shown` is on screen (the kernel scans it out), `inFlight` committed and not yet
/// shown; a frame is copied only into the other one, at commit time, and only when nothing
/// of this plane is in flight, so the buffer written is never one the kernel reads.
@MainActor
package final class DRMVideoPlane: VideoPlane {
    /// Where the plane is against the UI.
    package let stacking: VideoPlaneStacking
    /// The frames' width in pixels.
    package let frameWidth: Int
    /// The frames' height in pixels.
    package let frameHeight: Int
    /// The geometry of the next commit (frame pixels → scene pixels).
    package private(set) var geometry: VideoPlaneGeometry
    /// False once released or dropped.
    package internal(set) var isActive = true
    /// Called once when the display drops the plane.
    package var droppedHandler: (@MainActor (VideoPlaneDropReason) -> Void)?
    /// Frames committed to the kernel (each copied once).
    package internal(set) var framesCommitted = 0
    /// Frames set and replaced by a newer one before they could be committed (never copied).
    package internal(set) var framesSkipped = 0
    /// Whether a frame waits to be committed.
    package var isFrameWaiting: Bool { frame != nil }

    weak var display: DRMDisplay?
    var buffers: [ScanoutBuffer]
    /// The frame to commit next, or nil.
    var frame: Surface?
    /// The buffer on screen, or nil before the first frame reached it.
    var shown: Int?
    /// The buffer of a commit in flight, or nil.
    var inFlight: Int?
    /// Whether the next frame's commit sets every property (the first, or a new geometry).
    var needsSetup = true
    /// Whether the plane was ever committed to the CRTC (then taking it off needs a commit).
    var wasCommitted = false

    init(display: DRMDisplay, stacking: VideoPlaneStacking, frameWidth: Int, frameHeight: Int,
         geometry: VideoPlaneGeometry, buffers: [ScanoutBuffer]) {
        self.display = display
        self.stacking = stacking
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.geometry = geometry
        self.buffers = buffers
    }

    /// Keeps `frame` for the display's next commit (see `VideoPlane.setFrame`).
    package func setFrame(_ frame: Surface) {
        guard isActive, frame.width == frameWidth, frame.height == frameHeight, frame.format.bytesPerPixel == 4 else { return }
        if self.frame != nil { framesSkipped += 1 }
        self.frame = frame
    }

    /// Forgets a frame not yet committed.
    package func clearFrame() {
        frame = nil
    }

    /// Tests `geometry` with the driver and takes it from the next frame.
    package func setGeometry(_ geometry: VideoPlaneGeometry) throws(VideoPlaneError) {
        guard geometry != self.geometry else { return }
        guard isActive, let display else { throw .unavailable(reason: "the plane was released") }
        try display.testVideoPlane(geometry: geometry, frameWidth: frameWidth, frameHeight: frameHeight,
                                   framebuffer: buffers[shown ?? 0].framebufferID)
        self.geometry = geometry
        needsSetup = true
        // Paused, no frame would carry it: the end of this turn moves the frame on screen.
        if frame == nil { display.mainLoop.wakeUp() }
    }

    /// Takes the plane off the screen at the display's next commit.
    package func release() {
        guard isActive else { return }
        isActive = false
        frame = nil
        display?.retireVideoPlane(self)
    }

    /// The buffer a frame may be copied into now, or nil while one of ours is in flight (a
    /// move commits the shown buffer again: it is in flight then, and nothing is writable).
    var writableBuffer: Int? {
        guard inFlight == nil else { return nil }
        return shown == 0 ? 1 : 0
    }

    /// Copies `frame` into buffer `index` (rows of `frameWidth * 4` bytes, into the buffer's pitch).
    func copy(_ frame: Surface, into index: Int) {
        let target = buffers[index].surface
        let rowBytes = frameWidth * 4
        if target.stride == rowBytes && frame.stride == rowBytes {
            target.baseAddress.copyMemory(from: frame.baseAddress, byteCount: rowBytes * frameHeight)
            return
        }
        for row in 0..<frameHeight {
            (target.baseAddress + row * target.stride).copyMemory(from: frame.baseAddress + row * frame.stride, byteCount: rowBytes)
        }
    }

    /// Frees the buffers (once the plane is off the screen, or the display restored).
    func freeBuffers(_ device: any KMSDevice) {
        for buffer in buffers.reversed() { buffer.release(device) }
        buffers.removeAll()
        shown = nil
        inFlight = nil
    }
}
