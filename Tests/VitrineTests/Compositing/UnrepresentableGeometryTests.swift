import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Geometry an app can produce by accident — NaN, ±∞, 1e300, a view billions of pixels away —
/// never traps: a view refuses non-finite geometry (it stays where it was), and huge geometry
/// is clamped where it enters drawing to what the screen can mean. Each test composes real frames
/// through the VirtualDisplay, then puts the value back and checks the view draws again.
@MainActor
@Suite struct UnrepresentableGeometryTests {
    nonisolated static let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300]

    /// A view that draws content (a filled path, a stroke and text), so the backing store,
    /// the rasterizer and text all run, with a border and rounded corners.
    final class Drawing: View {
        var font = Font.system(size: 14)
        var pathPoints: [Point] = [Point(x: 2, y: 2), Point(x: 40, y: 4), Point(x: 20, y: 30)]

        override func draw(_ rect: Rect, in context: GraphicsContext) {
            var path = Path()
            path.move(to: pathPoints[0])
            for point in pathPoints.dropFirst() { path.addLine(to: point) }
            path.closeSubpath()
            context.fillColor = .blue
            context.fill(path)
            context.strokeColor = .black
            context.lineWidth = 2
            context.stroke(path)
            context.draw("Ag", at: Point(x: 4, y: 4), font: font, color: .black)
        }
    }

    /// A window with a white background and one drawing, translucent, bordered view at
    /// (100, 100, 200×100) holding a red subview.
    func scene() -> (Harness, Drawing) {
        let h = Harness()
        h.window.backgroundColor = .white
        let view = Drawing(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        view.backgroundColor = .green
        view.borderWidth = 3
        view.borderColor = .black
        view.cornerRadius = 8
        let inner = View(frame: Rect(x: 150, y: 40, width: 30, height: 30))
        inner.backgroundColor = .red
        view.addSubview(inner)
        h.window.addSubview(view)
        h.settle()
        return (h, view)
    }

    /// Composes frames until the app is at rest (fails rather than hangs if it never is).
    func compose(_ h: Harness) {
        h.settle()
        h.advance(by: 0.1)
        #expect(!h.app.hasPendingCommit)
    }

    /// The view drew its green background where it stands again once its geometry is sane.
    func expectDrawnAgain(_ h: Harness, _ view: Drawing) {
        view.transform = .identity
        view.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        view.center = Point(x: 200, y: 150)
        view.alpha = 1
        view.font = .system(size: 14)
        view.setNeedsDisplay()
        compose(h)
        #expect(h.display.shownBuffer?.color(x: 110, y: 190) == Color.green)
        #expect(h.display.shownBuffer?.color(x: 50, y: 50) == Color.white)
    }

    @Test(arguments: bad)
    func aNonFiniteCentreIsRefusedAndAHugeOneDrawsNothing(value: Double) {
        let (h, view) = scene()
        // Not finite: the view stays where it was, drawn. Huge: far off, nothing on screen.
        let shown = value.isFinite ? Color.white : Color.green
        view.center = Point(x: value, y: 150)
        compose(h)
        #expect(h.display.shownBuffer?.color(x: 200, y: 150) == shown)
        view.center = Point(x: 200, y: value)
        compose(h)
        #expect(h.display.shownBuffer?.color(x: 200, y: 150) == shown)
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad)
    func aNonFiniteOrHugeSizeTrapsNot(value: Double) {
        let (h, view) = scene()
        view.bounds = Rect(x: 0, y: 0, width: value, height: 100)
        compose(h)
        view.bounds = Rect(x: 0, y: 0, width: 100, height: value)
        compose(h)
        view.bounds = Rect(x: value, y: value, width: 200, height: 100)
        compose(h)
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad)
    func aNonFiniteOrHugeFrameTrapsNot(value: Double) {
        let (h, view) = scene()
        view.frame = Rect(x: value, y: 10, width: 50, height: 50)
        compose(h)
        view.frame = Rect(x: 10, y: 10, width: value, height: value)
        compose(h)
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad)
    func aNonFiniteOrHugeTransformTrapsNot(value: Double) {
        let (h, view) = scene()
        for transform in [AffineTransform(scaleX: value, y: value), AffineTransform(scaleX: value, y: 1),
                          AffineTransform(translationX: value, y: 0), AffineTransform(rotationAngle: value),
                          AffineTransform(a: 1, b: value, c: 0, d: 1, tx: 0, ty: 0)] {
            view.transform = transform
            compose(h)
        }
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad + [-1, 2])
    func aNonFiniteOrOutOfRangeAlphaTrapsNot(value: Double) {
        let (h, view) = scene()
        view.alpha = value
        compose(h)
        view.transform = AffineTransform(rotationAngle: 0.3)
        compose(h)
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad + [0, -3])
    func aNonFiniteOrHugeFontSizeDrawsNoTextAndTrapsNot(value: Double) {
        let (h, view) = scene()
        view.font = .system(size: value)
        view.setNeedsDisplay()
        compose(h)
        // Through the intermediate image as well (a rotated context).
        view.transform = AffineTransform(rotationAngle: 0.2)
        view.setNeedsDisplay()
        compose(h)
        let label = Label(text: "Hello", font: .system(size: value))
        h.window.addSubview(label)
        label.frame = Rect(x: 10, y: 300, width: 300, height: 40)
        compose(h)
        _ = label.intrinsicContentSize
        label.sizeToFit()
        compose(h)
        label.removeFromSuperview()
        expectDrawnAgain(h, view)
    }

    @Test(arguments: bad)
    func aPathWithNonFiniteOrHugePointsDrawsNothingOfItAndTrapsNot(value: Double) {
        let (h, view) = scene()
        view.pathPoints = [Point(x: 2, y: 2), Point(x: value, y: 4), Point(x: 20, y: value), Point(x: -value, y: 9)]
        view.setNeedsDisplay()
        compose(h)
        view.transform = AffineTransform(rotationAngle: 0.2)
        view.setNeedsDisplay()
        compose(h)
        view.pathPoints = [Point(x: 2, y: 2), Point(x: 40, y: 4), Point(x: 20, y: 30)]
        expectDrawnAgain(h, view)
    }

    @Test(arguments: [3e9, -3e9, 1e15])
    func aViewBillionsOfPixelsAwayDrawsAndIsTranslucentWithoutTrapping(x: Double) {
        let (h, view) = scene()
        view.alpha = 0.5
        view.center = Point(x: x, y: 150)
        view.setNeedsDisplay()
        compose(h)
        #expect(h.display.shownBuffer?.color(x: 200, y: 150) == Color.white)
        // Its subview brought back on screen by a counter-offset still shows.
        view.bounds = Rect(x: x - 200, y: 0, width: 200, height: 100)
        compose(h)
        view.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        expectDrawnAgain(h, view)
    }

    @Test(arguments: [0.0, -2, .nan, .infinity, -.infinity])
    func anImageOfNoUsableScaleIsShownAtScaleOne(scale: Double) {
        let h = Harness()
        let pixels = Surface(width: 4, height: 2, format: .argb8888)
        pixels.fill(pixels.bounds, with: .red)
        let image = Image(surface: pixels, scale: scale)
        #expect(image.scale == 1)
        #expect(image.size == Size(width: 4, height: 2))
        let imageView = ImageView(image: image)
        h.window.addSubview(imageView)
        compose(h)
        #expect(h.display.shownBuffer?.color(x: 1, y: 1) == Color.red)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aScreenScaleThatMeansNoSizeIsOne(scale: Double) {
        let app = Application(mainLoop: ManualMainLoop(), screenScale: scale)
        #expect(app.screen.scale == 1)
        #expect(app.screen.bounds == Rect(x: 0, y: 0, width: 800, height: 480))
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aSnapshotAtAScaleThatMeansNoSizeTrapsNot(scale: Double) {
        let (_, view) = scene()
        let surface = view.snapshot(scale: scale)
        #expect(surface.width >= 1 && surface.height >= 1)
    }

    /// The case: the usual pinch handler, `transform = transform.concatenating(scale)`,
    /// driven by two fingers one of which reports x = −1e300 (then NaN, then +∞).
    @Test(arguments: [-1e300, .nan, .infinity])
    func aPinchThroughAnAbsurdTouchTrapsNotAndTheViewComesBack(x: Double) {
        let (h, view) = scene()
        let pinch = PinchGestureRecognizer { recognizer in
            guard let pinch = recognizer as? PinchGestureRecognizer, let view = pinch.view else { return }
            view.transform = view.transform.concatenating(AffineTransform(scaleX: pinch.scale, y: pinch.scale))
            pinch.scale = 1
        }
        view.addGestureRecognizer(pinch)
        h.down(0, at: Point(x: 150, y: 150))
        h.down(1, at: Point(x: 250, y: 150))
        h.move(1, to: Point(x: 280, y: 150))
        compose(h)
        h.move(1, to: Point(x: x, y: 150))
        compose(h)
        h.move(1, to: Point(x: 260, y: x))
        compose(h)
        h.up(1)
        h.up(0)
        compose(h)
        expectDrawnAgain(h, view)
    }
}
