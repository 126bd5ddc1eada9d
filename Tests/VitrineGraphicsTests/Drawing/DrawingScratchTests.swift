import Testing
@testable import VitrineGraphics

/// What drawing reuses so that a warm frame allocates nothing, and the bounded clip mask.
@MainActor
@Suite struct DrawingScratchTests {
    @Test func contextsAreReusedAndComeBackAsNew() {
        let scratch = DrawingScratch()
        let surface = Surface(width: 40, height: 30)
        var first: ObjectIdentifier?
        scratch.withContext(surface: surface, transform: AffineTransform(scaleX: 2, y: 2), clip: Region(PixelRect(x: 0, y: 0, width: 5, height: 5))) { context in
            first = ObjectIdentifier(context)
            context.fillColor = .white
            context.alpha = 0.5
            context.blendMode = .copy
            context.saveGState()
            context.clip(to: Path(ellipseIn: Rect(x: 0, y: 0, width: 4, height: 4)))
        }
        scratch.withContext(surface: surface) { context in
            #expect(ObjectIdentifier(context) == first)
            #expect(context.surface === surface)
            #expect(context.ctm == .identity)
            #expect(context.clipRegion == nil && context.clipMask == nil)
            #expect(context.alpha == 1 && context.fillColor == .black && context.blendMode == .normal)
            // Nested use takes another context.
            scratch.withContext(surface: surface) { inner in #expect(ObjectIdentifier(inner) != first) }
        }
    }

    @Test func aContextKeptByItsCallerIsNotHandedOutAgain() {
        let scratch = DrawingScratch()
        let surface = Surface(width: 8, height: 8)
        var kept: GraphicsContext?
        scratch.withContext(surface: surface) { kept = $0 }
        scratch.withContext(surface: surface) { context in #expect(context !== kept) }
    }

    @Test func solidImagesAreKeptPerColourAndBounded() {
        let scratch = DrawingScratch()
        let red = scratch.solidImage(.red)
        #expect(scratch.solidImage(.blue) != red)
        #expect(scratch.solidImage(.red) == red)
        for i in 0..<(DrawingScratch.solidCapacity * 3) { _ = scratch.solidImage(Color(white: Double(i) / 100, alpha: 1)) }
        #expect(scratch.solidCount <= DrawingScratch.solidCapacity)
    }

    /// A rounded clip's mask covers the clip's box, not the surface: a small rounded view on a
    /// full-HD scene costs a small mask.
    @Test func roundedClipMaskIsBoundedByItsBox() {
        let surface = Surface(width: 1920, height: 1080)
        let context = GraphicsContext(surface: surface)
        context.clip(toRoundedRect: Rect(x: 100.5, y: 200, width: 50, height: 40), cornerRadius: 8)
        let mask = try! #require(context.clipMask)
        #expect(mask.surface.width == 51 && mask.surface.height == 40)
        #expect(mask.x == 100 && mask.y == 200)
        // And it clips as before: inside painted, the rounded-off corner and outside not.
        context.fillColor = .white
        context.fill(Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(surface.color(x: 125, y: 220).rgba8 == Color.white.rgba8)
        #expect(surface.color(x: 101, y: 200).rgba8 != Color.white.rgba8)
        #expect(surface.color(x: 99, y: 220).alpha == 0)
        // A second rounded clip intersects with the first through both masks' origins.
        context.clip(toRoundedRect: Rect(x: 120, y: 210, width: 100, height: 100), cornerRadius: 20)
        let second = try! #require(context.clipMask)
        #expect(second.x == 120 && second.y == 210 && second.surface.width == 31 && second.surface.height == 30)
    }
}
