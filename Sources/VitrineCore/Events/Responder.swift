import VitrineGraphics

/// An object that can respond to events and take part in the responder chain (UIKit's
/// `UIResponder`).
///
/// The chain, as UIKit builds it: a view → its view controller (when the view is that
/// controller's root view) → the superview → … → the window → the application → the
/// application delegate (when the delegate is a `Responder`).
///
/// Every event-handling method's default implementation forwards the event to `next`, so an
/// override that does not call `super` stops the event there.
@MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    open var next: Responder? { nil }

    // MARK: First responder

    /// Whether this object accepts first-responder status. Default `false`.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this object gives up first-responder status when asked. Default `true`.
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this object can be (a view's window, a controller's
    /// view's window). `nil` when the object is not in a window.
    var firstResponderWindow: Window? { nil }

    /// Whether this object is its window's first responder.
    public var isFirstResponder: Bool {
        guard let window = firstResponderWindow else { return false }
        return window.firstResponder === self
    }

    /// Asks to become the first responder of its window: the object must be in a window and
    /// `canBecomeFirstResponder`, and the current first responder must agree to resign.
    /// Returns whether it now is the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status if `canResignFirstResponder`. Returns whether it is no
    /// longer the first responder.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.firstResponder === self {
            window.firstResponder = nil
        }
        return true
    }

    // MARK: Touches

    /// One or more fingers touched down in the view (delivered to `touch.view` first).
    /// Default: forwards to `next`.
    open func touchesBegan(_ touches: TouchSet, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// One or more fingers moved. Default: forwards to `next`.
    open func touchesMoved(_ touches: TouchSet, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// One or more fingers lifted. Default: forwards to `next`.
    open func touchesEnded(_ touches: TouchSet, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system cancelled one or more touches (a gesture recognizer took them, the device went
    /// away, the session was switched, the lid closed). Default: forwards to `next`.
    open func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses (physical keys)
    //
    // UIKit passes `Set<UIPress>`; Vitrine passes a `PressSet`, a bit mask over the
    // application's press pool, as touches come in a `TouchSet`: a Swift `Set` would be a heap
    // allocation per key event, a `PressSet` is none. It iterates, counts and tests membership
    // as the set does; `Set(presses)` makes a Swift set when one is needed.

    /// Keys went down. Default: forwards to `next`.
    open func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        next?.pressesBegan(presses, with: event)
    }

    /// Keys held repeat (auto-repeat), or an analog value changed. Default: forwards to `next`.
    open func pressesChanged(_ presses: PressSet, with event: PressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Keys came up. Default: forwards to `next`.
    open func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// The system cancelled held keys (their keyboard went away, the console or the seat
    /// switched away, the lid closed, `Application.cancelAllPresses()`): each held key is in
    /// exactly one call, and none of them will end. Default: forwards to `next`.
    open func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    // MARK: Motion

    /// A motion (a shake) began. Default: forwards to `next`.
    open func motionBegan(_ motion: Event.Subtype, with event: Event?) {
        next?.motionBegan(motion, with: event)
    }

    /// A motion ended. Default: forwards to `next`.
    open func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        next?.motionEnded(motion, with: event)
    }

    /// A motion turned out not to be one (the device stopped before it counted as a shake).
    /// Default: forwards to `next`.
    open func motionCancelled(_ motion: Event.Subtype, with event: Event?) {
        next?.motionCancelled(motion, with: event)
    }

    // MARK: Remote control

    /// A remote-control event (play, pause, next track…); `event.subtype` says which.
    /// Default: forwards to `next`.
    open func remoteControlReceived(with event: Event?) {
        next?.remoteControlReceived(with: event)
    }

    // MARK: Switches and scrolling

    /// A hardware switch changed (the lid closed or opened, tablet mode entered or left);
    /// `isOn` is true for a closed lid and for tablet mode. Sent to the key window's first
    /// responder after the application delegate heard of it. Default: forwards to `next`.
    open func switchChanged(_ kind: SwitchKind, isOn: Bool, with event: Event?) {
        next?.switchChanged(kind, isOn: isOn, with: event)
    }

    /// A scroll wheel turned over this responder's view by `delta` points (positive `y`:
    /// the content should move up, showing what is below). Sent to the view under the
    /// pointer; scrolling views override it. Default: forwards to `next`.
    open func scrollWheel(_ delta: Point, with event: Event?) {
        next?.scrollWheel(delta, with: event)
    }

    // MARK: Barcode scanners

    /// A barcode scanner read `scan` (the whole code at once, typed through the scanner's own
    /// keymap): sent to the key window's first responder, so the screen the operator is on
    /// decides what a code means — a check-in screen looks the ticket up, a form's controller
    /// may put it in a field. The scanner's keys never reach a text field as typing. Default:
    /// forwards to `next`; the chain ends at the application (and its delegate, when that is a
    /// `Responder`), and a scan that reaches its end is logged (its length, not the code),
    /// since the operator scanned and nothing happened.
    open func scannerDidRead(_ scan: Scan, with event: Event?) {
        if let next {
            next.scannerDidRead(scan, with: event)
        } else {
            Application.currentIfAny?.scanWasNotHandled(scan)
        }
    }

    // MARK: Actions

    /// Whether this responder agrees to perform `action` now. Called only on responders that
    /// have the action's handler type; default `true`. Override to decline (for example while
    /// a form is incomplete), which lets the action travel further up the chain.
    open func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool {
        true
    }

    /// The responder that will handle `action`: this one when it has the action's handler type
    /// and `canPerformAction` agrees, otherwise `next`'s answer.
    open func target(forAction action: Action, withSender sender: AnyObject?) -> Responder? {
        if action.isHandled(by: self) && canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }
}

/// A message that can be sent to a specific responder or, with a nil target, up the responder
/// chain from the first responder to the first object that handles it (UIKit's nil-targeted
/// action).
///
/// Linux has no Objective-C selectors, so an action is typed: it names a *handler type*
/// (usually a protocol) and what to call on it. A responder handles the action when it
/// conforms to that type and its `canPerformAction(_:withSender:)` agrees.
///
/// ```swift
/// @MainActor protocol CheckoutHandling { func checkout(_ sender: AnyObject?) }
/// extension Action {
///     static let checkout = Action("checkout", to: (any CheckoutHandling).self) { $0.checkout($1) }
/// }
/// button.addAction(.checkout, for: .touchUpInside)   // nil-targeted: first handler up the chain
/// ```
public struct Action: Sendable, CustomStringConvertible {
    /// A name for logs and for `canPerformAction` overrides to compare.
    public let name: String
    private let handles: @MainActor @Sendable (Responder) -> Bool
    private let perform: @MainActor @Sendable (Responder, AnyObject?, Event?) -> Void

    /// An action that responders of type `Handler` perform by running `body` with themselves,
    /// the sender and the event.
    public init<Handler>(_ name: String, to handlerType: Handler.Type,
                         _ body: @escaping @MainActor @Sendable (Handler, AnyObject?, Event?) -> Void) {
        self.name = name
        self.handles = { $0 is Handler }
        self.perform = { responder, sender, event in
            if let handler = responder as? Handler { body(handler, sender, event) }
        }
    }

    /// An action whose body ignores the event.
    public init<Handler>(_ name: String, to handlerType: Handler.Type,
                         _ body: @escaping @MainActor @Sendable (Handler, AnyObject?) -> Void) {
        self.init(name, to: handlerType) { handler, sender, _ in body(handler, sender) }
    }

    /// Whether `responder` has this action's handler type.
    @MainActor
    public func isHandled(by responder: Responder) -> Bool { handles(responder) }

    /// Performs the action on `responder` if it has the handler type; returns whether it did.
    @MainActor
    @discardableResult
    public func perform(on responder: Responder, sender: AnyObject?, event: Event?) -> Bool {
        guard handles(responder) else { return false }
        perform(responder, sender, event)
        return true
    }

    /// The action's name.
    public var description: String { name }
}
