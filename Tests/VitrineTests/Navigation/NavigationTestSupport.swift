import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A controller that writes every life-cycle and containment callback into a shared log.
@MainActor
final class JournalController: ViewController {
    let name: String
    let journal: Journal
    init(_ name: String, _ journal: Journal, title: String? = nil) {
        self.name = name
        self.journal = journal
        super.init()
        self.title = title
    }
    override func viewDidLoad() {
        view.backgroundColor = .white
        journal.add("\(name) didLoad")
    }
    override func viewWillAppear(_ animated: Bool) { journal.add("\(name) willAppear") }
    override func viewDidAppear(_ animated: Bool) { journal.add("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { journal.add("\(name) willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { journal.add("\(name) didDisappear") }
    override func willMove(toParent parent: ViewController?) {
        journal.add("\(name) willMove \(parent == nil ? "nil" : "parent")")
    }
    override func didMove(toParent parent: ViewController?) {
        journal.add("\(name) didMove \(parent == nil ? "nil" : "parent")")
    }
}

/// The shared log.
@MainActor
final class Journal {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    /// The entries so far, and a fresh start.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

extension Harness {
    /// A navigation controller as the window's root with `root` on its stack, settled.
    func navigation(root: ViewController) -> NavigationController {
        let navigation = NavigationController(rootViewController: root)
        window.rootViewController = navigation
        advance(by: 0.1)
        return navigation
    }

    /// A drag of finger 0 from `start` to `end` in `steps` moves `interval` seconds apart,
    /// then a rest of `rest` seconds, then the lift.
    func drag(from start: Point, to end: Point, steps: Int, interval: Double, rest: Double = 0) {
        down(0, at: start)
        for step in 1...steps {
            advance(by: interval)
            let t = Double(step) / Double(steps)
            move(0, to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        if rest > 0 { advance(by: rest) }
        up(0)
    }

    /// The point at the middle of `view`, window space.
    func centre(of view: View) -> Point {
        view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }
}
