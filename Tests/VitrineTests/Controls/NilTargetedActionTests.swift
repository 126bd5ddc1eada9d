import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// What a checkout screen handles.
@MainActor
protocol CheckoutHandling: AnyObject {
    func checkout(_ sender: AnyObject?)
}

extension Action {
    /// Test action: check out.
    static let checkout = Action("checkout", to: (any CheckoutHandling).self) { $0.checkout($1) }
}

/// A controller that handles checkout.
@MainActor
private final class CheckoutController: ViewController, CheckoutHandling {
    var senders: [ObjectIdentifier] = []
    func checkout(_ sender: AnyObject?) {
        if let sender { senders.append(ObjectIdentifier(sender)) }
    }
}

/// A view that can become first responder, handles checkout unless told to decline, and logs
/// what it is asked.
@MainActor
private final class CheckoutField: View, CheckoutHandling, Inspecting {
    var declines = false
    var asked: [String] = []
    var checkouts = 0
    var inspections: [Event.EventType?] = []

    override var canBecomeFirstResponder: Bool { true }
    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool {
        asked.append(action.name)
        return !declines
    }
    func checkout(_ sender: AnyObject?) { checkouts += 1 }
    func inspect(_ sender: AnyObject?, event: Event?) { inspections.append(event?.type) }
}

/// A view that can become first responder and handles nothing.
@MainActor
private final class PlainField: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// A button that logs the typed actions it sends.
@MainActor
private final class AuditedButton: Button {
    var sent: [(String, Bool, Bool)] = []
    override func sendAction(_ action: Action, to target: Responder?, for event: Event?) -> Bool {
        let performed = super.sendAction(action, to: target, for: event)
        sent.append((action.name, target == nil, performed))
        return performed
    }
}

/// The window's root controller's view holds a panel, which holds the button: the chain from
/// the button is button → panel → root view → controller → window → application.
@MainActor
struct NilTargetedActionTests {
    let h = Harness()
    private let controller = CheckoutController()
    let panel = View(frame: Rect(x: 50, y: 50, width: 400, height: 300))
    let button = Button(frame: Rect(x: 50, y: 50, width: 200, height: 100))
    /// On screen the button covers x 100...300, y 100...200.
    let tapPoint = Point(x: 150, y: 150)

    init() {
        h.window.rootViewController = controller
        controller.view.addSubview(panel)
        panel.addSubview(button)
        h.settleControls()
    }

    @Test func aTapReachesTheViewControllerUpTheChain() {
        button.addAction(.checkout, for: .touchUpInside)
        #expect(h.window.currentFirstResponder == nil)
        h.tap(at: tapPoint)
        #expect(controller.senders == [ObjectIdentifier(button)])
    }

    @Test func aFirstResponderElsewhereThatHandlesItGetsItFirst() {
        let field = CheckoutField(frame: Rect(x: 600, y: 10, width: 100, height: 40))
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        button.addAction(.checkout, for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(field.checkouts == 1)
        #expect(controller.senders.isEmpty)
    }

    @Test func aResponderThatDeclinesPassesItOn() {
        let field = CheckoutField(frame: Rect(x: 300, y: 10, width: 100, height: 40))
        field.declines = true
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        button.addAction(.checkout, for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(field.asked == ["checkout"])
        #expect(field.checkouts == 0)
        #expect(controller.senders == [ObjectIdentifier(button)])
    }

    @Test func aFirstResponderWithoutTheHandlerTypeIsPassedWithoutBeingAsked() {
        let field = PlainField(frame: Rect(x: 300, y: 10, width: 100, height: 40))
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        button.addAction(.checkout, for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(controller.senders == [ObjectIdentifier(button)])
    }

    @Test func sendActionReturnsFalseWhenNobodyHandlesIt() {
        let other = Harness()
        let lonely = AuditedButton(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        other.window.addSubview(lonely)
        #expect(!other.app.sendAction(.checkout, to: nil, from: lonely, for: nil))
        #expect(!lonely.sendAction(.checkout, to: nil, for: nil))
        lonely.sent.removeAll()
        lonely.addAction(.checkout, for: .touchUpInside)
        other.tap(at: tapPoint)
        #expect(lonely.sent.count == 1)
        #expect(lonely.sent.first?.0 == "checkout")
        #expect(lonely.sent.first?.1 == true)
        #expect(lonely.sent.first?.2 == false)
    }

    @Test func sendActionReturnsTrueWhenTheControllerHandlesIt() {
        #expect(button.sendAction(.checkout, to: nil, for: nil))
        #expect(controller.senders == [ObjectIdentifier(button)])
    }

    @Test func aTargetedActionGoesToItsTargetAheadOfTheChain() {
        let field = CheckoutField(frame: Rect(x: 300, y: 10, width: 100, height: 40))
        controller.view.addSubview(field)
        button.addTarget(field, action: .checkout, for: .touchUpInside)
        button.addTarget(field, action: .inspect, for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(field.checkouts == 1)
        #expect(field.inspections == [.touches])
        #expect(controller.senders.isEmpty)
    }

    @Test func aTargetThatDoesNotHandleTheActionPassesItUpItsChain() {
        let plain = View(frame: Rect(x: 300, y: 10, width: 100, height: 40))
        controller.view.addSubview(plain)
        button.addTarget(plain, action: .checkout, for: .touchUpInside)
        h.tap(at: tapPoint)
        #expect(controller.senders == [ObjectIdentifier(button)])
    }

    @Test func aGoneTargetDoesNotTurnIntoANilTargetedAction() {
        weak var gone: CheckoutField?
        do {
            let field = CheckoutField(frame: .zero)
            gone = field
            button.addTarget(field, action: .checkout, for: .touchUpInside)
        }
        #expect(gone == nil)
        h.tap(at: tapPoint)
        #expect(controller.senders.isEmpty)
    }

    @Test func addingTheSameActionAgainMergesTheEvents() {
        let first = button.addAction(.checkout, for: .touchDown)
        let second = button.addAction(.checkout, for: .touchUpInside)
        #expect(first == second)
        #expect(button.allControlEvents == [.touchDown, .touchUpInside])
        h.tap(at: tapPoint)
        #expect(controller.senders.count == 2)
    }

    @Test func differentActionsOrTargetsAreSeparateRegistrations() {
        let field = CheckoutField(frame: .zero)
        controller.view.addSubview(field)
        let chained = button.addAction(.checkout, for: .touchUpInside)
        let inspect = button.addAction(.inspect, for: .touchUpInside)
        let targeted = button.addTarget(field, action: .checkout, for: .touchUpInside)
        #expect(chained != inspect)
        #expect(chained != targeted)
        h.tap(at: tapPoint)
        // The chained one reached the controller, the targeted one the field.
        #expect(controller.senders.count == 1)
        #expect(field.checkouts == 1)
    }

    @Test func everyTypedActionGoesThroughSendAction() {
        let audited = AuditedButton(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        panel.addSubview(audited)
        let field = CheckoutField(frame: .zero)
        controller.view.addSubview(field)
        audited.addAction(.checkout, for: .valueChanged)
        audited.addTarget(field, action: .inspect, for: .valueChanged)
        audited.sendActions(for: .valueChanged)
        #expect(audited.sent.map(\.0) == ["checkout", "inspect"])
        #expect(audited.sent.map(\.1) == [true, false])
        #expect(audited.sent.map(\.2) == [true, true])
    }
}
