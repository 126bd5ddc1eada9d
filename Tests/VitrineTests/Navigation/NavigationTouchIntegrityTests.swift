import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Every began touch ends or is cancelled exactly once, for views that are pushed, popped,
/// presented, dismissed and swiped away while fingers are down, whatever the handlers do.
@MainActor
@Suite struct NavigationTouchIntegrityTests {
    /// Counts per view; runs the test's chaos inside its touch callbacks.
    @MainActor final class Ledger {
        var began = 0, ends = 0
        var failures: [String] = []
        /// Open touches by view and pool slot.
        var open: Set<String> = []
        func began(_ view: View, _ touches: TouchSet) {
            for touch in touches {
                let key = "\(ObjectIdentifier(view).hashValue)/\(touch.poolIndex)"
                if open.contains(key) { failures.append("began twice: \(key)") }
                open.insert(key)
                began += 1
            }
        }
        func ended(_ view: View, _ touches: TouchSet, _ how: String) {
            for touch in touches {
                let key = "\(ObjectIdentifier(view).hashValue)/\(touch.poolIndex)"
                if open.remove(key) == nil { failures.append("\(how) without began: \(key)") }
                ends += 1
            }
        }
    }

    final class Pad: View {
        var ledger: Ledger?
        var chaos: (() -> Void)?
        override func touchesBegan(_ touches: TouchSet, with event: Event?) { ledger?.began(self, touches); chaos?() }
        override func touchesMoved(_ touches: TouchSet, with event: Event?) { chaos?() }
        override func touchesEnded(_ touches: TouchSet, with event: Event?) { ledger?.ended(self, touches, "ended"); chaos?() }
        override func touchesCancelled(_ touches: TouchSet, with event: Event?) { ledger?.ended(self, touches, "cancelled"); chaos?() }
    }

    /// A screen covered with touch pads.
    func screen(_ ledger: Ledger, chaos: @escaping () -> Void) -> ViewController {
        let controller = ViewController()
        for row in 0..<2 {
            for column in 0..<3 {
                let pad = Pad(frame: Rect(x: Double(column) * 266, y: Double(row) * 240, width: 266, height: 240))
                pad.ledger = ledger
                pad.chaos = chaos
                controller.view.addSubview(pad)
            }
        }
        return controller
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomNavigationDuringTouchDeliveryEndsEveryTouchOnce(seed: UInt64) {
        let h = Harness(touchCapacity: 10)
        let ledger = Ledger()
        var random = SeededRandom(seed: seed)
        var navigation: NavigationController!
        var chaos: () -> Void = {}
        let make = { screen(ledger, chaos: { chaos() }) }
        navigation = h.navigation(root: make())
        // A controller that already presents refuses to present again (as UIKit): present over
        // a presented screen from the top-most one, as an app does.
        let presenter: () -> ViewController? = {
            guard var top = navigation.presentedViewController else { return navigation.topViewController }
            while let above = top.presentedViewController { top = above }
            return top
        }
        chaos = {
            switch Int.random(in: 0..<40, using: &random) {
            case 0: navigation.pushViewController(make(), animated: Bool.random(using: &random))
            case 1: navigation.popViewController(animated: Bool.random(using: &random))
            case 2: navigation.popToRootViewController(animated: Bool.random(using: &random))
            case 3:
                let alert = AlertController(title: "?", message: nil, preferredStyle: .alert)
                alert.addAction(AlertAction(title: "OK"))
                presenter()?.present(alert, animated: Bool.random(using: &random))
            case 4: navigation.dismiss(animated: Bool.random(using: &random))
            case 5:
                let sheet = make()
                sheet.modalPresentationStyle = Bool.random(using: &random) ? .formSheet : .fullScreen
                sheet.modalTransitionStyle = Bool.random(using: &random) ? .crossDissolve : .coverVertical
                presenter()?.present(sheet, animated: Bool.random(using: &random))
            case 6: navigation.setViewControllers([make(), make()], animated: Bool.random(using: &random))
            default: break
            }
        }
        var down = Set<Int>()
        var positions = [Int: Point]()
        for _ in 0..<1500 {
            let slot = Int.random(in: 0..<4, using: &random)
            if down.contains(slot) {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    h.input.up(slot)
                    down.remove(slot)
                } else {
                    // Mostly rightward drags, so edge swipes begin and end by every rule.
                    let p = positions[slot]!
                    let next = Point(x: min(799, p.x + Double.random(in: -20...90, using: &random)),
                                     y: min(479, max(0, p.y + Double.random(in: -15...15, using: &random))))
                    positions[slot] = next
                    h.input.move(slot, to: next)
                }
            } else {
                let fromEdge = Int.random(in: 0..<3, using: &random) == 0
                let p = Point(x: fromEdge ? Double.random(in: 0...15, using: &random) : Double.random(in: 0...799, using: &random),
                              y: Double.random(in: 0...479, using: &random))
                positions[slot] = p
                h.input.down(slot, at: p)
                down.insert(slot)
            }
            h.frame()
            // Between deliveries too (a timer, a network reply): an alert up blocks the pads,
            // so something else must dismiss it.
            if Int.random(in: 0..<6, using: &random) == 0 { chaos() }
            h.advance(by: Double.random(in: 0...0.05, using: &random))
        }
        for slot in down { h.input.up(slot) }
        h.frame()
        h.advance(by: 2)
        chaos = {}
        #expect(ledger.failures.isEmpty, "seed \(seed): \(ledger.failures.prefix(5))")
        #expect(ledger.open.isEmpty, "seed \(seed): \(ledger.open.count) touches never ended")
        #expect(ledger.began == ledger.ends && ledger.began > 50, "seed \(seed): \(ledger.began) began")
        #expect(h.app.touchPool.activeCount == 0)
        // The navigation controller is still usable.
        navigation.dismiss(animated: false)
        navigation.popToRootViewController(animated: false)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && navigation.transition == nil)
    }
}

