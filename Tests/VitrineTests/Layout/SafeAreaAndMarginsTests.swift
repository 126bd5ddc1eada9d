import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// `additionalSafeAreaInsets`, the calls that say the safe area and the margins changed,
/// `preservesSuperviewLayoutMargins`, and the readable-content and keyboard guides.
@MainActor
struct SafeAreaAndMarginsTests {
    final class Recorder: View {
        var safeAreaChanges: [EdgeInsets] = []
        var marginChanges = 0
        override func safeAreaInsetsDidChange() { safeAreaChanges.append(safeAreaInsets) }
        override func layoutMarginsDidChange() { marginChanges += 1 }
    }

    final class Screen: ViewController {
        var heard: [String] = []
        override func loadView() { view = Recorder(frame: Rect(x: 0, y: 0, width: 800, height: 480)) }
        override func viewSafeAreaInsetsDidChange() { heard.append("safe \(view.safeAreaInsets.top)") }
        override func viewLayoutMarginsDidChange() { heard.append("margins") }
    }

    private func pinned(to guide: LayoutGuide, in root: View) -> View {
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            view.topAnchor.constraint(equalTo: guide.topAnchor),
            view.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        return view
    }

    @Test func additionalInsetsGrowTheControllersSafeAreaAndItsSubviewsFollow() {
        let h = Harness()
        let screen = Screen()
        h.window.rootViewController = screen
        let inner = Recorder(frame: Rect(x: 0, y: 0, width: 800, height: 100))
        screen.view.addSubview(inner)
        let content = pinned(to: screen.view.safeAreaLayoutGuide, in: screen.view)
        h.runLayoutTurn()
        #expect(screen.view.safeAreaInsets == .zero && screen.heard.isEmpty)
        screen.additionalSafeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 20, right: 0)
        h.runLayoutTurn()
        #expect(screen.view.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 20, right: 0))
        #expect(content.frame == Rect(x: 0, y: 44, width: 800, height: 416))
        // A subview's safe area is the part of its superview's unsafe border it overlaps.
        #expect(inner.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(inner.safeAreaChanges == [EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)])
        // The controller hears after its view, then its margins (measured from the safe area).
        #expect(screen.heard == ["safe 44.0", "margins"])
        #expect((screen.view as? Recorder)?.safeAreaChanges.count == 1)
        // The panel's border adds to it; nothing is told twice for one change.
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        h.runLayoutTurn()
        #expect(screen.view.safeAreaInsets.top == 54)
        #expect(inner.safeAreaChanges.last?.top == 54 && inner.safeAreaChanges.count == 2)
        #expect(screen.heard == ["safe 44.0", "margins", "safe 54.0", "margins"])
        h.runLayoutTurn()
        #expect(inner.safeAreaChanges.count == 2)
        screen.additionalSafeAreaInsets = .zero
        h.app.screen.panelSafeAreaInsets = .zero
        h.runLayoutTurn()
        #expect(inner.safeAreaChanges.last == .zero && content.frame == Rect(x: 0, y: 0, width: 800, height: 480))
    }

    @Test func marginsSayWhenTheyChange() {
        let h = Harness()
        let screen = Screen()
        h.window.rootViewController = screen
        h.runLayoutTurn()
        screen.view.layoutMargins = EdgeInsets(all: 20)
        #expect(screen.heard == ["margins"])
        #expect((screen.view as? Recorder)?.marginChanges == 1)
        screen.view.layoutMargins = EdgeInsets(all: 20)
        #expect(screen.heard == ["margins"])
    }

    @Test func aViewPreservingItsSuperviewsMarginsKeepsTheLarger() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.layoutMargins = EdgeInsets(all: 30)
        let card = View(frame: Rect(x: 10, y: 10, width: 200, height: 280))
        root.addSubview(card)
        let content = pinned(to: card.layoutMarginsGuide, in: card)
        root.layoutIfNeeded()
        #expect(content.frame == Rect(x: 8, y: 8, width: 184, height: 264))
        card.preservesSuperviewLayoutMargins = true
        root.layoutIfNeeded()
        // The root's margin area reaches 20 points into the card at its left, top and bottom
        // edges; its right edge is far from the root's.
        #expect(content.frame == Rect(x: 20, y: 20, width: 172, height: 240))
    }

    @Test func theReadableGuideIsTheMarginsUpToTheReadableWidthCentred() {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let column = pinned(to: root.readableContentGuide, in: root)
        root.layoutIfNeeded()
        // 800-point panel: the margins (784 points) are wider than 672: a centred column.
        #expect(column.frame == Rect(x: 64, y: 8, width: 672, height: 464))
        root.frame = Rect(x: 0, y: 0, width: 480, height: 800)
        root.layoutIfNeeded()
        #expect(column.frame == Rect(x: 8, y: 8, width: 464, height: 784))
        root.frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
        root.layoutIfNeeded()
        #expect(column.frame == Rect(x: 624, y: 8, width: 672, height: 1064))
    }

    @Test func theKeyboardGuideFollowsTheSystemKeyboard() {
        let h = Harness()
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 12, right: 0)
        let root = View(frame: h.window.bounds)
        h.window.addSubview(root)
        let bar = View()
        bar.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(bar)
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 40),
            bar.bottomAnchor.constraint(equalTo: root.keyboardLayoutGuide.topAnchor),
        ])
        h.runLayoutTurn()
        // Keyboard down: the guide is the bottom of the safe area.
        #expect(bar.frame == Rect(x: 0, y: 428, width: 800, height: 40))
        var notes: [KeyboardNotification.Kind] = []
        let observation = h.app.keyboard.addObserver { notes.append($0.kind) }
        defer { observation.cancel() }
        let field = h.addField()
        field.becomeFirstResponder()
        h.turn()
        let keyboard = h.app.keyboard.shownFrame
        #expect(keyboard.minY == 240)
        // The keyboard itself still slides (its window is not laid out with the app's).
        #expect(notes == [.willShow])
        // The bar slides with the keys: laid out at once, animated.
        #expect(bar.frame == Rect(x: 0, y: 200, width: 800, height: 40))
        #expect(bar.presentation != nil)
        h.advance(by: 1)
        field.resignFirstResponder()
        h.turn()
        #expect(bar.frame.maxY == 468)
    }
}
