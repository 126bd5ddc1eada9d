// Over 500 lines on purpose: tracking, target registration and sending share the control's
// private state (the followed touch, the registrations), which Swift would have to widen to
// module-internal to split across files, and `sendAction` must stay in the class to be open.

import VitrineGraphics

/// A view that turns the touches it receives into semantic control events and sends them to
/// the targets registered for them (UIKit's `UIControl`).
///
/// **Tracking.** A control follows one touch at a time: the first that touches down on it
/// while it is enabled. From that touch it sends, in this order:
/// - on touch-down: `touchDown` (with `touchDownRepeat` in the same send when `tapCount > 1`),
///   after `beginTracking(_:with:)` agreed;
/// - on each move: `touchDragExit` or `touchDragEnter` when the finger crossed the boundary,
///   then `touchDragInside` or `touchDragOutside`, while `continueTracking(_:with:)` agrees;
/// - on lift: `touchUpInside` or `touchUpOutside`, after `endTracking(_:with:)`;
/// - when the system cancels the touch: `touchCancel`, after `cancelTracking(with:)`.
///
/// "Inside" is generous, as in UIKit: a finger counts as inside while it is within
/// `touchInsideMargin` points (70 by default) of the bounds, or wherever `point(inside:with:)`
/// says so, so that a finger wobbling off a small button does not lose the tap.
/// `isHighlighted` follows that inside/outside state for as long as the control follows the
/// touch, and is off again once the touch ends or is cancelled.
///
/// A control handles the touches it follows itself (it does not pass them up the responder
/// chain), like UIKit's controls.
///
/// **Disabled controls.** A disabled control is still found by hit-testing (as in UIKit, where
/// `hitTest(_:with:)` skips only hidden, non-interactive and transparent views), so it keeps
/// touches from the views *behind* it. It does not track them: it sends no events, is not
/// highlighted, and passes the touches on to `next` (its superview, or its controller), as a
/// view without touch handling would. Set `isUserInteractionEnabled = false` as well to let
/// touches through to the views behind. Disabling a control while it tracks a touch calls
/// `cancelTracking(with:)` and drops the touch silently (no `touchCancel`: a disabled control
/// sends nothing).
///
/// **Targets and actions.** There are three kinds of registration, all held in the order they
/// were added and all sent from `sendActions(for:)`:
/// - a typed target and one of its methods, held weakly:
///   `addTarget(self, action: CheckoutController.payTapped, for: .touchUpInside)`;
/// - a typed nil-targeted `Action`, which travels up the responder chain from the first
///   responder to the first responder that handles it (see `Action` and
///   `Application.sendAction(_:to:from:for:)`): `addAction(.checkout, for: .touchUpInside)`;
/// - a closure: `addAction({ sender in … }, for: .valueChanged)`.
///
/// Every `add…` returns an `ActionIdentifier` that `removeAction(identifiedBy:for:)` accepts.
///
/// **Why `Control.Events` and not UIKit's `UIControl.Event`.** Vitrine's touch event class is
/// the top-level `Event` (UIKit's `UIEvent`). A nested `Control.Event` would shadow it in the
/// body of every control subclass, so an ordinary `override func touchesBegan(_:with event:
/// Event?)` in an app's control would fail to override. The option set is therefore named
/// `Control.Events` (it is a set of events anyway).
@MainActor
open class Control: View {
    // MARK: Nested types

    /// A control's state, as a set of flags (UIKit's `UIControl.State`). Per-state appearance
    /// (a button's titles and colors) is keyed by these values.
    public struct State: OptionSet, Sendable, Hashable {
        /// The raw bits (UIKit's values).
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No flag set: enabled, not highlighted, not selected.
        public static let normal: State = []
        /// A finger is on the control (or within its margin) while it follows the touch.
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// The events a control sends to its targets (UIKit's `UIControl.Event`; see the type's
    /// documentation for why the name is plural). Bit values are UIKit's.
    public struct Events: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt32
        /// Creates a set of events from raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A finger touched down on the control.
        public static let touchDown = Events(rawValue: 1 << 0)
        /// A finger touched down again as part of a multiple tap (`tapCount > 1`); sent together
        /// with `touchDown`.
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        /// The finger moved while inside (bounds plus `touchInsideMargin`).
        public static let touchDragInside = Events(rawValue: 1 << 2)
        /// The finger moved while outside.
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        /// The finger moved from outside to inside (sent before `touchDragInside`).
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        /// The finger moved from inside to outside (sent before `touchDragOutside`).
        public static let touchDragExit = Events(rawValue: 1 << 5)
        /// The finger lifted inside: the usual "tapped".
        public static let touchUpInside = Events(rawValue: 1 << 6)
        /// The finger lifted outside.
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        /// The system cancelled the touch the control was tracking.
        public static let touchCancel = Events(rawValue: 1 << 8)
        /// The control's value changed (sliders, switches, steppers).
        public static let valueChanged = Events(rawValue: 1 << 12)
        /// The control's primary action happened: a button sends it right after
        /// `touchUpInside` (see `triggersPrimaryActionOnTouchUpInside`).
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
        /// Editing began in a text control.
        public static let editingDidBegin = Events(rawValue: 1 << 16)
        /// The text of a text control changed.
        public static let editingChanged = Events(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Events(rawValue: 1 << 18)
        /// Editing ended with the return key.
        public static let editingDidEndOnExit = Events(rawValue: 1 << 19)
        /// Every touch event (the low twelve bits).
        public static let allTouchEvents = Events(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Events(rawValue: 0x000F_0000)
        /// Bits an app may use for events of its own controls.
        public static let applicationReserved = Events(rawValue: 0x0F00_0000)
        /// Every event.
        public static let allEvents = Events(rawValue: 0xFFFF_FFFF)
    }

    /// Names one registration of a control's targets and actions, for
    /// `removeAction(identifiedBy:for:)`. Unique within the process.
    public struct ActionIdentifier: Hashable, Sendable, CustomStringConvertible {
        let value: UInt64
        /// `#n`, for logs.
        public var description: String { "#\(value)" }
    }

    /// One registration: what to call, for which events.
    @MainActor
    private final class Registration {
        enum Perform {
            /// A method of the (weak) target; arguments: target, control, event.
            case method(@MainActor (AnyObject, Control, Event?) -> Void)
            /// A typed action, to the (weak) target or, without one, up the responder chain.
            case action(Action)
            /// A closure.
            case closure(@MainActor (Control) -> Void)
        }

        let identifier: ActionIdentifier
        var events: Events
        /// Weak, as in UIKit: a control must not keep its controller alive.
        weak var target: AnyObject?
        /// Whether a target was given: a registration whose target is gone does nothing
        /// (a gone target must not turn into a nil-targeted action).
        let hasTarget: Bool
        let perform: Perform

        init(identifier: ActionIdentifier, events: Events, target: AnyObject?, perform: Perform) {
            self.identifier = identifier
            self.events = events
            self.target = target
            self.hasTarget = target != nil
            self.perform = perform
        }

        /// Whether the registration can still do anything.
        var isLive: Bool { !hasTarget || target != nil }
    }

    private static var nextIdentifier: UInt64 = 1

    // MARK: State

    /// Whether the control responds to touches (see the type's documentation for what a
    /// disabled control does with them). Default true. Turning it off while tracking cancels
    /// the tracking; changing it redraws.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { abandonFollowedTouch() }
            setNeedsDisplay()
        }
    }

    /// Whether the control is drawn highlighted. Set by tracking (see the type's
    /// documentation); apps may set it too. Changing it redraws.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// Whether the control is selected (a toggled button, a chosen segment). Never changed by
    /// the control itself. Changing it redraws.
    open var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }

    /// The current state: `.highlighted`, `.disabled` and `.selected` as the properties say.
    public var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether the control is tracking a touch: it follows one and `beginTracking` and every
    /// `continueTracking` since agreed. False again before the touch's up or cancel events are
    /// sent.
    public private(set) var isTracking = false

    /// Whether the touch the control follows is inside (bounds plus `touchInsideMargin`, or
    /// `point(inside:with:)`). False when the control follows no touch.
    public private(set) var isTouchInside = false

    /// How far, in points, beyond its bounds a followed finger still counts as inside (for the
    /// drag events, `touchUpInside` and highlighting). UIKit uses about 70 points, so this
    /// defaults to 70; 0 makes "inside" mean `point(inside:with:)` only.
    public var touchInsideMargin: Double = 70

    /// How the content (a button's image and title) sits across the bounds (UIKit's
    /// `contentHorizontalAlignment`). Default `.center`. `.leading` and `.trailing` follow the
    /// control's layout direction (`effectiveContentHorizontalAlignment` resolves them: leading
    /// is the right edge in right to left); `.left` and `.right` do not. Changing it redraws.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsDisplay() } }
    }

    /// Whether a lift inside also sends `.primaryActionTriggered`, right after `.touchUpInside`
    /// and as a separate send. Default false; `Button` returns true, as `UIButton` does.
    open var triggersPrimaryActionOnTouchUpInside: Bool { false }

    /// The touch the control follows, and its sequence number (touch objects are reused).
    private var followedTouch: Touch?
    private var followedSequence: UInt64 = 0
    /// Touches (pool slots) that began while the control was disabled: they go to `next`.
    private var forwardedMask: UInt64 = 0

    private var registrations: [Registration] = []

    // MARK: Initializers

    /// Creates a control with `frame` in its future superview's coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    // MARK: Appearance

    /// Redraws: every control draws with its `tintColor`.
    open override func tintColorDidChange() { setNeedsDisplay() }

    /// Redraws: every control draws with the colours of its `traitCollection`.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { setNeedsDisplay() }

    // MARK: Tracking (override points)

    /// A touch began on the control. Return whether to track it (send events for it); the
    /// default returns true. `touch` is in the control's coordinate space via
    /// `touch.location(in: self)`.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// The tracked touch moved. Return whether to keep tracking it; false stops the events for
    /// the rest of the touch (no up or cancel event follows). Default true.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// The tracked touch lifted; called before the up event is sent. Default: nothing.
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// The tracked touch was cancelled (by the system, or because the control was disabled);
    /// called before `touchCancel` is sent. Default: nothing.
    open func cancelTracking(with event: Event?) {}

    // MARK: Touches

    /// An enabled control keeps its own tap: a single-finger single-tap recognizer of an
    /// ancestor may not begin on it, so the control's action wins (UIKit's behaviour since iOS 6).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? TapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// Starts following the first of `touches` (when enabled and not already following one):
    /// highlights, asks `beginTracking`, sends `touchDown` (and `touchDownRepeat`). A disabled
    /// control passes `touches` to `next`.
    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard isEnabled else {
            for touch in touches { forwardedMask |= 1 << UInt64(touch.poolIndex) }
            super.touchesBegan(touches, with: event)
            return
        }
        guard followedTouchIfActive() == nil, let touch = touches.first else { return }
        followedTouch = touch
        followedSequence = touch.sequenceNumber
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        guard isTracking else { return }
        var events: Events = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, with: event)
    }

    /// Updates inside/outside and the highlight for the followed touch, asks `continueTracking`
    /// and sends the enter/exit and drag events.
    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        forward(touches, with: event) { $0.touchesMoved($1, with: $2) }
        guard let touch = followedTouch(in: touches) else { return }
        let wasInside = isTouchInside
        let inside = isInside(touch, with: event)
        isTouchInside = inside
        isHighlighted = inside
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        if inside != wasInside {
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)
            // An action may have disabled the control or otherwise stopped the tracking.
            guard isTracking else { return }
        }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)
    }

    /// Ends the followed touch: `endTracking`, then (the control no longer tracking or
    /// highlighted) `touchUpInside` or `touchUpOutside`, and for a button
    /// `primaryActionTriggered`.
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        forward(touches, with: event) { $0.touchesEnded($1, with: $2) }
        guard let touch = followedTouch(in: touches) else { return }
        let inside = isInside(touch, with: event)
        isTouchInside = inside
        let wasTracking = isTracking
        if wasTracking { endTracking(touch, with: event) }
        stopFollowing()
        if wasTracking {
            if inside {
                sendActions(for: .touchUpInside, with: event)
                if triggersPrimaryActionOnTouchUpInside { sendActions(for: .primaryActionTriggered, with: event) }
            } else {
                sendActions(for: .touchUpOutside, with: event)
            }
        }
        isTouchInside = false
    }

    /// Cancels the followed touch: `cancelTracking`, then `touchCancel`.
    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        forward(touches, with: event) { $0.touchesCancelled($1, with: $2) }
        guard followedTouch(in: touches) != nil else { return }
        let wasTracking = isTracking
        if wasTracking { cancelTracking(with: event) }
        stopFollowing()
        isTouchInside = false
        if wasTracking { sendActions(for: .touchCancel, with: event) }
    }

    /// The followed touch when it is still the same finger (touch objects are reused).
    private func followedTouchIfActive() -> Touch? {
        guard let touch = followedTouch, touch.sequenceNumber == followedSequence,
              touch.phase != .ended, touch.phase != .cancelled else { return nil }
        return touch
    }

    /// The followed touch, when it is in `touches`.
    private func followedTouch(in touches: TouchSet) -> Touch? {
        guard let touch = followedTouch, touch.sequenceNumber == followedSequence,
              touches.contains(touch) else { return nil }
        return touch
    }

    /// Passes the touches that began while disabled on to `next`, and forgets those that end.
    private func forward(_ touches: TouchSet, with event: Event?,
                         _ deliver: (Responder, TouchSet, Event?) -> Void) {
        guard forwardedMask != 0 else { return }
        let forwarded = touches.subset { forwardedMask & (1 << UInt64($0.poolIndex)) != 0 }
        guard !forwarded.isEmpty else { return }
        for touch in forwarded where touch.phase == .ended || touch.phase == .cancelled {
            forwardedMask &= ~(1 << UInt64(touch.poolIndex))
        }
        if let next { deliver(next, forwarded, event) }
    }

    /// Whether `touch` counts as inside: within `touchInsideMargin` of the bounds, or where
    /// `point(inside:with:)` says so.
    private func isInside(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        if self.point(inside: point, with: event) { return true }
        let margin = max(touchInsideMargin, 0)
        return bounds.insetBy(dx: -margin, dy: -margin).contains(point)
    }

    private func stopFollowing() {
        followedTouch = nil
        isTracking = false
        isHighlighted = false
    }

    /// The control was disabled: cancel the tracking without events; the touch's later
    /// deliveries are swallowed (it is no longer followed, nor forwarded).
    private func abandonFollowedTouch() {
        guard followedTouch != nil else { return }
        if isTracking { cancelTracking(with: nil) }
        stopFollowing()
        isTouchInside = false
    }

    // MARK: Adding targets and actions

    /// Calls `action` on `target` when one of `events` is sent. `target` is held weakly: once
    /// it is gone the registration does nothing. `action` is an unbound method reference whose
    /// argument is the control, typed as `Control` or as the control's own class:
    /// `button.addTarget(self, action: CheckoutController.payTapped, for: .touchUpInside)`
    /// with `func payTapped(_ sender: Button)`. The control must be a `Sender`.
    @discardableResult
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Sender) -> Void, for events: Events
    ) -> ActionIdentifier {
        precondition(self is Sender, "\(type(of: self)) cannot send to an action taking a \(Sender.self)")
        return register(events, target: target, .method { target, control, _ in
            action(unsafeDowncast(target, to: Target.self))(unsafeDowncast(control, to: Sender.self))
        })
    }

    /// Calls `action` (a method taking the control and the event) on `target`, held weakly,
    /// when one of `events` is sent. The event is the touch event for events that tracking
    /// sends, nil for `sendActions(for:)`; do not keep it.
    @discardableResult
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Sender, Event?) -> Void, for events: Events
    ) -> ActionIdentifier {
        precondition(self is Sender, "\(type(of: self)) cannot send to an action taking a \(Sender.self)")
        return register(events, target: target, .method { target, control, event in
            action(unsafeDowncast(target, to: Target.self))(unsafeDowncast(control, to: Sender.self), event)
        })
    }

    /// Calls `action` (a method without arguments) on `target`, held weakly, when one of
    /// `events` is sent.
    @discardableResult
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> () -> Void, for events: Events
    ) -> ActionIdentifier {
        register(events, target: target, .method { target, _, _ in
            action(unsafeDowncast(target, to: Target.self))()
        })
    }

    /// Sends the typed `action` when one of `events` is sent: to `target` (held weakly; when it
    /// does not handle the action, up its responder chain), or, when `target` is nil, up the
    /// responder chain from the first responder (UIKit's nil-targeted action; see
    /// `Application.sendAction(_:to:from:for:)`). Adding the same action for the same target
    /// again adds `events` to the existing registration and returns its identifier.
    @discardableResult
    public func addTarget(_ target: Responder?, action: Action, for events: Events) -> ActionIdentifier {
        if let existing = registrations.first(where: { registration in
            guard registration.isLive, case .action(let registered) = registration.perform,
                  registered.name == action.name else { return false }
            return registration.hasTarget ? registration.target === target : target == nil
        }) {
            existing.events.formUnion(events)
            return existing.identifier
        }
        return register(events, target: target, .action(action))
    }

    /// Sends the typed `action` up the responder chain when one of `events` is sent (the same
    /// as `addTarget(nil, action: action, for: events)`).
    @discardableResult
    public func addAction(_ action: Action, for events: Events) -> ActionIdentifier {
        addTarget(nil, action: action, for: events)
    }

    /// Calls `handler` with the control when one of `events` is sent. The control keeps the
    /// closure: capture the control's owner weakly (`[weak self]`) to avoid a cycle.
    @discardableResult
    public func addAction(_ handler: @escaping @MainActor (Control) -> Void, for events: Events) -> ActionIdentifier {
        register(events, target: nil, .closure(handler))
    }

    private func register(_ events: Events, target: AnyObject?, _ perform: Registration.Perform) -> ActionIdentifier {
        let identifier = ActionIdentifier(value: Control.nextIdentifier)
        Control.nextIdentifier += 1
        registrations.append(Registration(identifier: identifier, events: events, target: target, perform: perform))
        return identifier
    }

    // MARK: Removing targets and actions

    /// Stops sending `events` to `target`'s registrations (methods and typed actions aimed at
    /// it); with a nil `target`, to every registration of any kind. A registration left with no
    /// event is removed, even during a send (it is not called afterwards).
    public func removeTarget(_ target: AnyObject?, for events: Events = .allEvents) {
        remove(events) { target == nil || ($0.hasTarget && $0.target === target) }
    }

    /// Stops sending `events` to the registration `identifier` names (all its events by
    /// default); removes it when it is left with none.
    public func removeAction(identifiedBy identifier: ActionIdentifier, for events: Events = .allEvents) {
        remove(events) { $0.identifier == identifier }
    }

    private func remove(_ events: Events, where matches: (Registration) -> Bool) {
        // Emptying the events is what stops a send already under way from calling it.
        for registration in registrations where matches(registration) { registration.events.subtract(events) }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The distinct live targets (typed-method targets and typed-action targets), in the order
    /// they were first added. Closures and nil-targeted actions have none.
    public var allTargets: [AnyObject] {
        var targets: [AnyObject] = []
        for registration in registrations where registration.isLive {
            guard let target = registration.target, !targets.contains(where: { $0 === target }) else { continue }
            targets.append(target)
        }
        return targets
    }

    /// The union of the events of every live registration.
    public var allControlEvents: Events {
        var events: Events = []
        for registration in registrations where registration.isLive { events.formUnion(registration.events) }
        return events
    }

    // MARK: Sending

    /// Sends `events` as if they had happened, with no event object: apps call it to trigger a
    /// control's actions (`sendActions(for: .valueChanged)` after setting a value in code).
    public func sendActions(for events: Events) {
        sendActions(for: events, with: nil)
    }

    /// Calls every live registration that has one of `events`, once each, in the order they
    /// were added, passing `event` (the touch event being handled, or nil). Subclasses call it
    /// from their tracking (a slider's `.valueChanged`). Registrations added during the send
    /// wait for the next one; events removed during it are not sent to the registrations
    /// that lost them.
    public func sendActions(for events: Events, with event: Event?) {
        guard !registrations.isEmpty else { return }
        // A snapshot shares the array's storage: no copy unless an action changes the list.
        let snapshot = registrations
        var sawGoneTarget = false
        for registration in snapshot where !registration.events.isDisjoint(with: events) {
            switch registration.perform {
            case .method(let invoke):
                guard let target = registration.target else {
                    sawGoneTarget = true
                    continue
                }
                invoke(target, self, event)
            case .action(let action):
                if registration.hasTarget {
                    guard let target = registration.target as? Responder else {
                        sawGoneTarget = true
                        continue
                    }
                    sendAction(action, to: target, for: event)
                } else {
                    sendAction(action, to: nil, for: event)
                }
            case .closure(let handler):
                handler(self)
            }
        }
        if sawGoneTarget { registrations.removeAll { !$0.isLive } }
    }

    /// Sends one typed action with the control as sender, through the application of the
    /// control's window (else the shared one): to `target`, or up the responder chain when it
    /// is nil. Every typed action the control sends goes through here (methods and closures
    /// do not); override to observe or redirect them. Returns whether a responder performed it
    /// (false also when there is no application).
    @discardableResult
    open func sendAction(_ action: Action, to target: Responder?, for event: Event?) -> Bool {
        guard let application = window?.application ?? Application.sharedIfAny else { return false }
        return application.sendAction(action, to: target, from: self, for: event)
    }
}
