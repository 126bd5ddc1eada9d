import VitrineGraphics

/// What one frame cost, for tests and benchmarks (pixels are scene pixels).
public struct FrameCounters: Sendable, Hashable {
    /// Views whose `draw(_:in:)` ran.
    public var viewsDrawn = 0
    /// Scene pixels repainted by composition (the frame's damage).
    public var pixelsComposed = 0
    /// Bytes written into scanout memory (the damage since the back buffer was last shown).
    public var bytesCopied = 0
    /// Rectangles in the frame's damage.
    public var damageRects = 0
    /// Views whose own pixels composition painted (see `Compositor.viewsPainted`).
    public var viewsPainted = 0
    /// Scene pixels moved instead of repainted: scrolled areas whose pixels stayed valid.
    public var pixelsMoved = 0
    /// Scene pixels an opaque background did not fill because views above it paint them
    /// opaquely (see `Compositor.pixelsSpared`).
    public var pixelsSpared = 0
    /// Creates zeroed counters.
    public init() {}
}

/// Turns damage into pixels: repaints only the damaged part of the scene buffer, then hands
/// the display what its back buffer lacks (ARCHITECTURE.md's compose and present steps).
///
/// The scene buffer is ordinary memory the size of the screen in pixels (XRGB8888), upright
/// as the user sees it; it is the only buffer ever read. Scanout buffers are written, never
/// read. One compositor serves one display.
@MainActor
public final class Compositor {
    /// The composed picture (scene pixels).
    public private(set) var scene: Surface
    /// Pixels per point.
    public let scale: Double
    /// The color where no window covers the screen.
    public var screenColor = Color.black
    /// Views the last `compose` walked (not hidden, drawable): culled subtrees are not walked.
    public private(set) var viewsVisited = 0
    /// Views whose own pixels (background, backing store, border, group layer) the last
    /// `compose` painted: those meeting the damage and not below an opaque view covering it.
    public private(set) var viewsPainted = 0
    /// Pixels the last `compose` did not fill under a background because the views above it
    /// paint them opaquely: written once instead of twice.
    public private(set) var pixelsSpared = 0
    /// The damage of recent frames, by buffer age.
    public private(set) var damageRing: DamageRing
    /// The moves of scrolled areas the commit planned for this frame (see `ScrollBlit`).
    var scrollMoves: [ScrollMove] = []
    /// What `present` has the display copy, kept so that its pixman blocks are reused.
    private var copying = Region()

    /// A compositor for a scene of `width`×`height` pixels at `scale` pixels per point.
    public init(width: Int, height: Int, scale: Double) {
        scene = Surface(width: width, height: height, format: .xrgb8888)
        self.scale = scale
        damageRing = DamageRing(bounds: PixelRect(x: 0, y: 0, width: width, height: height))
        scrollMoves.reserveCapacity(4)
    }

    /// The whole scene.
    public var sceneBounds: PixelRect { scene.bounds }

    /// Repaints `damage` (scene pixels) of the scene from `windows`, back to front.
    /// Returns the pixels repainted.
    @discardableResult
    public func compose(_ damage: Region, windows: [Window]) -> Int {
        let area = damage.intersection(scene.bounds)
        guard !area.isEmpty else { return 0 }
        // An opaque view that covers the whole damage paints every pixel of it: no clear, and
        // nothing below it is walked (see `RenderCulling`).
        let occluded = RenderCulling.begin(damage: area.boundingBox, windows: windows, scale: scale)
        defer { RenderCulling.end() }
        if !occluded { scene.fill(area, with: screenColor) }
        RenderScratch.drawing.withContext(surface: scene, transform: AffineTransform(scaleX: scale, y: scale), clip: area) { context in
            for window in windows { window.render(in: context, scale: scale) }
        }
        viewsVisited = RenderCulling.viewsVisited
        viewsPainted = RenderCulling.viewsPainted
        pixelsSpared = RenderCulling.pixelsSpared
        return area.area
    }

    /// Hands the display the frame whose change is `damage`: the display copies what its back
    /// buffer lacks (by its age) and queues the flip. Returns the bytes copied.
    public func present(_ damage: Region, on display: any Display) -> Int {
        let frameDamage = damage.intersection(scene.bounds)
        guard !frameDamage.isEmpty else { return 0 }
        damageRing.damage(forBufferAge: display.bufferAge, current: frameDamage, into: &copying)
        let bytes = display.present(scene: scene, copying: copying, damage: frameDamage)
        damageRing.add(frameDamage)
        return bytes
    }

    /// Makes the scene `width`×`height` pixels (the screen turned, or the display's mode
    /// changed): a new, black scene buffer
    /// and no knowledge of what the display's buffers hold, so the next frame must repaint the
    /// whole scene.
    public func resize(width: Int, height: Int) {
        guard width != scene.width || height != scene.height else { return }
        scene = Surface(width: width, height: height, format: .xrgb8888)
        invalidateBuffers()
    }

    /// Forgets what the buffers hold (mode change, power on): the next present copies all.
    public func invalidateBuffers() {
        damageRing.reset(bounds: scene.bounds)
    }
}
