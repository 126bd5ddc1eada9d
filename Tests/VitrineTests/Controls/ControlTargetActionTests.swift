import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A controller with action methods of every supported shape.
@MainActor
private final class PaymentController: ViewController {
    var calls: [String] = []
    var events: [Event?] = []

    func payTapped(_ sender: Control) { calls.append("control \(sender.tag)") }
    func payButtonTapped(_ sender: Button) { calls.append("button \(sender.tag)") }
    func refresh() { calls.append("plain") }
    func payTapped(_ sender: Button, with event: Event?) {
        calls.append("with event")
        events.append(event)
    }
}

/// Holds an identifier known only after the closure that uses it is made.
@MainActor
private final class IdentifierBox {
    var identifier: Control.ActionIdentifier?
}

/// A target that is not a responder.
@MainActor
private final class Counter {
    var count = 0
    func hit(_ sender: Control) { count += 1 }
}

@MainActor
struct ControlTargetActionTests {
    let h = Harness()
    let button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 100))
    let tapPoint = Point(x: 150, y: 150)

    init() {
        button.tag = 7
        h.window.addSubview(button)
    }

    @Test func methodTargetsReceiveTheSenderTypedAsControlOrAsItsClass() {
        let controller = PaymentController()
        button.addTarget(controller, action: PaymentController.payTapped(_:), for: .touchUpInside)
        button.addTarget(controller, action: PaymentController.payButtonTapped, for: .touchUpInside)
        button.addTarget(controller, action: PaymentController.refresh, for: .touchUpInside)
        button.addTarget(controller, action: PaymentController.payTapped(_:with:), for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(controller.calls == ["control 7", "button 7", "plain", "with event"])
        // Tracking passes the touch event; the action must not keep it, so only its type is checked now.
        #expect(controller.events.count == 1)
        #expect(controller.events[0]?.type == .touches)
    }

    @Test func sendActionsFromCodeCallsTheTargetsWithoutAnEvent() {
        let controller = PaymentController()
        button.addTarget(controller, action: PaymentController.payTapped(_:with:), for: .valueChanged)
        button.sendActions(for: .valueChanged)
        #expect(controller.calls == ["with event"])
        #expect(controller.events.count == 1)
        #expect(controller.events[0] == nil)
        // Events nobody registered for call nobody.
        button.sendActions(for: .touchDown)
        #expect(controller.calls.count == 1)
    }

    @Test func targetsAreHeldWeakly() {
        weak var gone: Counter?
        do {
            let counter = Counter()
            gone = counter
            button.addTarget(counter, action: Counter.hit, for: .touchUpInside)
            #expect(button.allTargets.count == 1)
        }
        #expect(gone == nil)
        var closureCalls = 0
        button.addAction({ _ in closureCalls += 1 }, for: .touchUpInside)
        h.tap(at: tapPoint)
        // The gone target is skipped without a crash; the other actions still run.
        #expect(closureCalls == 1)
        #expect(button.allTargets.isEmpty)
        #expect(button.allControlEvents == .touchUpInside)
    }

    @Test func aTargetOutlivingItsRegistrationIsNotCalledAfterRemoval() {
        let counter = Counter()
        button.addTarget(counter, action: Counter.hit, for: [.touchDown, .touchUpInside])
        h.tap(at: tapPoint)
        #expect(counter.count == 2)
        button.removeTarget(counter, for: .touchDown)
        h.advance(by: 1)
        h.tap(at: tapPoint)
        #expect(counter.count == 3)
        button.removeTarget(counter)
        h.advance(by: 1)
        h.tap(at: tapPoint)
        #expect(counter.count == 3)
        #expect(button.allTargets.isEmpty)
    }

    @Test func removeTargetNilRemovesEveryKindOfRegistration() {
        let counter = Counter()
        var closureCalls = 0
        button.addTarget(counter, action: Counter.hit, for: .touchUpInside)
        button.addAction({ _ in closureCalls += 1 }, for: .touchUpInside)
        button.addAction(.inspect, for: .touchUpInside)
        button.removeTarget(nil)
        h.tap(at: tapPoint)
        #expect(counter.count == 0)
        #expect(closureCalls == 0)
        #expect(button.allControlEvents.isEmpty)
    }

    @Test func closureActionsAreRemovedByIdentifierWhollyOrPerEvent() {
        var log: [String] = []
        let first = button.addAction({ _ in log.append("first") }, for: [.touchDown, .touchUpInside])
        let second = button.addAction({ _ in log.append("second") }, for: .touchUpInside)
        #expect(first != second)
        button.removeAction(identifiedBy: first, for: .touchDown)
        h.tap(at: tapPoint)
        #expect(log == ["first", "second"])
        log.removeAll()
        button.removeAction(identifiedBy: second)
        h.advance(by: 1)
        h.tap(at: tapPoint)
        #expect(log == ["first"])
        #expect(button.allControlEvents == .touchUpInside)
    }

    @Test func actionsRunInTheOrderTheyWereAdded() {
        var log: [Int] = []
        for index in 0..<4 { button.addAction({ _ in log.append(index) }, for: .touchUpInside) }
        button.sendActions(for: .touchUpInside)
        #expect(log == [0, 1, 2, 3])
    }

    @Test func anActionRemovedDuringASendIsSkipped() {
        var log: [String] = []
        let victim = IdentifierBox()
        button.addAction({ sender in
            log.append("remover")
            if let identifier = victim.identifier { sender.removeAction(identifiedBy: identifier) }
        }, for: .touchUpInside)
        victim.identifier = button.addAction({ _ in log.append("victim") }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(log == ["remover"])
    }

    @Test func anActionAddedDuringASendWaitsForTheNextOne() {
        var log: [String] = []
        var added = false
        button.addAction({ sender in
            log.append("adder")
            guard !added else { return }
            added = true
            sender.addAction({ _ in log.append("added") }, for: .touchUpInside)
        }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(log == ["adder"])
        button.sendActions(for: .touchUpInside)
        #expect(log == ["adder", "adder", "added"])
    }

    @Test func allTargetsListsEachLiveTargetOnceAndAllControlEventsTheUnion() {
        let a = Counter(), b = Counter()
        let responder = View()
        button.addTarget(a, action: Counter.hit, for: .touchDown)
        button.addTarget(b, action: Counter.hit, for: .touchUpInside)
        button.addTarget(a, action: Counter.hit, for: .touchCancel)
        button.addTarget(responder, action: .inspect, for: .valueChanged)
        button.addAction({ _ in }, for: .touchDragExit)
        let targets = button.allTargets
        #expect(targets.count == 3)
        #expect(targets[0] === a && targets[1] === b && targets[2] === responder)
        #expect(button.allControlEvents == [.touchDown, .touchUpInside, .touchCancel, .valueChanged, .touchDragExit])
    }

    @Test func aButtonTriggersItsPrimaryActionRightAfterTouchUpInside() {
        let log = ControlEventLog(observing: button)
        h.tap(at: tapPoint)
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func aRegistrationForTouchUpInsideAndThePrimaryActionRunsForEach() {
        var calls = 0
        button.addAction({ _ in calls += 1 }, for: [.touchUpInside, .primaryActionTriggered])
        h.tap(at: tapPoint)
        #expect(calls == 2)
    }

    @Test func aButtonLiftedOutsideTriggersNoPrimaryAction() {
        let log = ControlEventLog(observing: button)
        h.down(0, at: tapPoint)
        h.move(0, to: Point(x: 500, y: 150))
        h.up(0)
        #expect(!log.names.contains("primaryActionTriggered"))
        #expect(log.names.last == "touchUpOutside")
    }

    @Test func sendingTouchUpInsideFromCodeDoesNotTriggerThePrimaryAction() {
        let log = ControlEventLog(observing: button)
        button.sendActions(for: .touchUpInside)
        #expect(log.names == ["touchUpInside"])
    }

    @Test func aPlainControlHasNoPrimaryAction() {
        let control = Control(frame: Rect(x: 400, y: 100, width: 100, height: 100))
        h.window.addSubview(control)
        let log = ControlEventLog(observing: control)
        h.tap(at: Point(x: 450, y: 150))
        #expect(log.names == ["touchDown", "touchUpInside"])
    }

    @Test func anActionThatDisablesTheControlOnExitStopsTheDrag() {
        let log = ControlEventLog(observing: button)
        button.addAction({ sender in sender.isEnabled = false }, for: .touchDragExit)
        h.down(0, at: tapPoint)
        h.move(0, to: Point(x: 500, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown", "touchDragExit"])
        #expect(!button.isHighlighted)
    }
}

/// Something that can be inspected (used for targeted typed actions).
@MainActor
protocol Inspecting: AnyObject {
    func inspect(_ sender: AnyObject?, event: Event?)
}

extension Action {
    /// Test action: inspect, with the event.
    static let inspect = Action("inspect", to: (any Inspecting).self) { handler, sender, event in
        handler.inspect(sender, event: event)
    }
}
