// Over 500 lines on purpose: the context's state (transform, clip, the box it has inked) is
// stored properties of the class, which every drawing operation here reads and updates;
// painting and sparing already live in extensions (+Painting, +Sparing), and what is left
// needs the stored state an extension in another file cannot declare.

import CPixman
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How what is drawn combines with what the surface already holds (`CGBlendMode`). Every
/// mode is applied through the shape's antialiased coverage: a half-covered edge pixel gets
/// half the effect.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    /// Over what is there, by the source's alpha (Porter-Duff OVER).
    case normal
    /// Replaces what is there, alpha included (Porter-Duff SRC): drawing `.clear` with it
    /// punches a transparent hole.
    case copy
    /// Makes the covered pixels transparent (black without alpha); colour and alpha are
    /// ignored.
    case clear
    /// Removes what is there by the source's alpha, leaving the source itself out
    /// (Porter-Duff DEST_OUT): an eraser.
    case destinationOut
    /// Multiplies the colours: never lighter (PDF separable blend).
    case multiply
    /// Inverse of multiplying the inverses: never darker (PDF separable blend).
    case screen
    /// Multiply or screen depending on the destination (PDF separable blend).
    case overlay
    /// The darker of each channel (PDF separable blend).
    case darken
    /// The lighter of each channel (PDF separable blend).
    case lighten
    /// Adds the colours, saturating (Porter-Duff ADD).
    case plusLighter

    /// pixman's operator for the bounded modes (clear and copy are done in two steps).
    var pixmanOperator: pixman_op_t {
        switch self {
        case .normal: PIXMAN_OP_OVER
        case .copy: PIXMAN_OP_SRC
        case .clear: PIXMAN_OP_CLEAR
        case .destinationOut: PIXMAN_OP_OUT_REVERSE
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .plusLighter: PIXMAN_OP_ADD
        }
    }
}

/// Draws into a `Surface`: what a view's `draw(_:in:)` receives, and what the compositor
/// composes with. The model is Core Graphics' (a state of transform, clip, colours and pen,
/// saved and restored as a stack), in UIKit's coordinates (y grows downward).
///
/// Coordinate spaces: *user space* is what drawing calls take (for a view, its bounds space,
/// in points); the current transform `ctm` maps it to *surface pixels*, where (0, 0) is the
/// surface's top-left pixel corner and pixel (x, y) covers x..<x+1, y..<y+1. So a 1-point
/// line at x = 10 covers half of pixel columns 9 and 10; draw it at x = 10.5 for one crisp
/// column.
///
/// Everything is antialiased (pixman's rasterizer, 255 coverage levels per pixel) and
/// passes through the clip (a pixel region, and an antialiased mask once a non-rectangular
/// clip is set) and the global `alpha`, and combines by `blendMode`. A rectangle on whole
/// pixels under an axis-aligned transform is filled directly, without a mask.
///
/// Not thread-safe; use one context from one thread. The surface must not be drawn into
/// itself.
public final class GraphicsContext {
    // The state below is read on every primitive, several times (a glyph, a span of a rounded
    // rectangle): like `stack`, it is used from one thread and never accessed twice at once,
    // so the runtime's exclusivity checks (a call and a thread-local lookup each) are left out.
    /// The pixels drawn into. Reading it lends them out: whoever holds the surface may change
    /// pixels the context does not see, so `touchedBounds` no longer tells what changed
    /// (`surfaceLent`).
    public var surface: Surface {
        finishPendingClear()
        surfaceLent = true
        return target
    }
    /// The pixels drawn into, read by the context itself (and by the compositor, which does
    /// not draw into the surface behind the context's back).
    @exclusivity(unchecked) package private(set) var target: Surface
    /// A box (surface pixels) holding every pixel the context has painted since it was made
    /// or reset: each painting call adds the area it was limited to, so the box may hold
    /// pixels left as they were, never miss one that changed. Empty when nothing was painted.
    /// It says nothing once `surfaceLent`.
    @exclusivity(unchecked) package internal(set) var touchedBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether `surface` was read: then pixels may have changed outside `touchedBounds`.
    @exclusivity(unchecked) package private(set) var surfaceLent = false
    /// Pixels to clear to transparent before anything is painted (`clearBeforePainting(_:)`),
    /// nil once they are.
    @exclusivity(unchecked) package internal(set) var pendingClear: PixelRect?

    /// The current transform: user space to surface pixels.
    @exclusivity(unchecked) public internal(set) var ctm: AffineTransform
    /// The clip as whole surface pixels (nil: the whole surface). Nothing outside it changes.
    @exclusivity(unchecked) public internal(set) var clipRegion: Region? {
        didSet { clipBox = clipRegion?.boundingBox }
    }
    /// `clipRegion`'s bounding box (surface pixels; nil without a clip), kept with it: the
    /// compositor tests every subtree it walks against it, and reading it copies no region
    /// (a copy of a region counts a reference, and releases it).
    @exclusivity(unchecked) public private(set) var clipBox: PixelRect?
    /// The antialiased part of the clip: A8 coverage over `clipRegion`'s bounding box (in
    /// surface pixels, from its origin), multiplying everything drawn (nil: none). Never
    /// mutated once set, so a saved state can share it.
    @exclusivity(unchecked) var clipMask: ClipMask?

    /// An A8 coverage mask whose pixel (0, 0) lies on surface pixel (`x`, `y`): no larger than
    /// the clip's box, whatever the surface's size.
    struct ClipMask {
        let surface: Surface
        let x: Int, y: Int
        var image: OpaquePointer { surface.image }
    }
    /// Opacity multiplying everything drawn, 0...1 (default 1) — the view's alpha when the
    /// compositor composes it.
    @exclusivity(unchecked) public var alpha: Double = 1
    /// The colour `fill…` paints (default black).
    @exclusivity(unchecked) public var fillColor: Color = .black
    /// The colour `stroke…` paints (default black).
    @exclusivity(unchecked) public var strokeColor: Color = .black
    /// The stroke width in user space (default 1), centred on the path; ≤ 0 strokes nothing.
    @exclusivity(unchecked) public var lineWidth: Double = 1
    /// How open ends of strokes are drawn (default butt).
    @exclusivity(unchecked) public var lineCap: LineCap = .butt
    /// How stroked corners are drawn (default miter).
    @exclusivity(unchecked) public var lineJoin: LineJoin = .miter
    /// The longest miter join, as a multiple of the line width, before it is bevelled instead
    /// (default 10, as Core Graphics).
    @exclusivity(unchecked) public var miterLimit: Double = 10
    /// How drawing combines with the surface (default normal).
    @exclusivity(unchecked) public var blendMode: BlendMode = .normal

    /// The saved states, innermost last. (A context is used from one thread, and its state is
    /// never accessed twice at once: the runtime's exclusivity checks, a call on every save
    /// and restore, are left out.)
    @exclusivity(unchecked) private var stack: [State] = []
    /// Masks, solid images and contexts reused from one drawing to the next.
    let scratch: DrawingScratch

    /// How far, in surface pixels, a flattened curve may stray from the true one.
    static let flatness = 0.1

    private struct State {
        var ctm: AffineTransform
        var clipRegion: Region?
        var clipMask: ClipMask?
        var alpha: Double
        var fillColor: Color
        var strokeColor: Color
        var lineWidth: Double
        var lineCap: LineCap
        var lineJoin: LineJoin
        var miterLimit: Double
        var blendMode: BlendMode
    }

    /// A context drawing into `surface`; `transform` maps user space to the surface's pixels
    /// and `clip` (surface pixels; nil for all of it) limits what may change.
    public init(surface: Surface, transform: AffineTransform = .identity, clip: Region? = nil) {
        self.target = surface
        self.ctm = transform
        self.clipRegion = clip
        self.clipBox = clip?.boundingBox
        self.scratch = DrawingScratch()
    }

    /// A context drawing with `scratch`'s reused memory (see `DrawingScratch.withContext`).
    init(surface: Surface, transform: AffineTransform, clip: Region?, scratch: DrawingScratch) {
        self.target = surface
        self.ctm = transform
        self.clipRegion = clip
        self.clipBox = clip?.boundingBox
        self.scratch = scratch
    }

    /// Makes this context as new, drawing into `surface` (a context reused by its scratch).
    func reset(surface: Surface, transform: AffineTransform, clip: Region?) {
        target = surface
        touchedBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
        surfaceLent = false
        pendingClear = nil
        ctm = transform
        clipRegion = clip
        clipMask = nil
        alpha = 1
        fillColor = .black
        strokeColor = .black
        lineWidth = 1
        lineCap = .butt
        lineJoin = .miter
        miterLimit = 10
        blendMode = .normal
        stack.removeAll(keepingCapacity: true)
    }

    // MARK: - State

    /// Pushes a copy of the whole state (transform, clip, colours, pen, alpha, blend mode).
    public func saveGState() {
        stack.append(State(ctm: ctm, clipRegion: clipRegion, clipMask: clipMask, alpha: alpha, fillColor: fillColor,
                           strokeColor: strokeColor, lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
                           miterLimit: miterLimit, blendMode: blendMode))
    }

    /// Pops the state saved last, undoing every change since; does nothing if none is saved.
    public func restoreGState() {
        guard let s = stack.popLast() else { return }
        ctm = s.ctm
        clipRegion = s.clipRegion
        clipMask = s.clipMask
        alpha = s.alpha
        fillColor = s.fillColor
        strokeColor = s.strokeColor
        lineWidth = s.lineWidth
        lineCap = s.lineCap
        lineJoin = s.lineJoin
        miterLimit = s.miterLimit
        blendMode = s.blendMode
    }

    /// Runs `body` between `saveGState()` and `restoreGState()` (restored even if it throws).
    public func withSavedGState<R>(_ body: () throws -> R) rethrows -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    // MARK: - Transform

    /// Makes `transform` apply to user space before the current transform: later drawing
    /// goes through `transform`, then the old `ctm`.
    public func concatenateCTM(_ transform: AffineTransform) { ctm = transform.concatenating(ctm) }

    /// Moves user space's origin by (`x`, `y`) user units.
    public func translateBy(x: Double, y: Double) { ctm = ctm.translatedBy(x: x, y: y) }

    /// Scales user space by (`x`, `y`) about its origin.
    public func scaleBy(x: Double, y: Double) { ctm = ctm.scaledBy(x: x, y: y) }

    /// Rotates user space about its origin by `angle` radians (positive turns +x toward +y,
    /// clockwise on screen).
    public func rotate(by angle: Double) { ctm = ctm.rotated(by: angle) }

    // MARK: - Clip

    /// Intersects the clip with `rect` (user space). On whole pixels under an axis-aligned
    /// transform this is exact and costs nothing per draw; otherwise its edges are
    /// antialiased through the clip mask.
    public func clip(to rect: Rect) {
        guard !rect.isNull else { clipRegion = Region(); clipMask = nil; return }
        if let pixels = alignedPixels(of: rect) {
            clip(to: Region(pixels))
        } else {
            clip(to: Path(rect))
        }
    }

    /// Intersects the clip with `region`, in surface pixels (the transform does not apply).
    public func clip(to region: Region) {
        clipRegion = (clipRegion ?? Region(target.bounds)).intersection(region)
    }

    /// Intersects the clip with the inside of `path` (user space) under `rule`, antialiased.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        let polygons = devicePolygons(of: path)
        let box = pixelBounds(of: polygons).intersection(clipBounds)
        guard !box.isEmpty else { clipRegion = Region(); clipMask = nil; return }
        let mask = Surface(width: box.width, height: box.height, format: .a8)
        Rasterizer.rasterize(polygons, rule: rule, into: mask.image, maskOrigin: (box.x, box.y), maskHeight: box.height, limit: rasterLimit)
        if let old = clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, old.image, nil, mask.image, Int32(box.x - old.x), Int32(box.y - old.y), 0, 0,
                                     0, 0, Int32(box.width), Int32(box.height))
        }
        clip(to: Region(box))
        clipMask = ClipMask(surface: mask, x: box.x, y: box.y)
    }

    /// Intersects the clip with a rounded rectangle (user space; see
    /// `Path.addRoundedRect(in:cornerRadius:)`), antialiased: cornerRadius with clipsToBounds.
    public func clip(toRoundedRect rect: Rect, cornerRadius: Double) {
        if cornerRadius <= 0 { clip(to: rect) } else { clip(to: Path(roundedRect: rect, cornerRadius: cornerRadius)) }
    }

    /// The smallest user-space rectangle holding the whole clip (`CGContext.boundingBoxOfClipPath`):
    /// drawing outside it cannot show. `Rect.null` when the clip is empty.
    public var boundingBoxOfClipPath: Rect {
        let box = clipBounds
        guard !box.isEmpty, ctm.isInvertible else { return .null }
        return box.rect.applying(ctm.inverted())
    }

    /// Where polygons are cut before rasterizing, to keep pixman's 16.16 fixed point in range:
    /// a fixed window far larger than any surface, so that ordinary drawings are never cut and
    /// a pixel gets the same coverage whatever part is drawn and wherever a layer's origin is.
    var rasterLimit: Rect { Rect(x: -16384, y: -16384, width: 32767, height: 32767) }

    /// Surface pixels the clip may let through.
    package var clipBounds: PixelRect {
        clipBox.map { $0.intersection(target.bounds) } ?? target.bounds
    }

    // MARK: - Shapes

    /// Fills `rect` (user space) with `fillColor`.
    public func fill(_ rect: Rect) { fillRect(rect, source: .color(fillColor), mode: blendMode) }

    /// Strokes the outline of `rect` (user space) with `strokeColor`, centred on its edges,
    /// with `lineJoin` at the corners.
    public func stroke(_ rect: Rect) { stroke(Path(rect)) }

    /// Makes `rect` (user space) transparent (black on a surface without alpha), within the
    /// clip, whatever the alpha and blend mode.
    public func clear(_ rect: Rect) { fillRect(rect, source: .color(.clear), mode: .clear) }

    /// Fills a rounded rectangle (see `Path.addRoundedRect(in:cornerRadius:)`). Under a
    /// translation and uniform scale it is painted as spans plus four cached corner tiles (a
    /// shape too small for its corners, such as a circle, as one cached tile of itself), with
    /// the pixels of `fill(Path(roundedRect:…))` outside the corners and within one coverage
    /// level in them; otherwise as that path.
    public func fillRoundedRect(_ rect: Rect, cornerRadius: Double) {
        if cornerRadius <= 0 { fill(rect); return }
        if paintRoundedRectBySpans(rect, cornerRadius: cornerRadius, stroked: false) { return }
        fill(Path(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// Strokes a rounded rectangle (see `Path.addRoundedRect(in:cornerRadius:)`): a border,
    /// painted like `fillRoundedRect(_:cornerRadius:)` (spans plus cached corner rings) under
    /// a translation and uniform scale. On whole pixels it gives the pixels of
    /// `stroke(Path(roundedRect:…))` (corners within one level); off whole pixels its sides
    /// are that stroke's exactly and its corners are the true ring between two rounded
    /// rectangles, within a fifth of full coverage of the stroke's.
    public func strokeRoundedRect(_ rect: Rect, cornerRadius: Double) {
        if paintRoundedRectBySpans(rect, cornerRadius: cornerRadius, stroked: true) { return }
        stroke(Path(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// Fills the ellipse inscribed in `rect` (user space).
    public func fillEllipse(in rect: Rect) { fill(Path(ellipseIn: rect)) }

    /// Strokes the ellipse inscribed in `rect` (user space).
    public func strokeEllipse(in rect: Rect) { stroke(Path(ellipseIn: rect)) }

    /// Strokes the straight line from `start` to `end` (user space) with the current pen and
    /// `lineCap` at both ends.
    public func strokeLine(from start: Point, to end: Point) {
        var path = Path()
        path.move(to: start)
        path.addLine(to: end)
        stroke(path)
    }

    /// Fills the inside of `path` (user space; every subpath taken as closed) under `rule`
    /// with `fillColor`.
    public func fill(_ path: Path, rule: FillRule = .nonZero) {
        paintPolygons(devicePolygons(of: path), rule: rule, source: .color(fillColor), mode: blendMode)
    }

    /// Strokes `path` (user space) with `strokeColor`: a band `lineWidth` wide centred on it,
    /// with `lineCap` at open ends and `lineJoin` at corners. The pen is in user space, so a
    /// non-uniform scale draws thicker lines along the stretched axis. Overlapping parts are
    /// painted once.
    public func stroke(_ path: Path) {
        guard lineWidth > 0, lineWidth.isFinite, ctm.isInvertible else { return }
        let t = ctm
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return }
        paintPolygons(strokeOutline(of: path, transform: t), rule: .nonZero, source: .color(strokeColor), mode: blendMode)
    }

    /// The outline of `path` stroked with the current pen, in the pixels `t` maps user space
    /// to (`t` finite and invertible): what `stroke(_:)` fills.
    func strokeOutline(of path: Path, transform t: AffineTransform) -> [[Point]] {
        // The largest scale the transform applies (its largest singular value): user-space
        // tolerances divide by it to stay within `flatness` pixels.
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.determinant
        let scale = sqrt((sum + sqrt(max(sum * sum - 4 * det * det, 0))) / 2)
        let tolerance = GraphicsContext.flatness / scale
        // A subpath with a non-finite point has no shape: it is not stroked.
        let lines = path.flattened(tolerance: tolerance).filter { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        let style = StrokeStyle(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit, tolerance: tolerance)
        return Stroker.outline(of: lines, style: style).map { polygon in polygon.map { $0.applying(t) } }
    }

    // MARK: - Gradients and images

    /// Paints `gradient` along the line from `start` to `end` (user space), filling the whole
    /// clip: colours are constant across the line, the first stop at `start`, the last at
    /// `end`. Beyond the ends nothing is painted unless `options` says so (then the end
    /// colours continue). Drawing nothing when `start == end`.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []) {
        guard let first = gradient.stops.first, start != end, ctm.isInvertible else { return }
        let box = clipBounds
        guard !box.isEmpty else { return }
        guard let coverage = gradientCoverage(start: start, end: end, options: options) else { return }
        if gradient.stops.count == 1 {
            paint(.color(first.color), coverage: coverage, bounds: box, mode: blendMode)
            return
        }
        var stops = gradient.pixmanStops(alpha: alpha)
        var p1 = pixman_point_fixed_t(x: pixmanFixed(start.x), y: pixmanFixed(start.y))
        var p2 = pixman_point_fixed_t(x: pixmanFixed(end.x), y: pixmanFixed(end.y))
        guard let image = pixman_image_create_linear_gradient(&p1, &p2, &stops, Int32(stops.count)) else { return }
        defer { pixman_image_unref(image) }
        // pixman samples the source at surface pixels; the gradient lives in user space.
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        let toUser = ctm.inverted()
        // Moving one pixel along a row moves (a, b) in user space; the colour changes along
        // rows unless that is perpendicular to the gradient's axis.
        let alongRows = (end.x - start.x) * toUser.a + (end.y - start.y) * toUser.b != 0
        paintGradient(image, transform: toUser, anchor: anchorPixel(start.applying(ctm)), changesAlongRows: alongRows,
                      coverage: coverage, bounds: box)
    }

    /// Draws `image` scaled to fill `rect` (user space), bilinear-filtered (nearest when it
    /// lands pixel for pixel), with its alpha times `alpha`. Its edges are those of `rect`,
    /// antialiased.
    public func draw(_ image: Surface, in rect: Rect) {
        let rect = rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        let toUser = AffineTransform(a: rect.width / Double(image.width), b: 0, c: 0, d: rect.height / Double(image.height),
                                     tx: rect.minX, ty: rect.minY)
        let toPixels = toUser.concatenating(ctm)
        guard toPixels.isInvertible else { return }
        let tx = toPixels.tx, ty = toPixels.ty
        let pixelForPixel = toPixels.a == 1 && toPixels.b == 0 && toPixels.c == 0 && toPixels.d == 1
            && tx == tx.rounded() && ty == ty.rounded()
        // Bilinear unless image pixels land on surface pixels. The edges come from the
        // coverage of `rect`; padding keeps the filter from fading them into transparency.
        pixman_image_set_filter(image.image, pixelForPixel ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(image.image, PIXMAN_REPEAT_PAD)
        let source = Source.image(image.image, transform: toPixels.inverted(), anchor: anchorPixel(rect.origin.applying(ctm)),
                                  applyAlpha: true)
        defer {
            pixman_image_set_transform(image.image, nil)
            pixman_image_set_filter(image.image, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_set_repeat(image.image, PIXMAN_REPEAT_NONE)
        }
        fillRect(rect, source: source, mode: blendMode)
    }

    /// Draws `image` at its natural size (one image pixel per user unit) with its top-left
    /// corner at `point` (user space).
    public func draw(_ image: Surface, at point: Point) {
        draw(image, in: Rect(x: point.x, y: point.y, width: Double(image.width), height: Double(image.height)))
    }

    /// Composites `image` unscaled and unfiltered with its top-left pixel on surface pixel
    /// (`x`, `y`), ignoring the transform, through the clip, `alpha` and `blendMode`: how a
    /// compositor places layers and backing stores on whole pixels, exactly.
    public func composite(_ image: Surface, atPixel x: Int, _ y: Int) {
        composite(image, atPixel: x, y, within: nil)
    }

    /// `composite(_:atPixel:_:)` limited to the surface pixels of `within` as well as the clip:
    /// what clipping to that rectangle first would paint, without making a clip region.
    /// `opaque` (`image`'s pixels) is a part of the image known to be fully opaque
    /// (`Surface.opaqueCore`): composed at alpha 1 in the normal blend mode, without a soft
    /// clip, onto a 32-bit surface, it is copied rather than blended, which gives the same
    /// pixels (over an opaque pixel nothing shows through) at the cost of a copy.
    public func composite(_ image: Surface, atPixel x: Int, _ y: Int, within: PixelRect?,
                          opaque: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0)) {
        // Beyond the coordinate limit the image is on no surface; clamped, nothing overflows.
        let limit = PixelRect.coordinateLimit
        let x = min(max(x, -limit), limit), y = min(max(y, -limit), limit)
        var bounds = PixelRect(x: x, y: y, width: image.width, height: image.height)
        if let within { bounds = bounds.intersection(within) }
        guard !bounds.isEmpty else { return }
        pixman_image_set_filter(image.image, PIXMAN_FILTER_NEAREST, nil, 0)
        let source = Source.image(image.image, transform: AffineTransform(translationX: Double(-x), y: Double(-y)), anchor: (x, y),
                                  applyAlpha: true)
        defer { pixman_image_set_transform(image.image, nil) }
        let inImage = opaque.intersection(image.bounds)
        let core = PixelRect(x: inImage.x + x, y: inImage.y + y, width: inImage.width, height: inImage.height).intersection(bounds)
        guard !core.isEmpty, alpha >= 1, blendMode == .normal, clipMask == nil, image.format == .argb8888,
              target.format == .xrgb8888 || target.format == .argb8888 else {
            paint(source, coverage: .full, bounds: bounds, mode: blendMode)
            return
        }
        forEachClipRect(in: core.intersection(clipBounds)) { r in
            pixman_image_composite32(PIXMAN_OP_SRC, image.image, nil, target.image, Int32(r.x - x), Int32(r.y - y), 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        // Around the core, up to four bands blended as usual.
        func blend(_ band: PixelRect) {
            if !band.isEmpty { paint(source, coverage: .full, bounds: band, mode: blendMode) }
        }
        blend(PixelRect(x: bounds.x, y: bounds.y, width: bounds.width, height: core.y - bounds.y))
        blend(PixelRect(x: bounds.x, y: core.maxY, width: bounds.width, height: bounds.maxY - core.maxY))
        blend(PixelRect(x: bounds.x, y: core.y, width: core.x - bounds.x, height: core.height))
        blend(PixelRect(x: core.maxX, y: core.y, width: bounds.maxX - core.maxX, height: core.height))
    }

    /// Composites the A8 coverage `mask` (for example a glyph), its top-left pixel at surface
    /// pixel `at`, in the solid `color`, through the clip (region and mask), `alpha` and
    /// `blendMode`. The transform does not apply: the mask is already in surface pixels.
    func compositeMask(_ mask: Surface, at origin: (x: Int, y: Int), color: Color) {
        paint(.color(color), coverage: .mask(mask.image, x: origin.x, y: origin.y),
              bounds: PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height), mode: blendMode)
    }
}
