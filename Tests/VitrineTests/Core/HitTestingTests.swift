import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Records every hitTest(_:with:) call into a shared log, then behaves as a plain view.
@MainActor
private final class ProbeView: View {
    static var asked: [String] = []
    var name = ""
    var log: [String] = []
    convenience init(_ name: String, _ frame: Rect) {
        self.init(frame: frame)
        self.name = name
    }
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        ProbeView.asked.append(name)
        return super.hitTest(point, with: event)
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ChainLog.entries.append(name)
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
enum ChainLog { static var entries: [String] = [] }

@MainActor
private final class ChainController: ViewController {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ChainLog.entries.append("A's controller")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
private final class ChainWindow: Window {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ChainLog.entries.append("window")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
private final class ChainApplication: Application {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ChainLog.entries.append("application")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
private final class ChainDelegate: Responder, ApplicationDelegate {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ChainLog.entries.append("delegate")
    }
}

/// A small button whose touch area is enlarged by 20 points on each side.
@MainActor
private final class GenerousView: View {
    override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

@MainActor
struct HitTestingTests {
    /// The scenario of UIKit's documentation: A ⊃ {B, C}, C ⊃ {D, E}; a tap in D, not in E.
    @Test func uikitDocumentationScenario() {
        ProbeView.asked = []
        ChainLog.entries = []
        let platform = HeadlessPlatform()
        let app = ChainApplication(mainLoop: platform.mainLoop, display: platform.display)
        app.addInputSource(platform.input)
        let delegate = ChainDelegate()
        app.delegate = delegate
        let window = ChainWindow(frame: app.screen.bounds)
        let controller = ChainController()
        let a = ProbeView("A", Rect(x: 0, y: 0, width: 800, height: 480))
        controller.view = a
        window.rootViewController = controller
        window.makeKeyAndVisible(in: app)
        let b = ProbeView("B", Rect(x: 0, y: 0, width: 400, height: 480))
        let c = ProbeView("C", Rect(x: 400, y: 0, width: 400, height: 480))
        let d = ProbeView("D", Rect(x: 0, y: 0, width: 400, height: 240))
        let e = ProbeView("E", Rect(x: 0, y: 240, width: 400, height: 240))
        a.addSubview(b)
        a.addSubview(c)
        c.addSubview(d)
        c.addSubview(e)
        platform.manualMainLoop.runUntilIdle()

        #expect(window.hitTest(Point(x: 500, y: 100), with: nil) === d)
        // A first, then the front-most subview first: C before B, E before D.
        #expect(ProbeView.asked == ["A", "C", "E", "D"])

        // The touch, unhandled by D, travels the chain to the delegate.
        platform.input.down(0, at: Point(x: 500, y: 100))
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        #expect(ChainLog.entries == ["D", "C", "A", "A's controller", "window", "application", "delegate"])
    }

    @Test func hiddenDisabledAndTransparentViewsLetTapsFallThrough() {
        let h = Harness()
        let behind = RecordingView("behind", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        h.window.addSubview(behind)
        let hidden = RecordingView("hidden", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        hidden.isHidden = true
        let disabled = RecordingView("disabled", frame: Rect(x: 100, y: 0, width: 100, height: 100))
        disabled.isUserInteractionEnabled = false
        let faint = RecordingView("faint", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        faint.alpha = 0.005
        let barely = RecordingView("barely", frame: Rect(x: 0, y: 100, width: 100, height: 100))
        barely.alpha = 0.01
        for view in [hidden, disabled, faint, barely] { h.window.addSubview(view) }

        h.tap(at: Point(x: 50, y: 50))
        h.tap(at: Point(x: 150, y: 50))
        h.tap(at: Point(x: 250, y: 50))
        #expect(behind.log.count == 6)
        #expect(hidden.log.isEmpty && disabled.log.isEmpty && faint.log.isEmpty)
        // alpha 0.01 is not below the threshold: that view is hit.
        h.tap(at: Point(x: 50, y: 150))
        #expect(barely.log == ["began 1", "ended 1"])
        #expect(behind.log.count == 6)
    }

    @Test func subviewsOfAViewWithInteractionDisabledAreNotHit() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
    }

    @Test func scaledParentScaledChildAndShiftedBoundsOrigin() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        // Parent 100×100 at (100,100), scaled 2× about its center (150,150): covers 50...250.
        let parent = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        parent.transform = AffineTransform(scaleX: 2, y: 2)
        let child = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))   // screen 50...90
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(window.hitTest(Point(x: 60, y: 60), with: nil) === child)
        #expect(window.hitTest(Point(x: 95, y: 95), with: nil) === parent)
        #expect(window.hitTest(Point(x: 240, y: 240), with: nil) === parent)   // outside the unscaled frame
        #expect(window.hitTest(Point(x: 255, y: 100), with: nil) === window)

        // A child scaled to half about its own center (10,10): covers 5...15 of the parent.
        child.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(window.hitTest(Point(x: 55, y: 55), with: nil) === parent)   // parent (2.5, 2.5)
        #expect(window.hitTest(Point(x: 70, y: 70), with: nil) === child)    // parent (10, 10)

        // Scrolling the parent's content by bounds.origin (10, 10) moves the child up-left:
        // the child (parent bounds 0...20) now shows on screen 30...70, clipped by the
        // parent's own area to 50...70 (before: 50...90).
        child.transform = .identity
        #expect(window.hitTest(Point(x: 80, y: 80), with: nil) === child)     // parent (15, 15)
        parent.bounds.origin = Point(x: 10, y: 10)
        #expect(window.hitTest(Point(x: 52, y: 52), with: nil) === child)     // parent (11, 11)
        #expect(window.hitTest(Point(x: 80, y: 80), with: nil) === parent)    // parent (25, 25)
        #expect(window.hitTest(Point(x: 40, y: 40), with: nil) === window)   // outside the parent
    }

    @Test func pointInsideOverrideEnlargesATouchArea() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let small = GenerousView(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        window.addSubview(container)
        container.addSubview(small)
        #expect(window.hitTest(Point(x: 85, y: 85), with: nil) === small)
        #expect(window.hitTest(Point(x: 139, y: 139), with: nil) === small)
        #expect(window.hitTest(Point(x: 141, y: 110), with: nil) === container)
    }

    @Test func hitTestOverrideRedirectsTouches() {
        let h = Harness()
        final class Redirect: View {
            var target: View?
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                super.hitTest(point, with: event) == nil ? nil : target
            }
        }
        let receiver = RecordingView("receiver", frame: Rect(x: 500, y: 0, width: 10, height: 10))
        let redirect = Redirect(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        redirect.target = receiver
        h.window.addSubview(receiver)
        h.window.addSubview(redirect)
        h.tap(at: Point(x: 50, y: 50))
        #expect(receiver.log == ["began 1", "ended 1"])
    }
}
