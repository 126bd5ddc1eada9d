#if canImport(Glibc)
import Glibc
#endif
import Testing
import VitrineGraphics

/// One reference picture per primitive family, compared exactly (same pixman everywhere the
/// tests run). Record with `VITRINE_RECORD_GOLDENS=1 swift test --filter DrawingGoldenTests`.
@Suite struct DrawingGoldenTests {
    /// A white canvas with a light grid every 20 pixels, so the pictures show where things are.
    private func canvas(_ width: Int = 200, _ height: Int = 140) -> (Surface, GraphicsContext) {
        let surface = whiteSurface(width: width, height: height)
        let context = GraphicsContext(surface: surface)
        context.fillColor = Color(white: 0.9)
        for x in stride(from: 0, to: width, by: 20) { context.fill(Rect(x: Double(x), y: 0, width: 1, height: Double(height))) }
        for y in stride(from: 0, to: height, by: 20) { context.fill(Rect(x: 0, y: Double(y), width: Double(width), height: 1)) }
        context.fillColor = .black
        return (surface, context)
    }

    private let red = Color(rgb: 0xD03030), blue = Color(rgb: 0x3050D0), green = Color(rgb: 0x30A050)

    @Test func filledRectangles() {
        let (surface, c) = canvas()
        c.fillColor = red
        c.fill(Rect(x: 10, y: 10, width: 40, height: 30))            // whole pixels: exact
        c.fillColor = blue
        c.fill(Rect(x: 60.5, y: 10.25, width: 40.25, height: 30.5))  // fractional: soft edges
        c.fillColor = green.withAlphaComponent(0.5)
        c.fill(Rect(x: 30, y: 25, width: 50, height: 30))             // translucent over both
        c.fillColor = .black
        c.fill(Rect(x: 120, y: 10, width: 0.5, height: 40))           // thinner than a pixel
        c.fill(Rect(x: 130, y: 10, width: 2, height: 40))
        c.stroke(Rect(x: 10.5, y: 70.5, width: 60, height: 50))        // 1px crisp outline
        c.lineWidth = 6
        c.strokeColor = blue
        c.stroke(Rect(x: 90, y: 70, width: 90, height: 50))
        c.clear(Rect(x: 150, y: 85, width: 20, height: 20))
        expectGolden(surface, "rects")
    }

    @Test func strokesWithCapsAndJoins() {
        let (surface, c) = canvas(240, 200)
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        c.lineWidth = 12
        for (row, join) in joins.enumerated() {
            for (column, cap) in caps.enumerated() {
                var path = Path()
                let x = 20 + Double(column) * 75, y = 25 + Double(row) * 60
                path.move(to: Point(x: x, y: y + 30))
                path.addLine(to: Point(x: x + 20, y: y))
                path.addLine(to: Point(x: x + 50, y: y + 30))
                c.lineCap = cap
                c.lineJoin = join
                c.strokeColor = blue.withAlphaComponent(0.7)
                c.stroke(path)
                // The path itself, to show where the caps and joins sit.
                c.saveGState()
                c.lineWidth = 1
                c.lineCap = .butt
                c.lineJoin = .miter
                c.strokeColor = red
                c.stroke(path)
                c.restoreGState()
            }
        }
        expectGolden(surface, "strokes-caps-joins")
    }

    @Test func miterLimitAndSharpTurns() {
        let (surface, c) = canvas(200, 120)
        c.lineWidth = 8
        c.strokeColor = blue
        // A zig-zag whose corners are about 54° wide: a miter is 1/sin(27°) ≈ 2.2 line widths
        // long, so mitred under a limit of 10 and bevelled under 2.
        for (i, limit) in [10.0, 2.0].enumerated() {
            var path = Path()
            let y0 = 30 + Double(i) * 60
            path.move(to: Point(x: 20, y: y0 + 20))
            path.addLine(to: Point(x: 50, y: y0 - 15))
            path.addLine(to: Point(x: 58, y: y0 + 20))
            path.addLine(to: Point(x: 90, y: y0 - 15))
            c.miterLimit = limit
            c.stroke(path)
        }
        // A closed triangle: joins at every corner, no caps; and a self-crossing closed path
        // painted once where it overlaps itself.
        var triangle = Path()
        triangle.addLines(between: [Point(x: 120, y: 20), Point(x: 180, y: 20), Point(x: 150, y: 60)])
        triangle.closeSubpath()
        c.strokeColor = green.withAlphaComponent(0.6)
        c.miterLimit = 10
        c.stroke(triangle)
        var bow = Path()
        bow.addLines(between: [Point(x: 120, y: 80), Point(x: 180, y: 110), Point(x: 180, y: 80), Point(x: 120, y: 110)])
        bow.closeSubpath()
        c.lineJoin = .round
        c.stroke(bow)
        expectGolden(surface, "strokes-miter-closed")
    }

    @Test func roundedRectangles() {
        let (surface, c) = canvas()
        c.fillColor = blue
        c.fillRoundedRect(Rect(x: 10, y: 10, width: 80, height: 50), cornerRadius: 12)
        c.fillColor = red
        c.fillRoundedRect(Rect(x: 110, y: 10, width: 80, height: 30), cornerRadius: 100)   // capsule
        c.fillRoundedRect(Rect(x: 110, y: 50, width: 20, height: 20), cornerRadius: 10)    // circle
        c.strokeColor = .black
        c.lineWidth = 1
        c.strokeRoundedRect(Rect(x: 10.5, y: 80.5, width: 80, height: 50), cornerRadius: 8)
        c.lineWidth = 5
        c.strokeColor = green
        c.strokeRoundedRect(Rect(x: 112.5, y: 82.5, width: 75, height: 45), cornerRadius: 15)
        expectGolden(surface, "rounded-rects")
    }

    @Test func ellipses() {
        let (surface, c) = canvas()
        c.fillColor = red
        c.fillEllipse(in: Rect(x: 10, y: 10, width: 60, height: 60))
        c.fillColor = blue.withAlphaComponent(0.6)
        c.fillEllipse(in: Rect(x: 40, y: 40, width: 90, height: 50))
        c.strokeColor = .black
        c.lineWidth = 2
        c.strokeEllipse(in: Rect(x: 140, y: 10, width: 50, height: 120))
        c.lineWidth = 1
        c.strokeEllipse(in: Rect(x: 10.5, y: 100.5, width: 30, height: 30))
        expectGolden(surface, "ellipses")
    }

    @Test func lines() {
        let (surface, c) = canvas()
        let center = Point(x: 60, y: 70)
        c.lineCap = .round
        for i in 0..<12 {
            let angle = Double(i) * Double.pi / 6
            c.lineWidth = 1 + Double(i) / 3
            c.strokeColor = i % 2 == 0 ? blue : red
            c.strokeLine(from: Point(x: center.x + 15 * cos(angle), y: center.y + 15 * sin(angle)),
                         to: Point(x: center.x + 55 * cos(angle), y: center.y + 55 * sin(angle)))
        }
        c.lineCap = .butt
        c.lineWidth = 1
        c.strokeColor = .black
        c.strokeLine(from: Point(x: 130, y: 10.5), to: Point(x: 190, y: 10.5))   // crisp
        c.strokeLine(from: Point(x: 130, y: 20), to: Point(x: 190, y: 20))       // straddles two rows
        c.strokeLine(from: Point(x: 130.5, y: 30), to: Point(x: 130.5, y: 130))  // crisp vertical
        c.strokeLine(from: Point(x: 140, y: 30), to: Point(x: 190, y: 130))      // slanted
        expectGolden(surface, "lines")
    }

    @Test func pathsCurvesAndFillRules() {
        let (surface, c) = canvas(240, 140)
        // A five-pointed star drawn in one stroke: its middle is wound twice.
        func star(at center: Point, radius: Double) -> Path {
            var path = Path()
            for i in 0..<5 {
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let p = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
            return path
        }
        c.fillColor = blue
        c.fill(star(at: Point(x: 40, y: 40), radius: 32), rule: .nonZero)
        c.fill(star(at: Point(x: 110, y: 40), radius: 32), rule: .evenOdd)
        // A ring: two circles, even-odd.
        var ring = Path(ellipseIn: Rect(x: 150, y: 8, width: 64, height: 64))
        ring.addEllipse(in: Rect(x: 166, y: 24, width: 32, height: 32))
        c.fillColor = green
        c.fill(ring, rule: .evenOdd)
        // Curves.
        var wave = Path()
        wave.move(to: Point(x: 10, y: 110))
        wave.addQuadCurve(to: Point(x: 60, y: 110), control: Point(x: 35, y: 70))
        wave.addCurve(to: Point(x: 130, y: 110), control1: Point(x: 80, y: 150), control2: Point(x: 110, y: 70))
        c.strokeColor = red
        c.lineWidth = 3
        c.stroke(wave)
        // A pie slice from an arc.
        var pie = Path()
        pie.move(to: Point(x: 190, y: 110))
        pie.addArc(center: Point(x: 190, y: 110), radius: 28, startAngle: -Double.pi / 2, endAngle: Double.pi / 3, clockwise: true)
        pie.closeSubpath()
        c.fillColor = red.withAlphaComponent(0.8)
        c.fill(pie)
        c.strokeColor = .black
        c.lineWidth = 1
        c.stroke(pie)
        expectGolden(surface, "paths")
    }

    @Test func linearGradients() {
        let (surface, c) = canvas()
        let rainbow = Gradient(colors: [red, Color(rgb: 0xF0C020), green, blue])
        c.withSavedGState {
            c.clip(to: Rect(x: 10, y: 10, width: 180, height: 30))
            c.drawLinearGradient(rainbow, start: Point(x: 10, y: 0), end: Point(x: 190, y: 0))
        }
        // Without the options, nothing beyond the ends; with them, the end colours continue.
        c.withSavedGState {
            c.clip(to: Rect(x: 10, y: 50, width: 85, height: 40))
            c.drawLinearGradient(Gradient(colors: [.black, .white]), start: Point(x: 30, y: 50), end: Point(x: 75, y: 90))
        }
        c.withSavedGState {
            c.clip(to: Rect(x: 105, y: 50, width: 85, height: 40))
            c.drawLinearGradient(Gradient(colors: [.black, .white]), start: Point(x: 125, y: 50), end: Point(x: 170, y: 90),
                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        // A fade to transparent in a rounded clip, and stops with a hard edge.
        c.withSavedGState {
            c.clip(toRoundedRect: Rect(x: 10, y: 100, width: 85, height: 35), cornerRadius: 10)
            c.drawLinearGradient(Gradient(colors: [blue, blue.withAlphaComponent(0)]), start: Point(x: 10, y: 0), end: Point(x: 95, y: 0))
        }
        c.withSavedGState {
            c.clip(to: Rect(x: 105, y: 100, width: 85, height: 35))
            let hard = Gradient(stops: [.init(color: red, location: 0), .init(color: red, location: 0.5),
                                        .init(color: green, location: 0.5), .init(color: green, location: 1)])
            c.drawLinearGradient(hard, start: Point(x: 0, y: 100), end: Point(x: 0, y: 135))
        }
        expectGolden(surface, "gradients")
    }

    /// A 4×4 image: a colour in each quadrant, a transparent corner pixel.
    private func sampleImage() -> Surface {
        let image = Surface(width: 4, height: 4, format: .argb8888)
        image.fill(PixelRect(x: 0, y: 0, width: 2, height: 2), with: red)
        image.fill(PixelRect(x: 2, y: 0, width: 2, height: 2), with: green)
        image.fill(PixelRect(x: 0, y: 2, width: 2, height: 2), with: blue)
        image.fill(PixelRect(x: 2, y: 2, width: 2, height: 2), with: Color(rgb: 0xF0C020))
        image.fill(PixelRect(x: 3, y: 3, width: 1, height: 1), with: .clear)
        return image
    }

    @Test func images() {
        let (surface, c) = canvas()
        let image = sampleImage()
        c.draw(image, at: Point(x: 10, y: 10))                                        // pixel for pixel
        c.draw(image, in: Rect(x: 20, y: 10, width: 40, height: 40))                  // 10× bilinear
        c.draw(image, in: Rect(x: 70.5, y: 10.5, width: 20, height: 40))              // stretched, off the grid
        c.alpha = 0.5
        c.draw(image, in: Rect(x: 100, y: 10, width: 40, height: 40))                 // half transparent
        c.alpha = 1
        c.withSavedGState {
            c.translateBy(x: 170, y: 30)
            c.rotate(by: Double.pi / 6)
            c.draw(image, in: Rect(x: -15, y: -15, width: 30, height: 30))            // rotated
        }
        c.withSavedGState {
            c.clip(toRoundedRect: Rect(x: 10, y: 70, width: 60, height: 60), cornerRadius: 20)
            c.draw(image, in: Rect(x: 10, y: 70, width: 60, height: 60))              // rounded clip
        }
        let large = Surface(width: 64, height: 64, format: .xrgb8888)
        for i in 0..<8 { large.fill(PixelRect(x: i * 8, y: 0, width: 4, height: 64), with: i % 2 == 0 ? .black : red) }
        c.draw(large, in: Rect(x: 90, y: 70, width: 32, height: 32))                  // halved
        c.draw(large, in: Rect(x: 130, y: 70, width: 60, height: 60))
        expectGolden(surface, "images")
    }

    @Test func clipping() {
        let (surface, c) = canvas(240, 140)
        func stripes() {
            for i in 0..<12 {
                c.fillColor = i % 2 == 0 ? blue : red
                c.fill(Rect(x: Double(i) * 20, y: 0, width: 20, height: 140))
            }
        }
        c.withSavedGState {
            c.clip(to: Rect(x: 10, y: 10, width: 60, height: 50))                    // pixel rect
            stripes()
        }
        c.withSavedGState {
            c.clip(to: Region([PixelRect(x: 90, y: 10, width: 30, height: 20), PixelRect(x: 110, y: 30, width: 30, height: 30)]))
            stripes()
        }
        c.withSavedGState {
            c.clip(to: Rect(x: 160.5, y: 10.5, width: 60.25, height: 50))            // fractional: soft
            stripes()
        }
        c.withSavedGState {
            c.clip(toRoundedRect: Rect(x: 10, y: 75, width: 60, height: 55), cornerRadius: 18)
            stripes()
        }
        c.withSavedGState {
            // Nested: a circle inside a rotated square.
            c.translateBy(x: 120, y: 102)
            c.rotate(by: Double.pi / 4)
            c.clip(to: Rect(x: -25, y: -25, width: 50, height: 50))
            c.rotate(by: -Double.pi / 4)
            c.clip(to: Path(ellipseIn: Rect(x: -30, y: -30, width: 60, height: 60)))
            c.translateBy(x: -120, y: -102)
            stripes()
        }
        c.withSavedGState {
            var holes = Path(Rect(x: 165, y: 75, width: 60, height: 55))
            holes.addEllipse(in: Rect(x: 180, y: 87, width: 30, height: 30))
            c.clip(to: holes, rule: .evenOdd)
            stripes()
        }
        expectGolden(surface, "clipping")
    }

    @Test func stateAlphaAndTransforms() {
        let (surface, c) = canvas(240, 140)
        // Save/restore: the colour, pen and transform set inside do not leak out.
        c.fillColor = blue
        c.saveGState()
        c.fillColor = red
        c.translateBy(x: 100, y: 0)
        c.fill(Rect(x: 10, y: 10, width: 30, height: 30))   // red at 110
        c.restoreGState()
        c.fill(Rect(x: 10, y: 10, width: 30, height: 30))   // blue at 10
        // Global alpha multiplies colour alpha.
        c.fillColor = red
        c.alpha = 0.5
        c.fill(Rect(x: 50, y: 10, width: 40, height: 30))
        c.fillColor = red.withAlphaComponent(0.5)
        c.fill(Rect(x: 60, y: 20, width: 40, height: 30))
        c.alpha = 1
        // Translation, scale (a 10×10 square drawn 2× and 3×1), rotation about a point.
        c.fillColor = green
        c.withSavedGState {
            c.translateBy(x: 10, y: 60)
            c.scaleBy(x: 2, y: 2)
            c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
            c.strokeColor = .black
            c.stroke(Rect(x: 15, y: 0, width: 10, height: 10))   // the pen scales too
        }
        c.withSavedGState {
            c.translateBy(x: 70, y: 100)
            c.scaleBy(x: 3, y: 1)
            c.fillEllipse(in: Rect(x: 0, y: 0, width: 10, height: 30))
        }
        for i in 0..<6 {
            c.withSavedGState {
                c.translateBy(x: 170, y: 90)
                c.rotate(by: Double(i) * Double.pi / 12)
                c.fillColor = blue.withAlphaComponent(0.3)
                c.fill(Rect(x: -30, y: -8, width: 60, height: 16))
            }
        }
        expectGolden(surface, "state-alpha-transforms")
    }

    @Test func blendModes() {
        let (surface, c) = canvas(240, 60)
        let modes: [BlendMode] = [.normal, .copy, .clear, .destinationOut, .multiply, .screen, .darken, .plusLighter]
        for (i, mode) in modes.enumerated() {
            let x = 5 + Double(i) * 29
            c.blendMode = .normal
            c.fillColor = Color(rgb: 0xF0C020)
            c.fill(Rect(x: x, y: 10, width: 24, height: 40))
            c.blendMode = mode
            c.fillColor = blue.withAlphaComponent(0.6)
            c.fillEllipse(in: Rect(x: x + 2, y: 20, width: 20, height: 20))
        }
        expectGolden(surface, "blend-modes")
    }

    @Test func drawingOnXRGBAndScaledContexts() {
        // An XRGB8888 surface (the scanout format) at 2× through the transform, as a view
        // draws on a 2× screen.
        let surface = whiteSurface(width: 160, height: 100, format: .xrgb8888)
        let c = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: 2, y: 2))
        c.fillColor = blue
        c.fillRoundedRect(Rect(x: 5, y: 5, width: 70, height: 40), cornerRadius: 8)
        c.strokeColor = .white
        c.lineWidth = 1
        c.strokeLine(from: Point(x: 10, y: 25), to: Point(x: 70, y: 25))
        c.fillColor = red.withAlphaComponent(0.5)
        c.fillEllipse(in: Rect(x: 50, y: 20, width: 25, height: 25))
        expectGolden(surface, "xrgb-2x")
    }
}
