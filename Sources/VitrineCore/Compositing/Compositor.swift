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
///
/// A scrolled area may be kept as a turned band of the scene buffer (`Surface.scrollRing`): a
/// scroll then turns the band's rows and columns instead of moving its pixels (see
/// `ScrollBlit`), so composition maps the band as it paints, and the display and the frame
/// observers read it through `Surface.copy`. `scene` hands out the buffer with every pixel
/// in place.
@MainActor
public final class Compositor {
    /// The composed picture (scene pixels), every pixel stored in place: a turned band is
    /// unwound first (a pass over the band, only when the band is turned).
    public var scene: Surface {
        sceneBuffer.unwindRing()
        return sceneBuffer
    }
    /// The scene buffer as the compositor keeps it: a scrolled area may be a turned band.
    private(set) var sceneBuffer: Surface
    /// The scrolled area turned now in the scene buffer (its band in scene pixels, and its
    /// phases), or nil: for tests and statistics.
    public var turnedBand: ScrollRing? { sceneBuffer.scrollRing }
    /// Whether a scroll turns the scrolled area's rows and columns (`Surface.turnRing`) rather
    /// than moving its pixels: true, the cheaper way; tests turn it off to reach the moving
    /// ways (`Display.moveCopyingAhead`, `Display.copyAhead`).
    public var turnsScrolledAreas = true
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
    /// The part of a composition's damage being painted (scene pixels) and where it is
    /// stored (its blocks reused): a turned band is painted where its pixels are stored.
    private var piece = Region(), storedPiece = Region()

    /// A compositor for a scene of `width`×`height` pixels at `scale` pixels per point.
    public init(width: Int, height: Int, scale: Double) {
        sceneBuffer = Surface(width: width, height: height, format: .xrgb8888)
        self.scale = scale
        damageRing = DamageRing(bounds: PixelRect(x: 0, y: 0, width: width, height: height))
        scrollMoves.reserveCapacity(4)
    }

    /// The whole scene.
    public var sceneBounds: PixelRect { sceneBuffer.bounds }

    /// Repaints `damage` (scene pixels) of the scene from `windows`, back to front.
    /// Returns the pixels repainted.
    @discardableResult
    public func compose(_ damage: Region, windows: [Window]) -> Int {
        let area = damage.intersection(sceneBuffer.bounds)
        guard !area.isEmpty else { return 0 }
        viewsVisited = 0
        viewsPainted = 0
        pixelsSpared = 0
        guard let ring = sceneBuffer.scrollRing, !area.boundingBox.intersection(ring.band).isEmpty else {
            composePiece(area, columnOffset: 0, rowOffset: 0, windows: windows)
            return area.area
        }
        // A turned band: what lies outside it, then each part between its wraps, painted where
        // it is stored, that many pixels away (rendering is the same whole pixels apart, as a
        // group layer's is).
        piece.replaceContents(with: area)
        piece.subtract(ring.band)
        composePiece(piece, columnOffset: 0, rowOffset: 0, windows: windows)
        ring.forEachPart { part, columnOffset, rowOffset in
            piece.replaceContents(with: area)
            piece.formIntersection(part)
            composePiece(piece, columnOffset: columnOffset, rowOffset: rowOffset, windows: windows)
        }
        return area.area
    }

    /// Repaints `area` (scene pixels, all stored `columnOffset` pixels right and `rowOffset`
    /// rows lower) from `windows`.
    private func composePiece(_ area: Region, columnOffset: Int, rowOffset: Int, windows: [Window]) {
        guard !area.isEmpty else { return }
        // An opaque view that covers the whole damage paints every pixel of it: no clear, and
        // nothing below it is walked (see `RenderCulling`).
        let occluded = RenderCulling.begin(damage: area.boundingBox, windows: windows, scale: scale)
        defer { RenderCulling.end() }
        if !occluded { sceneBuffer.fill(area, with: screenColor) }   // the fill maps a turned band itself
        var toPixels = AffineTransform(scaleX: scale, y: scale)
        var clip = area
        if columnOffset != 0 || rowOffset != 0 {
            toPixels = toPixels.concatenating(AffineTransform(translationX: Double(columnOffset), y: Double(rowOffset)))
            storedPiece.replaceContents(with: area)
            storedPiece.translate(dx: columnOffset, dy: rowOffset)
            clip = storedPiece
        }
        RenderScratch.drawing.withContext(surface: sceneBuffer, transform: toPixels, clip: clip) { context in
            for window in windows { window.render(in: context, scale: scale) }
        }
        viewsVisited += RenderCulling.viewsVisited
        viewsPainted += RenderCulling.viewsPainted
        pixelsSpared += RenderCulling.pixelsSpared
    }

    /// Hands the display the frame whose change is `damage`: the display copies what its back
    /// buffer lacks (by its age) and queues the flip. Returns the bytes copied.
    public func present(_ damage: Region, on display: any Display) -> Int {
        let frameDamage = damage.intersection(sceneBuffer.bounds)
        guard !frameDamage.isEmpty else { return 0 }
        damageRing.damage(forBufferAge: display.bufferAge, current: frameDamage, into: &copying)
        let bytes = display.present(scene: sceneBuffer, copying: copying, damage: frameDamage)
        damageRing.add(frameDamage)
        return bytes
    }

    /// Makes the scene `width`×`height` pixels (the screen turned, or the display's mode
    /// changed): a new, black scene buffer
    /// and no knowledge of what the display's buffers hold, so the next frame must repaint the
    /// whole scene.
    public func resize(width: Int, height: Int) {
        guard width != sceneBuffer.width || height != sceneBuffer.height else { return }
        sceneBuffer = Surface(width: width, height: height, format: .xrgb8888)
        invalidateBuffers()
    }

    /// Forgets what the buffers hold (mode change, power on): the next present copies all.
    public func invalidateBuffers() {
        damageRing.reset(bounds: sceneBuffer.bounds)
    }
}
