import Testing
import Vitrine
import VitrineGraphics

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@MainActor
struct ViewGeometryTests {
    @Test func frameSetsCenterAndBoundsSize() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 40))
        #expect(view.center == Point(x: 60, y: 40))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 40))
        view.center = Point(x: 100, y: 100)
        #expect(view.frame == Rect(x: 50, y: 80, width: 100, height: 40))
        view.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        // Resizing bounds keeps the center.
        #expect(view.frame == Rect(x: 90, y: 95, width: 20, height: 10))
    }

    @Test func transformDerivesFrameFromCenterBoundsAndTransform() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        view.transform = AffineTransform(scaleX: 2, y: 3)
        // Scaled about the center (50, 20): 200 × 120 centered there.
        #expect(view.frame == Rect(x: -50, y: -40, width: 200, height: 120))
        #expect(view.bounds.size == Size(width: 100, height: 40))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        // A quarter turn swaps the extent: 40 × 100 around (50, 20).
        #expect(close(view.frame, Rect(x: 30, y: -30, width: 40, height: 100)))
    }

    @Test func settingFrameWithTransformMovesOnlyTheCenter() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(view.center == Point(x: 5, y: 5))
        #expect(view.bounds.size == Size(width: 100, height: 40))
    }

    @Test func boundsOriginShiftsTheContent() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        parent.addSubview(child)
        #expect(child.convert(Point.zero, to: parent) == Point(x: 50, y: 50))
        parent.bounds.origin = Point(x: 20, y: 30)
        // Scrolling the parent by (20, 30) moves the child up-left on screen.
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(parent)
        #expect(child.convert(Point.zero, to: root) == Point(x: 30, y: 20))
        #expect(child.convert(Point.zero, to: parent) == Point(x: 50, y: 50))
    }

    @Test func convertThroughScaledAndRotatedViews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)   // covers 50...250
        let child = View(frame: Rect(x: 10, y: 20, width: 10, height: 10))
        root.addSubview(scaled)
        scaled.addSubview(child)
        // child (0,0) is scaled's (10,20); scaled's (0,0) appears at (50,50), scale 2.
        #expect(child.convert(Point.zero, to: root) == Point(x: 70, y: 90))
        #expect(child.convert(Point(x: 70, y: 90), from: root) == Point.zero)
        #expect(child.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: root)
                == Rect(x: 70, y: 90, width: 20, height: 20))

        let rotated = View(frame: Rect(x: 300, y: 100, width: 100, height: 50))
        rotated.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSubview(rotated)
        // Center (350, 125); bounds middle (50, 25). Local (100, 25) is 50 right of the
        // middle; a quarter turn clockwise puts it 50 below the center.
        #expect(close(rotated.convert(Point(x: 100, y: 25), to: root), Point(x: 350, y: 175)))
        // Between two siblings, through the common ancestor.
        #expect(close(rotated.convert(Point(x: 50, y: 25), to: child), Point(x: 140, y: 17.5)))
    }

    @Test func convertToNilMeansTheWindow() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let view = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        let inner = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        window.addSubview(view)
        view.addSubview(inner)
        #expect(inner.convert(Point(x: 1, y: 1), to: nil) == Point(x: 16, y: 16))
        #expect(inner.convert(Point(x: 16, y: 16), from: nil) == Point(x: 1, y: 1))
    }
}
