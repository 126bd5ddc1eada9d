import Vitrine
import VitrineGraphics

/// Scenes whose memory must follow the screen, not the views (issue 15), each in a full-screen
/// window of its own: what `vitrine-bench-app memory SCENE` measures beyond the frame buffers.
@MainActor
public enum MemoryScene: String, CaseIterable, Sendable {
    /// `KioskScreen`, used as a kiosk uses it (see `vitrine-bench-app memory`).
    case kiosk
    /// One view of 16,000×16,000 points with only a background colour, moved every frame.
    case largeBackground = "large-background"
    /// A drawing view 1,000,000 points wide and 400 tall (vertical stripes), scrolled 500
    /// points every frame.
    case wideDrawing = "wide-drawing"
    /// 2,000 views nested in one another at alpha 0.99, each with a background and inset 0.1
    /// point in its parent (800×600 points outside, 400×200 inside); the innermost view's
    /// colour changes every frame.
    case nestedTranslucent = "nested-translucent"

    /// Views nested in the translucent scene.
    public static let nestingDepth = 2000

    /// Builds the scene (not `kiosk`) in a new full-screen window of `application`, made key
    /// and visible; returns what one frame of use changes.
    public func build(in application: Application) -> (window: Window, step: () -> Void) {
        let window = Window(frame: application.screen.bounds)
        let root = View(frame: window.bounds)
        root.backgroundColor = Color(rgb: 0xF4F1EA)
        window.addSubview(root)
        var step: () -> Void = {}
        switch self {
        case .kiosk:
            break
        case .largeBackground:
            let view = View(frame: Rect(x: -7000, y: -7000, width: 16_000, height: 16_000))
            view.backgroundColor = Color(rgb: 0x2D6CDF)
            root.addSubview(view)
            var x = -7000.0
            step = {
                x = x > -6000 ? -7000 : x + 7
                view.frame.origin = Point(x: x, y: -7000)
            }
        case .wideDrawing:
            let view = StripedView(frame: Rect(x: 0, y: 300, width: 1_000_000, height: 400))
            root.addSubview(view)
            var x = 0.0
            step = {
                x = x < -990_000 ? 0 : x - 500
                view.frame.origin = Point(x: x, y: 300)
            }
        case .nestedTranslucent:
            var parent = View(frame: Rect(x: 200, y: 150, width: 800, height: 600))
            root.addSubview(parent)
            for level in 0..<Self.nestingDepth {
                parent.alpha = 0.99
                parent.backgroundColor = Color(red: Double(level % 7) / 6, green: 0.5, blue: Double(level % 5) / 4)
                guard level < Self.nestingDepth - 1 else { break }
                let child = View(frame: parent.bounds.insetBy(dx: 0.1, dy: 0.1))
                parent.addSubview(child)
                parent = child
            }
            let innermost = parent
            var red = true
            step = {
                red.toggle()
                innermost.backgroundColor = red ? .red : .blue
            }
        }
        window.makeKeyAndVisible(in: application)
        return (window, step)
    }
}

/// Vertical stripes 10 points wide, drawn for whatever rect is asked.
@MainActor
final class StripedView: View {
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let first = Int((rect.minX / 10).rounded(.down)), last = Int((rect.maxX / 10).rounded(.up))
        guard first <= last else { return }
        for index in first...last {
            context.fillColor = index % 2 == 0 ? Color(rgb: 0x8FB9A8) : Color(rgb: 0x2E5E4E)
            context.fill(Rect(x: Double(index) * 10, y: rect.minY, width: 10, height: rect.height))
        }
    }
}
