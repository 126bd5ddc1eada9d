import Glibc
import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A test image drawn in code (no binary fixture): a 40×30 picture with a transparent corner,
/// so placement and alpha both show.
@MainActor
func makeTestImage(width: Int = 40, height: Int = 30) -> Image {
    let surface = Surface(width: width, height: height, format: .argb8888)
    let context = GraphicsContext(surface: surface)
    context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x1565C0), Color(rgb: 0xFFB300)]),
                               start: Point(x: 0, y: 0), end: Point(x: Double(width), y: Double(height)))
    context.fillColor = .white
    context.fillEllipse(in: Rect(x: Double(width) * 0.3, y: Double(height) * 0.25, width: Double(width) * 0.4, height: Double(height) * 0.5))
    context.clear(Rect(x: 0, y: 0, width: 8, height: 8))
    return Image(surface: surface)
}

/// A gauge drawn with `draw(_:in:)`: the kind of custom view an appliance shows.
@MainActor
final class GaugeView: View {
    var value = 0.62 { didSet { setNeedsDisplay() } }
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let side = min(bounds.width, bounds.height)
        let dial = Rect(x: bounds.midX - side / 2 + 4, y: bounds.midY - side / 2 + 4, width: side - 8, height: side - 8)
        context.fillColor = Color(rgb: 0xECEFF1)
        context.fillEllipse(in: dial)
        context.strokeColor = Color(rgb: 0x37474F)
        context.lineWidth = 3
        context.strokeEllipse(in: dial)
        var arc = Path()
        let start = Double.pi * 0.75, end = start + Double.pi * 1.5 * value
        arc.addArc(center: Point(x: dial.midX, y: dial.midY), radius: side / 2 - 14, startAngle: start, endAngle: end, clockwise: true)
        context.strokeColor = Color(rgb: 0x43A047)
        context.lineWidth = 8
        context.lineCap = .round
        context.stroke(arc)
        let needle = Point(x: dial.midX + (side / 2 - 22) * cos(end), y: dial.midY + (side / 2 - 22) * sin(end))
        context.strokeColor = Color(rgb: 0xD32F2F)
        context.lineWidth = 2
        context.strokeLine(from: Point(x: dial.midX, y: dial.midY), to: needle)
    }
}

/// Pictures of the views that draw: image views in every content mode, buttons in every
/// state, and a screen like the demo's.
@MainActor
struct DrawingViewsGoldenTests {
    @Test func imageViewInEveryContentMode() {
        let modes: [ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottom,
                                    .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]
        let root = View(frame: Rect(x: 0, y: 0, width: 4 * 70 + 10, height: 3 * 60 + 10))
        root.backgroundColor = .white
        for (index, mode) in modes.enumerated() {
            let frame = Rect(x: 10 + Double(index % 4) * 70, y: 10 + Double(index / 4) * 60, width: 60, height: 50)
            let well = View(frame: frame)
            well.backgroundColor = Color(rgb: 0xCFD8DC)
            root.addSubview(well)
            let imageView = ImageView(frame: frame)
            imageView.image = makeTestImage()
            imageView.contentMode = mode
            imageView.clipsToBounds = true
            root.addSubview(imageView)
        }
        expectGolden(root.snapshot(scale: 1), "imageview-content-modes")
    }

    @Test func contentModePlacesByHand() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let size = Size(width: 40, height: 40)
        #expect(ContentMode.scaleAspectFit.rect(forContentOf: size, in: bounds) == Rect(x: 25, y: 0, width: 50, height: 50))
        #expect(ContentMode.scaleAspectFill.rect(forContentOf: size, in: bounds) == Rect(x: 0, y: -25, width: 100, height: 100))
        #expect(ContentMode.bottomRight.rect(forContentOf: size, in: bounds) == Rect(x: 60, y: 10, width: 40, height: 40))
        #expect(ContentMode.top.rect(forContentOf: size, in: bounds) == Rect(x: 30, y: 0, width: 40, height: 40))
    }

    @Test func buttonInEachState() {
        let root = View(frame: Rect(x: 0, y: 0, width: 420, height: 70))
        root.backgroundColor = .white
        var buttons: [Button] = []
        for index in 0..<4 {
            let button = Button(frame: Rect(x: 10 + Double(index) * 102, y: 10, width: 96, height: 50))
            button.setTitle("Check in", for: .normal)
            button.setBackgroundColor(Color(rgb: 0x1E88E5), for: .normal)
            button.cornerRadius = 10
            root.addSubview(button)
            buttons.append(button)
        }
        buttons[1].isHighlighted = true
        buttons[2].isEnabled = false
        buttons[3].isSelected = true
        buttons[3].setBackgroundColor(Color(rgb: 0x43A047), for: .selected)
        buttons[3].setTitle("Done", for: .selected)
        expectGolden(root.snapshot(scale: 1), "button-states")
    }

    @Test func aPressedButtonLooksDifferentFromAReleasedOne() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 80, height: 40))
        button.setTitle("OK", for: .normal)
        button.setBackgroundColor(Color(rgb: 0x1E88E5), for: .normal)
        let released = button.snapshot(scale: 1)
        button.isHighlighted = true
        let pressed = button.snapshot(scale: 1)
        #expect(!released.hasSamePixels(as: pressed))
        // The default press darkens the background by a fifth: 0x1E88E5 → (0x18, 0x6D, 0xB7).
        let corner = pressed.color(x: 2, y: 2)
        #expect(abs(corner.red * 255 - 0x1E * 0.8) < 1.5 && abs(corner.blue * 255 - 0xE5 * 0.8) < 1.5)
    }

    @Test func aDemoLikeScreen() {
        let h = Harness(width: 480, height: 320)
        let root = h.window
        root.backgroundColor = Color(rgb: 0xFAFAFA)
        let header = Label(frame: Rect(x: 0, y: 0, width: 480, height: 48))
        header.text = "Welcome · Добро пожаловать · 欢迎"
        header.font = .system(size: 20, weight: .bold)
        header.textColor = .white
        header.textAlignment = .center
        header.backgroundColor = Color(rgb: 0x263238)
        root.addSubview(header)
        let titles = ["Check in", "Find my booking", "Help"]
        let stack = StackView(arrangedSubviews: titles.map { title in
            let button = Button(frame: .zero)
            button.setTitle(title, for: .normal)
            button.setBackgroundColor(Color(rgb: 0x1E88E5), for: .normal)
            button.cornerRadius = 8
            return button
        })
        stack.axis = .vertical
        stack.spacing = 12
        stack.distribution = .fillEqually
        stack.frame = Rect(x: 16, y: 64, width: 200, height: 180)
        root.addSubview(stack)
        let imageView = ImageView(frame: Rect(x: 232, y: 64, width: 112, height: 84))
        imageView.image = makeTestImage()
        imageView.contentMode = .scaleAspectFit
        root.addSubview(imageView)
        let gauge = GaugeView(frame: Rect(x: 352, y: 60, width: 112, height: 112))
        root.addSubview(gauge)
        let body = Label(frame: Rect(x: 232, y: 180, width: 232, height: 120))
        body.text = "Please scan your ticket. Пожалуйста, отсканируйте билет. 请扫描您的车票。"
        body.numberOfLines = 0
        body.font = .system(size: 15)
        body.textColor = Color(rgb: 0x37474F)
        root.addSubview(body)
        h.settle()
        // The screen as the display shows it, then the same through a snapshot of the window.
        let shown = h.display.shownBuffer!
        expectGolden(shown, "demo-screen")
        #expect(shown.hasSamePixels(as: h.app.compositor!.scene))
        // Changing only the gauge redraws only the gauge.
        let drawn = h.app.statistics.viewsDrawn
        gauge.value = 0.3
        h.settle()
        #expect(h.app.statistics.viewsDrawn == drawn + 1)
        #expect(h.app.statistics.lastFrame.pixelsComposed == 112 * 112)
    }
}
