import Testing
import VitrineGraphics

/// What the compositor's "partial repaint equals full repaint" rests on: drawing the same
/// things with the clip limited to some rectangles gives, inside them, exactly the pixels a
/// drawing of everything gives — and so does drawing into a smaller surface whose origin is
/// moved by whole pixels (a group layer sized to the visible area).
///
/// The one exception, left out of the layer comparison: a gradient that stops at its ends.
/// Its end lines are cut where they leave a window fixed to each surface (pixman's fixed point
/// allows no more), so in a layer they can be a sample off along those lines. The compositor
/// draws no gradients into layers; views draw them into their own backing stores.
@Suite struct ClipInvarianceTests {
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func range(_ low: Double, _ high: Double) -> Double { low + next() * (high - low) }
        mutating func color() -> Color { Color(red: next(), green: next(), blue: next(), alpha: next() < 0.5 ? 1 : next()) }
    }

    /// One scene of random primitives, replayed identically from `seed` into `context`;
    /// `gradientsStopAtEnds: false` extends every gradient beyond its ends.
    private func drawScene(_ context: GraphicsContext, seed: UInt64, gradientsStopAtEnds: Bool = true) {
        var r = Random(state: seed)
        let image = Surface(width: 5, height: 4, format: .argb8888)
        for y in 0..<4 { for x in 0..<5 { image.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: r.color()) } }
        for _ in 0..<24 {
            context.saveGState()
            if r.next() < 0.3 { context.translateBy(x: r.range(-20, 20), y: r.range(-20, 20)) }
            if r.next() < 0.2 { context.scaleBy(x: r.range(0.5, 2), y: r.range(0.5, 2)) }
            if r.next() < 0.2 { context.rotate(by: r.range(-1, 1)) }
            if r.next() < 0.2 { context.clip(toRoundedRect: Rect(x: r.range(0, 80), y: r.range(0, 60), width: r.range(20, 120), height: r.range(20, 80)), cornerRadius: r.range(0, 15)) }
            if r.next() < 0.2 { context.alpha = r.range(0.2, 1) }
            context.fillColor = r.color()
            context.strokeColor = r.color()
            context.lineWidth = r.range(0.5, 8)
            context.lineJoin = [LineJoin.miter, .round, .bevel][Int(r.next() * 3)]
            context.lineCap = [LineCap.butt, .round, .square][Int(r.next() * 3)]
            let rect = Rect(x: r.range(-30, 150), y: r.range(-30, 110), width: r.range(1, 200), height: r.range(1, 150))
            switch Int(r.next() * 9) {
            case 0: context.fill(rect)
            case 1: context.fillRoundedRect(rect, cornerRadius: r.range(0, 30))
            case 2: context.strokeRoundedRect(rect, cornerRadius: r.range(0, 30))
            case 3: context.fillEllipse(in: rect)
            case 4: context.strokeEllipse(in: rect)
            case 5: context.strokeLine(from: rect.origin, to: Point(x: rect.maxX, y: rect.maxY))
            case 6: context.draw(image, in: rect)
            case 7:
                context.drawLinearGradient(Gradient(colors: [r.color(), r.color(), r.color()]), start: rect.origin,
                                           end: Point(x: rect.maxX, y: rect.maxY),
                                           options: r.next() < 0.5 && gradientsStopAtEnds ? [] : [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            default:
                var star = Path()
                for i in 0..<7 {
                    let p = Point(x: r.range(rect.minX, rect.maxX), y: r.range(rect.minY, rect.maxY))
                    if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
                }
                star.closeSubpath()
                context.fill(star, rule: r.next() < 0.5 ? .nonZero : .evenOdd)
            }
            context.restoreGState()
        }
    }

    @Test(arguments: Array(1...16))
    func clippedDrawingMatchesFullDrawingInsideTheClip(seed: Int) {
        let full = whiteSurface(width: 160, height: 120)
        drawScene(GraphicsContext(surface: full), seed: UInt64(seed))

        var r = Random(state: UInt64(seed) &+ 1000)
        var region = Region()
        for _ in 0..<3 {
            region.formUnion(PixelRect(x: Int(r.range(0, 140)), y: Int(r.range(0, 100)), width: Int(r.range(1, 60)), height: Int(r.range(1, 50))))
        }
        region.formIntersection(PixelRect(x: 0, y: 0, width: 160, height: 120))
        let partial = whiteSurface(width: 160, height: 120)
        drawScene(GraphicsContext(surface: partial, clip: region), seed: UInt64(seed))
        var differing = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let expected = region.contains(x: x, y: y) ? full.word(x: x, y: y) : 0xFFFF_FFFF
                if partial.word(x: x, y: y) != expected { differing += 1 }
            }
        }
        #expect(differing == 0, "seed \(seed): \(differing) pixels differ")

        // A layer holding only the region's bounding box, its origin moved there.
        let box = region.boundingBox
        guard !box.isEmpty else { return }
        let extended = whiteSurface(width: 160, height: 120)
        drawScene(GraphicsContext(surface: extended), seed: UInt64(seed), gradientsStopAtEnds: false)
        let layer = whiteSurface(width: box.width, height: box.height)
        let layerContext = GraphicsContext(surface: layer, transform: AffineTransform(translationX: Double(-box.x), y: Double(-box.y)))
        drawScene(layerContext, seed: UInt64(seed), gradientsStopAtEnds: false)
        var layerDiffering = 0
        for y in 0..<box.height {
            for x in 0..<box.width where layer.word(x: x, y: y) != extended.word(x: x + box.x, y: y + box.y) { layerDiffering += 1 }
        }
        #expect(layerDiffering == 0, "seed \(seed): \(layerDiffering) layer pixels differ")
    }
}
