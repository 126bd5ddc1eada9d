import VitrineGraphics

/// The root of a view tree on the screen, and where events enter it (UIKit's `UIWindow`).
///
/// A window's coordinate space is the screen's (points); its `next` responder is the
/// application. It routes touch events to the views they began in, after its gesture
/// recognizers have seen them, and other events to its first responder.
@MainActor
open class Window: View {
    /// The application the window belongs to (set by `makeKeyAndVisible()`).
    public package(set) weak var application: Application?

    /// The responder that receives key, motion and remote-control events first.
    package var firstResponder: Responder? {
        didSet { if firstResponder !== oldValue { application?.toolkit?.firstResponderDidChange(firstResponder) } }
    }

    /// The current first responder of this window, if any.
    public var currentFirstResponder: Responder? { firstResponder }

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// The controller whose view fills the window. Setting it installs its view with flexible
    /// width and height and runs the appearance callbacks when the window is visible.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            let visible = application != nil && !isHidden
            // What the old root presented goes with it.
            if let oldValue, oldValue.presentedViewController != nil { oldValue.dismiss(animated: false) }
            // The order of present and dismiss: the outgoing "will" first, the incoming "did" first.
            if visible { oldValue?.beginAppearanceTransition(false) }
            if visible { rootViewController?.beginAppearanceTransition(true) }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if let controller = rootViewController { installRootView(of: controller) }
            if visible { rootViewController?.endAppearanceTransition() }
            if visible { oldValue?.endAppearanceTransition() }
        }
    }

    /// Damage: the window-space areas to recompose, collected until the next commit.
    var damage = DamageList()
    /// Names the damage collected since the last commit took it: new (unique among all
    /// windows) each time it is taken, so that a view can tell its recorded damage still waits
    /// (`View.dirtyRectDamageGeneration`).
    private(set) var damageGeneration = Window.newDamageGeneration()
    /// The last generation given out, to any window (main actor only, one access at a time).
    @exclusivity(unchecked) private static var lastDamageGeneration = 0
    /// A generation no window has had.
    private static func newDamageGeneration() -> Int {
        lastDamageGeneration &+= 1
        return lastDamageGeneration
    }

    /// Forgets the damage the commit has taken; what is recorded from now on is new.
    func discardTakenDamage() {
        damage.removeAll()
        damageGeneration = Window.newDamageGeneration()
    }

    /// The size classes the views were last told of (nil before the first commit).
    private var notifiedSizeClasses: (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass)?

    /// The window's size classes: from its size in points (`TraitCollection.sizeClasses(for:)`).
    var sizeClasses: (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        TraitCollection.sizeClasses(for: bounds.size)
    }

    /// Before the layout pass of each commit: when the window's size classes differ from those
    /// last told (it turned, the mode changed, the app resized it), calls
    /// `traitCollectionDidChange(_:)` on its views and their controllers, so that what they
    /// change (constraints, arranged views) is laid out in this same pass.
    func updateSizeClassesIfNeeded() {
        let current = sizeClasses
        guard let previous = notifiedSizeClasses else {
            notifiedSizeClasses = current
            return
        }
        guard previous != current else { return }
        notifiedSizeClasses = current
        notifySizeClassesDidChange(from: previous)
    }

    /// Clipping views scrolled since the last commit (see `ScrollBlit`).
    var pendingScrolls = PendingScrolls()

    /// Recognizers that have received touches and not yet been reset.
    var activeRecognizers: ContiguousArray<GestureRecognizer> = []
    /// Scratch list of recognizers involved in the event being delivered (capacity kept).
    private var eventRecognizers: ContiguousArray<GestureRecognizer> = []
    /// Whether an event is being delivered (arbitration defers resets until it is done).
    var isDeliveringEvent = false

    /// Creates a window covering `frame` of the screen (points).
    public override init(frame: Rect) {
        super.init(frame: frame)
        window = self
        activeRecognizers.reserveCapacity(32)
        eventRecognizers.reserveCapacity(32)
    }

    /// A window's next responder is the application.
    open override var next: Responder? { application }

    /// Makes this the key window of the shared application and shows it.
    public func makeKeyAndVisible() {
        makeKeyAndVisible(in: Application.shared)
    }

    /// Makes this the key window of `application` and shows it.
    public func makeKeyAndVisible(in application: Application) {
        let firstTime = self.application == nil
        self.application = application
        application.attach(self)
        isHidden = false
        if firstTime, let controller = rootViewController {
            controller.beginAppearanceTransition(true)
            installRootView(of: controller)
            controller.endAppearanceTransition()
        } else if firstTime {
            setNeedsLayout()
        }
        setNeedsDisplay()
        addDamage(bounds)
        application.setNeedsCommit()
    }

    private func installRootView(of controller: ViewController) {
        let root = controller.view
        root.frame = bounds
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(root)
    }

    /// Adds `rect` (window space) to the area to recompose at the next commit.
    func addDamage(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isNull, !clipped.isEmpty else { return }
        damage.add(clipped)
    }

    /// The damage collected since the last commit, in window space (for tests and the compositor).
    package var pendingDamage: [Rect] { Array(damage.rects) }

    // MARK: Events

    /// Delivers `event` into this window: touches to their views (after the recognizers),
    /// everything else to the first responder (or the window) and up the chain.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            deliverTouches(event)
        case .presses:
            guard let event = event as? PressesEvent else { return }
            let target = firstResponder ?? self
            deliverPresses(event, to: target)
        case .motion:
            let target = firstResponder ?? self
            let phase = (event as? MotionEvent)?.phase ?? .began
            switch phase {
            case .began: target.motionBegan(event.subtype, with: event)
            case .ended: target.motionEnded(event.subtype, with: event)
            case .cancelled: target.motionCancelled(event.subtype, with: event)
            }
        case .remoteControl:
            (firstResponder ?? self).remoteControlReceived(with: event)
        case .switches:
            guard let event = event as? SwitchEvent else { return }
            (firstResponder ?? self).switchChanged(event.kind, isOn: event.isOn, with: event)
        case .scroll:
            guard let event = event as? ScrollEvent else { return }
            let target: Responder = hitTest(convertFromScreen(event.location), with: event) ?? self
            target.scrollWheel(event.delta, with: event)
        case .scan:
            guard let event = event as? ScanEvent else { return }
            (firstResponder ?? self).scannerDidRead(event.scan, with: event)
        }
    }

    private func deliverPresses(_ event: PressesEvent, to target: Responder) {
        // Split before any handler runs: one may cancel presses, which reuses the event.
        let presses = event.allPresses
        let began = presses.filter(phase: .began), changed = presses.filter(phase: .changed)
        let ended = presses.filter(phase: .ended), cancelled = presses.filter(phase: .cancelled)
        if !began.isEmpty { target.pressesBegan(began, with: event) }
        if !changed.isEmpty { target.pressesChanged(changed, with: event) }
        if !ended.isEmpty { target.pressesEnded(ended, with: event) }
        if !cancelled.isEmpty { target.pressesCancelled(cancelled, with: event) }
    }

    // MARK: Touch delivery

    /// Attaches a new touch to its recognizers: those of its view and of the view's ancestors,
    /// nearest first, that are enabled, not decided, and whose delegate accepts the touch.
    func collectRecognizers(for touch: Touch, storage: ContiguousArray<Touch>) {
        var view = touch.view
        let bit: UInt64 = 1 << UInt64(touch.poolIndex)
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled && recognizer.pendingState == nil {
                switch recognizer.state {
                case .possible, .began, .changed: break
                default: continue
                }
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    continue
                }
                touch.recognizers.append(recognizer)
                recognizer.joinedWindow = self
                recognizer.trackedMask |= bit
                recognizer.receivedMask |= bit
                recognizer.isParticipating = true
                recognizer.touchStorage = storage
                if !activeRecognizers.contains(where: { $0 === recognizer }) { activeRecognizers.append(recognizer) }
            }
            view = current.superview
        }
    }

    private func deliverTouches(_ event: Event) {
        isDeliveringEvent = true
        let storage = event.touchStorage
        // Only this window's touches that changed in this frame travel.
        let mine = event.allTouches.subset { $0.window === self }

        // 1. Recognizers first.
        eventRecognizers.removeAll(keepingCapacity: true)
        for touch in mine where touch.changedThisFrame {
            for recognizer in touch.recognizers where !eventRecognizers.contains(where: { $0 === recognizer }) {
                eventRecognizers.append(recognizer)
            }
        }
        var index = 0
        while index < eventRecognizers.count {
            let recognizer = eventRecognizers[index]
            index += 1
            let tracked = TouchSet(storage: storage, mask: recognizer.trackedMask).subset { $0.changedThisFrame }
            // Asked again before each phase: a recognizer that failed or ended on this event's
            // began (or moved) touches hears nothing more of them, as in UIKit.
            if isReceiving(recognizer) {
                let began = tracked.filter(phase: .began)
                if !began.isEmpty { recognizer.touchesBegan(began, with: event) }
            }
            if isReceiving(recognizer) {
                let moved = TouchSet(storage: storage, mask: recognizer.trackedMask).subset {
                    $0.changedThisFrame && $0.phase == .moved
                }
                if !moved.isEmpty { recognizer.touchesMoved(moved, with: event) }
            }
            if isReceiving(recognizer) {
                let ended = TouchSet(storage: storage, mask: recognizer.trackedMask).subset {
                    $0.changedThisFrame && $0.phase == .ended
                }
                if !ended.isEmpty { recognizer.touchesEnded(ended, with: event) }
            }
            if isReceiving(recognizer) {
                let cancelled = TouchSet(storage: storage, mask: recognizer.trackedMask).subset {
                    $0.changedThisFrame && $0.phase == .cancelled
                }
                if !cancelled.isEmpty { recognizer.touchesCancelled(cancelled, with: event) }
            }
            if recognizer.trackedMask != 0 { recognizer.lastCentroidInWindow = recognizer.location(in: nil) }
            // Ended and cancelled touches leave the recognizer.
            for touch in tracked where touch.phase == .ended || touch.phase == .cancelled {
                recognizer.trackedMask &= ~(1 << UInt64(touch.poolIndex))
            }
            if recognizer.trackedMask == 0 { recognizerDidFinishTracking(recognizer) }
        }

        // 2. Then views, grouped per view and phase.
        var beganMask: UInt64 = 0, movedMask: UInt64 = 0, endedMask: UInt64 = 0, cancelledMask: UInt64 = 0
        for touch in mine where touch.changedThisFrame && touch.view != nil {
            let bit: UInt64 = 1 << UInt64(touch.poolIndex)
            switch (touch.phase, touch.viewDelivery) {
            case (.began, .none):
                if isHeld(touch, delayingBegan: true) {
                    touch.viewDelivery = .beganDelayed
                } else {
                    touch.viewDelivery = .delivering
                    beganMask |= bit
                }
            case (.moved, .delivering):
                movedMask |= bit
            case (.ended, .delivering):
                if isHeld(touch, delayingBegan: false) {
                    touch.viewDelivery = .endedDelayed
                } else {
                    touch.viewDelivery = .finished
                    endedMask |= bit
                }
            case (.cancelled, .delivering), (.cancelled, .endedDelayed):
                touch.viewDelivery = .finished
                cancelledMask |= bit
            case (.cancelled, .beganDelayed):
                touch.viewDelivery = .finished
            default:
                break
            }
        }
        deliverToViews(storage: storage, event: event,
                       began: beganMask, moved: movedMask, ended: endedMask, cancelled: cancelledMask)
        isDeliveringEvent = false
        sweepRecognizers()
    }

    /// Whether `recognizer` still gets touches: attached, and undecided or running.
    private func isReceiving(_ recognizer: GestureRecognizer) -> Bool {
        switch recognizer.state {
        case .possible, .began, .changed: return recognizer.view != nil
        default: return false
        }
    }

    /// Whether a recognizer still deciding holds back this touch's began (or ended) for its view.
    func isHeld(_ touch: Touch, delayingBegan: Bool) -> Bool {
        let bit: UInt64 = 1 << UInt64(touch.poolIndex)
        for recognizer in touch.recognizers where recognizer.state == .possible && recognizer.isParticipating
            && recognizer.view != nil && recognizer.receivedMask & bit != 0 {
            if delayingBegan ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded { return true }
        }
        return false
    }

    /// Calls the views' touch methods, one call per view and phase (began, moved, ended,
    /// cancelled), views in the order their first touch appears.
    func deliverToViews(storage: ContiguousArray<Touch>, event: Event,
                                began: UInt64, moved: UInt64, ended: UInt64, cancelled: UInt64) {
        var remaining = began | moved | ended | cancelled
        while remaining != 0 {
            let first = storage[remaining.trailingZeroBitCount]
            guard let view = first.view else {
                remaining &= ~(1 << UInt64(first.poolIndex))
                continue
            }
            var sameView: UInt64 = 0
            var bits = remaining
            while bits != 0 {
                let index = bits.trailingZeroBitCount
                bits &= bits - 1
                if storage[index].view === view { sameView |= 1 << UInt64(index) }
            }
            remaining &= ~sameView
            if began & sameView != 0 { view.touchesBegan(TouchSet(storage: storage, mask: began & sameView), with: event) }
            if moved & sameView != 0 { view.touchesMoved(TouchSet(storage: storage, mask: moved & sameView), with: event) }
            if ended & sameView != 0 { view.touchesEnded(TouchSet(storage: storage, mask: ended & sameView), with: event) }
            if cancelled & sameView != 0 {
                view.touchesCancelled(TouchSet(storage: storage, mask: cancelled & sameView), with: event)
            }
        }
    }

    // MARK: Leaving the window

    /// `root` (a view of this window, or the window itself) is about to leave it: removed,
    /// covered by a presentation, or the window hidden. Its touches are cancelled once — the
    /// views hear `touchesCancelled`, the recognizers `touchesCancelled` — and its recognizers
    /// are failed and reset, so nothing it held (a pool slot, a touch whose end a double tap
    /// holds back) stays taken. During a delivery this happens once the delivery is over.
    func subtreeWillLeave(_ root: View) {
        application?.cancelTouches(leaving: root, window: self)
    }

    /// Hiding a window is its views leaving the screen: their touches are cancelled.
    open override var isHidden: Bool {
        willSet {
            if newValue && !isHidden { subtreeWillLeave(self) }
        }
    }

    /// Marks the recognizers of `root`'s subtree that take part in arbitration as leaving.
    func markLeavingRecognizers(in root: View) {
        for recognizer in activeRecognizers {
            if let view = recognizer.view, view.isDescendant(of: root) { recognizer.isLeavingWindow = true }
        }
    }

    /// Fails (or cancels) the recognizers marked as leaving, once their touches are cancelled,
    /// and resets them: one that waited between the taps of a double tap holds nothing more.
    func abandonLeavingRecognizers() {
        var any = false
        var index = 0
        while index < activeRecognizers.count {
            let recognizer = activeRecognizers[index]
            index += 1
            guard recognizer.isLeavingWindow else { continue }
            recognizer.isLeavingWindow = false
            recognizer.trackedMask = 0
            recognizer.prevent()
            any = true
        }
        if any && !isDeliveringEvent { sweepRecognizers() }
    }

    /// Cancels every recognizer that is still deciding or running (used when all touches are
    /// cancelled by the system).
    func cancelAllRecognizers() {
        var index = 0
        while index < activeRecognizers.count {
            let recognizer = activeRecognizers[index]
            index += 1
            recognizer.trackedMask = 0
            recognizer.prevent()
        }
        sweepRecognizers()
    }
}

/// What the arena decides for a recognizer that wants to leave `.possible`.
enum ArenaDecision {
    /// Begin or recognize now.
    case proceed
    /// Wait in `.possible` for recognizers it requires to fail.
    case wait
    /// Fail: a recognizer it must yield to has already won.
    case fail
}
