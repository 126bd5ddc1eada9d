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
    /// The pixels drawn into.
    public let surface: Surface

    /// The current transform: user space to surface pixels.
    public internal(set) var ctm: AffineTransform
    /// The clip as whole surface pixels (nil: the whole surface). Nothing outside it changes.
    public internal(set) var clipRegion: Region?
    /// The antialiased part of the clip: an A8 surface the size of `surface`, in its pixels,
    /// whose coverage multiplies everything drawn (nil: none). Never mutated once set, so a
    /// saved state can share it; zero outside `clipRegion`'s bounding box.
    var clipMask: Surface?
    /// Opacity multiplying everything drawn, 0...1 (default 1) — the view's alpha when the
    /// compositor composes it.
    public var alpha: Double = 1
    /// The colour `fill…` paints (default black).
    public var fillColor: Color = .black
    /// The colour `stroke…` paints (default black).
    public var strokeColor: Color = .black
    /// The stroke width in user space (default 1), centred on the path; ≤ 0 strokes nothing.
    public var lineWidth: Double = 1
    /// How open ends of strokes are drawn (default butt).
    public var lineCap: LineCap = .butt
    /// How stroked corners are drawn (default miter).
    public var lineJoin: LineJoin = .miter
    /// The longest miter join, as a multiple of the line width, before it is bevelled instead
    /// (default 10, as Core Graphics).
    public var miterLimit: Double = 10
    /// How drawing combines with the surface (default normal).
    public var blendMode: BlendMode = .normal

    /// The saved states, innermost last.
    private var stack: [State] = []
    private let scratch = MaskScratch()

    /// How far, in surface pixels, a flattened curve may stray from the true one.
    static let flatness = 0.1

    private struct State {
        var ctm: AffineTransform
        var clipRegion: Region?
        var clipMask: Surface?
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
        self.surface = surface
        self.ctm = transform
        self.clipRegion = clip
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
        clipRegion = (clipRegion ?? Region(surface.bounds)).intersection(region)
    }

    /// Intersects the clip with the inside of `path` (user space) under `rule`, antialiased.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        let polygons = devicePolygons(of: path)
        let box = pixelBounds(of: polygons).intersection(clipBounds)
        guard !box.isEmpty else { clipRegion = Region(); clipMask = nil; return }
        let mask = Surface(width: surface.width, height: surface.height, format: .a8)
        Rasterizer.rasterize(polygons, rule: rule, into: mask.image, maskOrigin: (0, 0), maskHeight: surface.height, limit: rasterLimit)
        if let old = clipMask {
            pixman_image_composite32(PIXMAN_OP_IN, old.image, nil, mask.image, Int32(box.x), Int32(box.y), 0, 0,
                                     Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        }
        clip(to: Region(box))
        clipMask = mask
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
    private var rasterLimit: Rect { Rect(x: -16384, y: -16384, width: 32767, height: 32767) }

    /// Surface pixels the clip may let through.
    private var clipBounds: PixelRect {
        clipRegion.map { $0.boundingBox.intersection(surface.bounds) } ?? surface.bounds
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

    /// Fills a rounded rectangle (see `Path.addRoundedRect(in:cornerRadius:)`).
    public func fillRoundedRect(_ rect: Rect, cornerRadius: Double) {
        if cornerRadius <= 0 { fill(rect) } else { fill(Path(roundedRect: rect, cornerRadius: cornerRadius)) }
    }

    /// Strokes a rounded rectangle (see `Path.addRoundedRect(in:cornerRadius:)`).
    public func strokeRoundedRect(_ rect: Rect, cornerRadius: Double) {
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
        // The largest scale the transform applies (its largest singular value): user-space
        // tolerances divide by it to stay within `flatness` pixels.
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.determinant
        let scale = sqrt((sum + sqrt(max(sum * sum - 4 * det * det, 0))) / 2)
        let tolerance = GraphicsContext.flatness / scale
        // A subpath with a non-finite point has no shape: it is not stroked.
        let lines = path.flattened(tolerance: tolerance).filter { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        let style = StrokeStyle(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit, tolerance: tolerance)
        let outline = Stroker.outline(of: lines, style: style).map { polygon in polygon.map { $0.applying(t) } }
        paintPolygons(outline, rule: .nonZero, source: .color(strokeColor), mode: blendMode)
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
        // Beyond the coordinate limit the image is on no surface; clamped, nothing overflows.
        let limit = PixelRect.coordinateLimit
        let x = min(max(x, -limit), limit), y = min(max(y, -limit), limit)
        pixman_image_set_filter(image.image, PIXMAN_FILTER_NEAREST, nil, 0)
        let source = Source.image(image.image, transform: AffineTransform(translationX: Double(-x), y: Double(-y)), anchor: (x, y),
                                  applyAlpha: true)
        defer { pixman_image_set_transform(image.image, nil) }
        paint(source, coverage: .full, bounds: PixelRect(x: x, y: y, width: image.width, height: image.height), mode: blendMode)
    }

    /// Composites the A8 coverage `mask` (for example a glyph), its top-left pixel at surface
    /// pixel `at`, in the solid `color`, through the clip (region and mask), `alpha` and
    /// `blendMode`. The transform does not apply: the mask is already in surface pixels.
    func compositeMask(_ mask: Surface, at origin: (x: Int, y: Int), color: Color) {
        paint(.color(color), coverage: .mask(mask.image, x: origin.x, y: origin.y),
              bounds: PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height), mode: blendMode)
    }

    // MARK: - Painting

    /// What is painted through the coverage.
    private enum Source {
        /// A solid colour (straight alpha; `alpha` still applies).
        case color(Color)
        /// A pixman image sampled through `transform` (surface pixels to its coordinates),
        /// counted from surface pixel `anchor` (see `setSourceTransform`); `applyAlpha` when
        /// `alpha` has not been folded into it yet.
        case image(OpaquePointer, transform: AffineTransform, anchor: (x: Int, y: Int), applyAlpha: Bool)
    }

    /// Paints the pixman gradient `image` (alpha folded in, sampled through `transform` from
    /// surface pixels, counted from `anchor`) through `coverage` on `bounds`.
    ///
    /// pixman evaluates a linear gradient along each row incrementally from where the row
    /// starts, so a pixel can come out a step different when a row starts elsewhere. A
    /// gradient that changes along rows is therefore evaluated in blocks of columns that start
    /// at fixed places (every 256 pixels from the anchor), whatever part is drawn, so that a
    /// partial redraw gets exactly the pixels of a full one.
    private func paintGradient(_ image: OpaquePointer, transform: AffineTransform, anchor: (x: Int, y: Int), changesAlongRows: Bool,
                               coverage: Coverage, bounds: PixelRect) {
        let area = bounds.intersection(clipBounds)
        guard !area.isEmpty else { return }
        guard changesAlongRows else {
            paint(.image(image, transform: transform, anchor: anchor, applyAlpha: false), coverage: coverage, bounds: area, mode: blendMode)
            return
        }
        let block = 256
        func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let firstStart = anchor.x + floorDivide(area.x - anchor.x, block) * block
        let rows = Surface(width: area.maxX - firstStart, height: area.height, format: .argb8888)
        var blockStart = firstStart
        while blockStart < area.maxX {
            let columns = PixelRect(x: blockStart, y: area.y, width: min(block, area.maxX - blockStart), height: area.height)
            let origin = setSourceTransform(image, transform, anchor: anchor, area: columns)
            pixman_image_composite32(PIXMAN_OP_SRC, image, nil, rows.image, origin.x, origin.y, 0, 0,
                                     Int32(blockStart - firstStart), 0, Int32(columns.width), Int32(columns.height))
            blockStart += block
        }
        let toRows = AffineTransform(translationX: Double(-firstStart), y: Double(-area.y))
        paint(.image(rows.image, transform: toRows, anchor: (0, 0), applyAlpha: false), coverage: coverage, bounds: area, mode: blendMode)
    }

    /// Where, within the bounds being painted, the source shows.
    private enum Coverage {
        /// Every pixel.
        case full
        /// Inside polygons in surface pixels.
        case polygons([[Point]], FillRule)
        /// An A8 image whose pixel (0, 0) lies on surface pixel (x, y).
        case mask(OpaquePointer, x: Int, y: Int)
    }

    /// The whole pixels `rect` covers under the current transform, if it covers them exactly
    /// (axis-aligned, edges on pixel boundaries).
    private func alignedPixels(of rect: Rect) -> PixelRect? {
        guard ctm.b == 0, ctm.c == 0 else { return nil }
        let r = rect.applying(ctm)
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
              r.minX == r.minX.rounded(), r.minY == r.minY.rounded(), r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded() else {
            return nil
        }
        let limit = surface.bounds.rect.insetBy(dx: -1, dy: -1)
        return PixelRect(covering: r.intersection(limit))
    }

    private func fillRect(_ rect: Rect, source: Source, mode: BlendMode) {
        let rect = rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        if let pixels = alignedPixels(of: rect) {
            paint(source, coverage: .full, bounds: pixels, mode: mode)
            return
        }
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map { $0.applying(ctm) }
        paintPolygons([corners], rule: .nonZero, source: source, mode: mode)
    }

    /// `path` in surface pixels, flattened.
    private func devicePolygons(of path: Path) -> [[Point]] {
        path.flattened(transform: ctm, tolerance: GraphicsContext.flatness).map(\.points)
    }

    /// The whole pixels touched by `polygons`, within the surface; non-finite points make it
    /// empty.
    private func pixelBounds(of polygons: [[Point]]) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                guard p.x.isFinite, p.y.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
                minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let r = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(surface.bounds.rect)
        return PixelRect(covering: r)
    }

    private func paintPolygons(_ polygons: [[Point]], rule: FillRule, source: Source, mode: BlendMode) {
        let box = pixelBounds(of: polygons)
        guard !box.isEmpty else { return }
        paint(source, coverage: .polygons(polygons, rule), bounds: box, mode: mode)
    }

    /// Where a gradient from `start` to `end` paints: everywhere, less the half-planes before
    /// `start` and after `end` that `options` leaves out; nil if nothing is left.
    private func gradientCoverage(start: Point, end: Point, options: GradientDrawingOptions) -> Coverage? {
        if options.contains([.drawsBeforeStartLocation, .drawsAfterEndLocation]) { return .full }
        // Cut in user space, where the gradient's ends are perpendicular to its axis. The
        // polygon starts from the surface (not the clip) so a partial redraw gets the same
        // edges as a full one.
        let toUser = ctm.inverted()
        let r = rasterLimit
        var polygon = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)].map { $0.applying(toUser) }
        let axis = end - start
        func dot(_ p: Point, _ origin: Point) -> Double { (p.x - origin.x) * axis.x + (p.y - origin.y) * axis.y }
        if !options.contains(.drawsBeforeStartLocation) { polygon = cutHalfPlane(polygon) { dot($0, start) } }
        if !options.contains(.drawsAfterEndLocation) { polygon = cutHalfPlane(polygon) { -dot($0, end) } }
        guard polygon.count >= 3 else { return nil }
        return .polygons([polygon.map { $0.applying(ctm) }], .nonZero)
    }

    /// The part of convex `polygon` where `side` is ≥ 0 (`side` is affine).
    private func cutHalfPlane(_ polygon: [Point], side: (Point) -> Double) -> [Point] {
        var result: [Point] = []
        guard var previous = polygon.last else { return result }
        var previousSide = side(previous)
        for p in polygon {
            let s = side(p)
            if (s >= 0) != (previousSide >= 0) {
                let t = previousSide / (previousSide - s)
                result.append(Point(x: previous.x + (p.x - previous.x) * t, y: previous.y + (p.y - previous.y) * t))
            }
            if s >= 0 { result.append(p) }
            previous = p
            previousSide = s
        }
        return result
    }

    /// Paints `source` through `coverage` on the pixels of `bounds` that the clip lets
    /// through, by `alpha` and `mode`: the one place pixels change.
    private func paint(_ source: Source, coverage: Coverage, bounds: PixelRect, mode: BlendMode) {
        let area = bounds.intersection(clipBounds)
        guard !area.isEmpty else { return }
        let alpha = min(max(self.alpha, 0), 1)
        if alpha == 0 && mode != .clear && mode != .copy { return }
        if case .full = coverage, clipMask == nil {
            paintUnmasked(source, area: area, alpha: alpha, mode: mode)
            return
        }
        if case .mask(let image, let x, let y) = coverage, clipMask == nil, case .color = source {
            blend(source, mask: image, maskX: area.x - x, maskY: area.y - y, area: area, alpha: alpha, mode: mode)
            return
        }
        let (w, h) = (Int32(area.width), Int32(area.height))
        scratch.withMask(width: area.width, height: area.height) { mask in
            switch coverage {
            case .full:
                pixman_image_composite32(PIXMAN_OP_SRC, clipMask!.image, nil, mask, Int32(area.x), Int32(area.y), 0, 0, 0, 0, w, h)
            case .polygons(let polygons, let rule):
                Rasterizer.rasterize(polygons, rule: rule, into: mask, maskOrigin: (area.x, area.y), maskHeight: area.height,
                                     limit: rasterLimit)
                if let clipMask {
                    pixman_image_composite32(PIXMAN_OP_IN, clipMask.image, nil, mask, Int32(area.x), Int32(area.y), 0, 0, 0, 0, w, h)
                }
            case .mask(let image, let x, let y):
                pixman_image_composite32(PIXMAN_OP_SRC, image, nil, mask, Int32(area.x - x), Int32(area.y - y), 0, 0, 0, 0, w, h)
                if let clipMask {
                    pixman_image_composite32(PIXMAN_OP_IN, clipMask.image, nil, mask, Int32(area.x), Int32(area.y), 0, 0, 0, 0, w, h)
                }
            }
            blend(source, mask: mask, maskX: 0, maskY: 0, area: area, alpha: alpha, mode: mode, maskIsScratch: true)
        }
    }

    /// Full coverage without a clip mask: fills and plain composites limited by the region.
    private func paintUnmasked(_ source: Source, area: PixelRect, alpha: Double, mode: BlendMode) {
        if mode == .clear {
            surface.fill(region(within: area), with: .clear)
            return
        }
        switch source {
        case .color(let color):
            let c = color.withAlphaComponent(color.alpha * alpha)
            if mode == .copy || (mode == .normal && c.alpha == 1) {
                surface.fill(region(within: area), with: c)
                return
            }
            if c.alpha == 0 && mode != .copy { return }
            let solid = Surface.solidImage(c)
            defer { pixman_image_unref(solid) }
            surface.withClip(clipRegion) {
                pixman_image_composite32(mode.pixmanOperator, solid, nil, surface.image, 0, 0, 0, 0,
                                         Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            }
        case .image(let image, let transform, let anchor, let applyAlpha):
            let mask = applyAlpha && alpha < 1 ? Surface.solidImage(Color(white: 0, alpha: alpha)) : nil
            defer { if let mask { pixman_image_unref(mask) } }
            let origin = setSourceTransform(image, transform, anchor: anchor, area: area)
            surface.withClip(clipRegion) {
                pixman_image_composite32(mode.pixmanOperator, image, mask, surface.image, origin.x, origin.y,
                                         0, 0, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            }
        }
    }

    /// Paints `source` through the A8 `mask` (its pixel (`maskX`, `maskY`) on `area`'s
    /// top-left). Clear and copy are not bounded by the mask in pixman, so they are done as
    /// "remove by coverage, then add the source by coverage".
    private func blend(_ source: Source, mask: OpaquePointer, maskX: Int, maskY: Int, area: PixelRect,
                       alpha: Double, mode: BlendMode, maskIsScratch: Bool = false) {
        let (x, y, w, h) = (Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        let (mx, my) = (Int32(maskX), Int32(maskY))
        let image: OpaquePointer, sx: Int32, sy: Int32
        var owned: OpaquePointer?
        var alphaForMask = 1.0
        switch source {
        case .color(let color):
            owned = Surface.solidImage(color.withAlphaComponent(color.alpha * alpha))
            (image, sx, sy) = (owned!, 0, 0)
        case .image(let i, let transform, let anchor, let applyAlpha):
            let origin = setSourceTransform(i, transform, anchor: anchor, area: area)
            (image, sx, sy) = (i, origin.x, origin.y)
            if applyAlpha { alphaForMask = alpha }
        }
        defer { if let owned { pixman_image_unref(owned) } }
        func scaleMaskByAlpha() {
            guard alphaForMask < 1, maskIsScratch else { return }
            let solid = Surface.solidImage(Color(white: 0, alpha: alphaForMask))
            pixman_image_composite32(PIXMAN_OP_IN, solid, nil, mask, 0, 0, 0, 0, mx, my, w, h)
            pixman_image_unref(solid)
        }
        surface.withClip(clipRegion) {
            switch mode {
            case .clear, .copy:
                pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, mask, nil, surface.image, mx, my, 0, 0, x, y, w, h)
                guard mode == .copy else { return }
                scaleMaskByAlpha()
                pixman_image_composite32(PIXMAN_OP_ADD, image, mask, surface.image, sx, sy, mx, my, x, y, w, h)
            default:
                scaleMaskByAlpha()
                pixman_image_composite32(mode.pixmanOperator, image, mask, surface.image, sx, sy, mx, my, x, y, w, h)
            }
        }
    }

    /// The clip region within `area`.
    private func region(within area: PixelRect) -> Region {
        clipRegion.map { $0.intersection(area) } ?? Region(area)
    }

    /// Sets `image`'s pixman transform to `transform` (surface pixels to source coordinates)
    /// counted from surface pixel `anchor`, and returns the source origin to composite `area`
    /// from. An integer translation is done with the origin alone, which keeps pixman on its
    /// untransformed fast paths.
    ///
    /// pixman's matrix is 16.16 fixed point. Counting from an anchor that moves with the
    /// drawing (the device position of an image's corner, of a gradient's start) keeps its
    /// numbers small, and makes a drawing sample exactly the same source points when its
    /// surface is a layer whose origin is moved by whole pixels.
    private func setSourceTransform(_ image: OpaquePointer, _ transform: AffineTransform, anchor: (x: Int, y: Int),
                                    area: PixelRect) -> (x: Int32, y: Int32) {
        let t = AffineTransform(translationX: Double(anchor.x), y: Double(anchor.y)).concatenating(transform)
        let (dx, dy) = (Int32(clamping: area.x - anchor.x), Int32(clamping: area.y - anchor.y))
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(), abs(t.tx) < 1e9, abs(t.ty) < 1e9 {
            pixman_image_set_transform(image, nil)
            return (dx &+ Int32(t.tx), dy &+ Int32(t.ty))
        }
        var matrix = pixman_transform_t()
        matrix.matrix.0 = (pixmanFixed(t.a), pixmanFixed(t.c), pixmanFixed(t.tx))
        matrix.matrix.1 = (pixmanFixed(t.b), pixmanFixed(t.d), pixmanFixed(t.ty))
        matrix.matrix.2 = (0, 0, pixmanFixed(1))
        pixman_image_set_transform(image, &matrix)
        return (dx, dy)
    }

    /// The surface pixel holding `p` (surface pixels), clamped far inside Int32: where a
    /// source transform is counted from.
    private func anchorPixel(_ p: Point) -> (x: Int, y: Int) {
        func whole(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(.down), -1e8), 1e8)) : 0 }
        return (whole(p.x), whole(p.y))
    }
}
