import VitrineGraphics

/// The focus engine: which view has focus, moves by keys and the encoder, the engaged state of
/// an adjustable element, and the ring (`FocusRing`). One per application, made on first use
/// (a touch-only app that never presses a focus key never makes it). Works on the key window.
///
/// Focus order is the reading order (`Window.accessibilityElementsInReadingOrder`) filtered by
/// `canBecomeFocused`; the element list is rebuilt in two reused arrays for each move, so a key
/// allocates nothing once warm.
@MainActor
final class FocusEngine {
    unowned let application: Application
    /// The focused view (weak: a view that goes away loses focus, and the next commit moves
    /// focus to the screen's first element).
    weak var focusedView: View?
    /// What had focus when a modal view appeared, to go back to when it goes.
    weak var focusBeforeModal: View?
    weak var modalAtLastCheck: View?
    /// The front screen's view at the last commit (`FocusBack.frontScreen`), to tell the
    /// observer of a new screen while focus is off.
    weak var screenAtLastCheck: View?
    /// Whether focus navigation is on: the ring shows. Off until the first focus key or
    /// encoder use, unless `behavior` is `.always`.
    var isActive = false
    var behavior = FocusBehavior.automatic
    /// Whether the focused adjustable element takes arrows and encoder turns as adjustments.
    var isEngaged = false
    let ring = FocusRing()
    var elements: [View] = []
    var scratch: [View] = []

    init(application: Application) {
        self.application = application
        elements.reserveCapacity(64)
        scratch.reserveCapacity(64)
    }

    var window: Window? { focusedView?.accessibilityWindow ?? application.keyWindow }

    // MARK: Order

    /// Rebuilds `elements` as the key window's focusable elements in reading order.
    func collectFocusable() {
        guard let window = application.keyWindow else {
            elements.removeAll(keepingCapacity: true)
            return
        }
        // Lay out first: a scroll made by the last move may have brought new rows in.
        window.layoutIfNeeded()
        window.collectAccessibilityElements(into: &elements, scratch: &scratch)
        elements.removeAll { !$0.canBecomeFocused }
    }

    /// The first view to focus on the key window: a preferred environment of the front
    /// controller (`FocusBack.frontController`), else of the front-most modal view or of the
    /// window's views, else the first focusable element.
    func initialFocus() -> View? {
        collectFocusable()
        guard let window = application.keyWindow else { return nil }
        let modal = window.accessibilityModalView
        // The front controller's preference first (unless a modal view it does not own is up).
        if let controller = FocusBack.frontController(in: window), let view = controller.viewIfLoaded,
           modal.map({ view.isInAccessibilityChain(of: $0) }) ?? true {
            for candidate in controller.preferredFocusEnvironments {
                if candidate.canBecomeFocused, elements.contains(where: { $0 === candidate }) { return candidate }
                if let inner = preferredFocus(in: candidate) { return inner }
            }
        }
        if let preferred = preferredFocus(in: modal ?? window) { return preferred }
        // A new screen starts at its content, not at the bars' buttons (Back, the tabs).
        return elements.first { !$0.isInBar } ?? elements.first
    }

    private func preferredFocus(in view: View) -> View? {
        for candidate in view.preferredFocusEnvironments {
            if candidate.canBecomeFocused, elements.contains(where: { $0 === candidate }) { return candidate }
            if let inner = preferredFocus(in: candidate) { return inner }
        }
        for subview in view.subviews where AccessibilityOrder.isShown(subview) {
            if !subview.preferredFocusEnvironments.isEmpty, let found = preferredFocus(in: subview) { return found }
        }
        return nil
    }

    // MARK: Moves

    /// Moves focus by `heading`; returns whether focus moved (or, when nothing had focus, was
    /// placed on the first element).
    @discardableResult
    func move(_ heading: FocusHeading) -> Bool {
        activate()
        collectFocusable()
        // A field being edited that was touched (not focused by keys) is where Tab starts.
        let start = focusedView ?? (application.keyWindow?.firstResponder as? View)
        guard let current = start, let index = elements.firstIndex(where: { $0 === current }) else {
            guard let first = initialFocus() else { return false }
            update(to: first, heading: heading)
            return true
        }
        if let scrolled = FocusScrolling.revealNeighbourRow(of: current, heading: heading) {
            update(to: scrolled, heading: heading)
            return true
        }
        let target: View?
        if heading.contains(.next) {
            target = elements[(index + 1) % elements.count]
        } else if heading.contains(.previous) {
            target = elements[(index + elements.count - 1) % elements.count]
        } else {
            target = FocusGeometry.nearest(from: current.accessibilityFrame, heading: heading, among: elements,
                                           excluding: current)
        }
        guard let target, target !== current else { return false }
        update(to: target, heading: heading)
        return true
    }

    /// Gives focus to `view` (nil: none), telling the views, the text input and the observer.
    func update(to view: View?, heading: FocusHeading) {
        let previous = focusedView
        guard previous !== view else { return }
        isEngaged = false
        focusedView = view
        // Focus leaving a field being edited ends its editing; entering a field starts it.
        if let responder = previous?.window?.firstResponder as? View, responder === previous {
            _ = responder.resignFirstResponder()
        }
        if let field = view as? TextField, field.isEnabled { _ = field.becomeFirstResponder() }
        if let textView = view as? TextView, textView.isEditable { _ = textView.becomeFirstResponder() }
        if let view { FocusScrolling.scrollIntoView(view) }
        let context = FocusUpdateContext(previouslyFocusedView: previous, nextFocusedView: view, focusHeading: heading)
        notifyFocusChange(context)
        application.accessibilityCenter?.observer?.accessibilityFocusDidChange(to: view)
        application.setNeedsCommit()
    }

    /// `didUpdateFocus(in:with:)` on the view losing focus and its superviews, then on the
    /// view gaining it and its superviews, each view once.
    private func notifyFocusChange(_ context: FocusUpdateContext) {
        let coordinator = FocusAnimationCoordinator.shared
        var view = context.previouslyFocusedView
        while let current = view {
            current.didUpdateFocus(in: context, with: coordinator)
            view = current.accessibilityParent
        }
        view = context.nextFocusedView
        while let current = view {
            if let previous = context.previouslyFocusedView, previous === current || previous.isInAccessibilityChain(of: current) {
                break
            }
            current.didUpdateFocus(in: context, with: coordinator)
            view = current.accessibilityParent
        }
    }

    func activate() {
        guard !isActive else { return }
        isActive = true
        application.setNeedsCommit()
    }

    // MARK: Actions

    /// Enter, Space or the encoder's press on the focused view: an adjustable element toggles
    /// engagement, anything else is activated. Returns whether something happened.
    @discardableResult
    func activateFocused() -> Bool {
        activate()
        guard let view = focusedView else { return move(.next) }
        if view.accessibilityTraits.contains(.adjustable) {
            isEngaged.toggle()
            application.setNeedsCommit()
            return true
        }
        return view.accessibilityActivate()
    }

    /// One step of the engaged element, up or down; tells the observer of the new value.
    func adjust(up: Bool) {
        guard let view = focusedView else { return }
        if up { view.accessibilityIncrement() } else { view.accessibilityDecrement() }
        application.accessibilityCenter?.observer?.accessibilityValueDidChange(of: view)
    }

    /// Escape: disengage; else dismiss an alert by its cancel action; else go back one screen.
    @discardableResult
    func escape() -> Bool {
        if isEngaged {
            isEngaged = false
            application.setNeedsCommit()
            return true
        }
        return FocusBack.goBack(in: application.keyWindow)
    }

    // MARK: Commit

    /// Before the display pass: keep focus on a view that is shown (a screen pushed, popped or
    /// presented, an alert come or gone, the focused view removed), and put the ring on it.
    func commitWillDisplay() {
        if behavior == .always { isActive = true }
        guard let window = application.keyWindow else {
            ring.hide()
            return
        }
        let screen = FocusBack.frontScreen(in: window)
        let isNewScreen = screen !== screenAtLastCheck
        screenAtLastCheck = screen
        guard isActive else {
            // Focus off (a touch kiosk): the screen reader still hears of a new screen.
            ring.hide()
            if isNewScreen { application.accessibilityCenter?.observer?.accessibilityScreenDidChange(focusing: nil) }
            return
        }
        let modal = window.accessibilityModalView
        if modal !== modalAtLastCheck {
            if modal != nil, modalAtLastCheck == nil { focusBeforeModal = focusedView }
            let returning = modal == nil ? focusBeforeModal : nil
            modalAtLastCheck = modal
            if let returning, isShown(returning, in: window) {
                update(to: returning, heading: [])
            } else {
                screenChanged(in: window)
            }
        } else if let focused = focusedView, !isShown(focused, in: window) {
            screenChanged(in: window)
        } else if focusedView == nil {
            if let first = initialFocus() { update(to: first, heading: []) }
        }
        ring.show(around: focusedView, in: window, engaged: isEngaged)
    }

    private func screenChanged(in window: Window) {
        let first = initialFocus()
        update(to: first, heading: [])
        application.accessibilityCenter?.observer?.accessibilityScreenDidChange(focusing: first)
    }

    /// Whether `view` is still an element one can focus on `window` (in it, shown, in the modal
    /// view when there is one).
    private func isShown(_ view: View, in window: Window) -> Bool {
        guard view.accessibilityWindow === window, view.canBecomeFocused else { return false }
        var current: View? = view
        while let v = current {
            if !AccessibilityOrder.isShown(v) { return false }
            current = v.accessibilityParent
        }
        if let modal = window.accessibilityModalView, !view.isInAccessibilityChain(of: modal) { return false }
        return true
    }
}

/// When the focus engine shows its ring.
public enum FocusBehavior: Sendable, Hashable {
    /// Off until the first focus key (Tab, an arrow, Enter, Space) or encoder use: a touch
    /// kiosk shows no ring to people who touch it. The default.
    case automatic
    /// Always on, from the first frame: a board with no touchscreen (a knob, a keypad).
    case always
}

extension View {
    /// Whether the view is in a navigation bar or a tab bar.
    var isInBar: Bool {
        var view: View? = self
        while let current = view {
            if current is NavigationBar || current is TabBar { return true }
            view = current.accessibilityParent
        }
        return false
    }

    /// Whether `ancestor` is this view or one of its superviews (or containers).
    func isInAccessibilityChain(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.accessibilityParent
        }
        return false
    }
}
