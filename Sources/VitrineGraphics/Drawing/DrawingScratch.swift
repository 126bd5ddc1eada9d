import CPixman

/// What drawing reuses from one primitive, and one frame, to the next, so that once warm a
/// frame allocates nothing: the memory of A8 coverage masks, pixman's solid-colour images, and
/// graphics contexts themselves.
///
/// One scratch serves one thread: a `GraphicsContext` made with `init(surface:transform:clip:)`
/// has a scratch of its own; the compositor and the views' drawing (all on the main actor)
/// share one through `withContext(surface:transform:clip:_:)`.
package final class DrawingScratch {
    // Used from one thread, each member never accessed twice at once (as GraphicsContext's
    // state): no runtime exclusivity checks on what every primitive reads.
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var capacity = 0
    /// The last mask image made over `buffer`, kept while masks of its size follow.
    @exclusivity(unchecked) private var maskImage: (image: OpaquePointer, width: Int, height: Int)?
    /// Solid images by colour, most recently used last.
    @exclusivity(unchecked) private var solids: [(key: UInt64, image: OpaquePointer)] = []
    /// Solid images of premultiplied 8-bit colours (`premultipliedSolid`), by that colour.
    @exclusivity(unchecked) private var premultipliedSolids: [UInt32: OpaquePointer] = [:]
    /// The sweep arrays of filled paths.
    private(set) lazy var raster = Rasterizer.Scratch()
    /// One four-point polygon, rewritten by each fill of an unaligned rectangle.
    @exclusivity(unchecked) var quadrilateral = [[Point](repeating: Point(x: 0, y: 0), count: 4)]
    /// The rectangles a fill spares (`GraphicsContext.fill(_:sparing:)`), the band edges and
    /// the spans of one band it sweeps with: arrays that keep their capacity, because a
    /// pixman region grown rectangle by rectangle reallocates its blocks as it goes.
    @exclusivity(unchecked) var sparedRects: [PixelRect] = []
    @exclusivity(unchecked) var sparingEdges: [Int] = []
    @exclusivity(unchecked) var sparingSpans: [(start: Int, end: Int)] = []
    /// The boxes of one batch of fills (`GraphicsContext.addToFillBatch`), at most
    /// `fillBatchCapacity`, kept between batches.
    @exclusivity(unchecked) var fillBoxes: [pixman_box32_t] = []
    /// Contexts not in use, reset to draw nothing.
    @exclusivity(unchecked) private var idleContexts: [GraphicsContext] = []
    /// What an idle context points at, so that it keeps no real surface alive.
    private lazy var placeholder = Surface(width: 1, height: 1, format: .a8)

    /// The most rectangles a fill spares: more are left out (painted over as usual).
    package static let sparedRectCapacity = 128
    /// The most boxes a batch of fills holds before it is sent to pixman.
    static let fillBatchCapacity = 256
    /// How many solid images are kept.
    static let solidCapacity = 32
    /// How many solid images of premultiplied colours are kept (a rounded rectangle's colour at
    /// each coverage of its fractional edges: a few per colour on screen).
    static let premultipliedSolidCapacity = 256

    /// A scratch with nothing in it yet.
    package init() {
        solids.reserveCapacity(Self.solidCapacity)
        sparedRects.reserveCapacity(Self.sparedRectCapacity)
        sparingEdges.reserveCapacity(2 * Self.sparedRectCapacity + 2)
        sparingSpans.reserveCapacity(Self.sparedRectCapacity)
        fillBoxes.reserveCapacity(Self.fillBatchCapacity)
        premultipliedSolids.reserveCapacity(Self.premultipliedSolidCapacity)
    }

    /// Runs `body` with a zeroed `width`×`height` A8 pixman image over the scratch memory
    /// (valid only during the call).
    func withMask<R>(width: Int, height: Int, _ body: (OpaquePointer) -> R) -> R {
        // pixman wants rows of whole 32-bit words.
        let stride = (width + 3) & ~3
        let bytes = stride * height
        if bytes > capacity {
            dropMaskImage()
            buffer?.deallocate()
            capacity = max(bytes, capacity * 2, 4096)
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
        let memory = buffer!
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        if let kept = maskImage, kept.width == width, kept.height == height { return body(kept.image) }
        dropMaskImage()
        guard let image = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(width), Int32(height),
                                                            memory.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            fatalError("GraphicsContext: pixman refused a \(width)×\(height) mask")
        }
        maskImage = (image, width, height)
        return body(image)
    }

    private func dropMaskImage() {
        if let kept = maskImage { pixman_image_unref(kept.image) }
        maskImage = nil
    }

    /// A pixman solid image of `color` (straight alpha), owned by the scratch: valid until
    /// `solidCapacity` other colours have been asked for, so a caller may hold two at once.
    func solidImage(_ color: Color) -> OpaquePointer {
        let c = color.pixmanColor
        let key = UInt64(c.red) << 48 | UInt64(c.green) << 32 | UInt64(c.blue) << 16 | UInt64(c.alpha)
        if let last = solids.last, last.key == key { return last.image }
        if let index = solids.lastIndex(where: { $0.key == key }) {
            let entry = solids.remove(at: index)
            solids.append(entry)
            return entry.image
        }
        if solids.count == Self.solidCapacity { pixman_image_unref(solids.removeFirst().image) }
        let image = Surface.solidImage(color)
        solids.append((key, image))
        return image
    }

    /// A pixman solid image of the premultiplied 8-bit colour `argb` (alpha in the top byte),
    /// owned by the scratch and valid until the next call. When `premultipliedSolidCapacity`
    /// colours are held they are all dropped and the cache fills again: memory stays bounded
    /// and, once warm, a frame of the same colours allocates nothing.
    func premultipliedSolid(_ argb: UInt32) -> OpaquePointer {
        if let image = premultipliedSolids[argb] { return image }
        if premultipliedSolids.count >= Self.premultipliedSolidCapacity {
            for image in premultipliedSolids.values { pixman_image_unref(image) }
            premultipliedSolids.removeAll(keepingCapacity: true)
        }
        // pixman keeps a solid's top 8 bits a channel: v * 257 gives v back exactly.
        func channel(_ shift: UInt32) -> UInt16 { UInt16((argb >> shift) & 0xFF) * 257 }
        var color = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        let image = pixman_image_create_solid_fill(&color)!
        premultipliedSolids[argb] = image
        return image
    }

    /// How many solid images are kept (for tests).
    var solidCount: Int { solids.count }

    /// Runs `body` with a context drawing into `surface` (see `GraphicsContext.init`), taken
    /// from the contexts this scratch keeps and given back after, unless `body` kept it.
    /// The contexts keep this scratch alive: use it for a scratch that lives as long as the
    /// program (the main actor's).
    package func withContext<R>(surface: Surface, transform: AffineTransform = .identity, clip: Region? = nil,
                                _ body: (GraphicsContext) throws -> R) rethrows -> R {
        var context: GraphicsContext
        if let idle = idleContexts.popLast() {
            context = idle
            context.reset(surface: surface, transform: transform, clip: clip)
        } else {
            context = GraphicsContext(surface: surface, transform: transform, clip: clip, scratch: self)
        }
        defer {
            if isKnownUniquelyReferenced(&context) {
                context.reset(surface: placeholder, transform: .identity, clip: nil)
                idleContexts.append(context)
            }
        }
        return try body(context)
    }

    deinit {
        dropMaskImage()
        buffer?.deallocate()
        for entry in solids { pixman_image_unref(entry.image) }
        for image in premultipliedSolids.values { pixman_image_unref(image) }
    }
}
