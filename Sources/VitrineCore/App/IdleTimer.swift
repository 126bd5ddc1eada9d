/// When a screen nobody touches dims and turns off (a board profile's `[power]` section).
///
/// Idle means no input: no touch, key, wheel turn or switch (a mouse driving a touch counts as
/// touches). Accelerometer samples and devices going away do not count: a kiosk on a
/// vibrating stand must still go dark.
public struct IdlePolicy: Sendable, Hashable {
    /// Seconds without input before the backlight drops to `dimLevel`; 0: never dims. At or
    /// after `offAfter` (when that is not 0) the screen turns off without dimming first.
    public var dimAfter: Double
    /// Seconds without input (counted from the last input, not from dimming) before the
    /// display is powered down; 0: never.
    public var offAfter: Double
    /// The backlight's level while dimmed, 0…1 (never brighter than `Screen.brightness`).
    public var dimLevel: Double

    /// Creates a policy; the default never dims and never turns off, dimming to 0.3 when it does.
    public init(dimAfter: Double = 0, offAfter: Double = 0, dimLevel: Double = 0.3) {
        self.dimAfter = dimAfter
        self.offAfter = offAfter
        self.dimLevel = dimLevel
    }

    /// Whether the policy does anything.
    public var isEnabled: Bool { dimAfter > 0 || offAfter > 0 }

    /// Whether the screen dims before turning off.
    var dims: Bool { dimAfter > 0 && (offAfter == 0 || dimAfter < offAfter) }
}

/// Where the idle timer has taken the screen.
public enum IdleState: Sendable, Hashable {
    /// Lit at `Screen.brightness`.
    case awake
    /// Lit at the policy's dim level; the next touch or key only wakes it.
    case dimmed
    /// Powered down (nothing is presented, the loop sleeps); the next touch or key only wakes it.
    case off
}

/// The application's life cycle and the screen's power: why it is inactive and who listens,
/// the idle timer (dim, off, the swallowed waking touch) and the backlight with its fade.
/// Knows no device: it talks to the `Display` and `Backlight` seams.
///
/// **The idle timer is one `LoopTimer`, re-armed, and moved lazily:** input only writes the time of
/// the last activity (no timer call, no allocation); when the timer fires before the screen has
/// really been idle long enough, it is re-armed at the true deadline. It runs only while the
/// application is active, the idle timer is enabled and the policy does something.
@MainActor
final class LifeCycle {
    unowned let application: Application

    // Life cycle
    private(set) var inactivityReasons: InactivityReasons = .launching
    var observers: [LifeCycleObserver] = []

    // Idle
    private(set) var policy = IdlePolicy()
    private(set) var isIdleTimerDisabled = false
    /// Who holds the idle timer off besides the app's own switch (a playing video): the idle
    /// timer runs only when this is empty. Holders are kept by identity only, not retained
    /// and not watched: each must let go before it is released (`VideoPlayer`'s deinit does).
    private var idleTimerHolders: ContiguousArray<ObjectIdentifier> = []
    private(set) var idleState = IdleState.awake
    /// The time of the last input that counts as activity (on the application's clock).
    private var lastActivity = 0.0
    private var idleTimer: LoopTimer?
    /// Fingers whose contact woke the screen: everything of them is swallowed until they lift.
    private var swallowedTouches: ContiguousArray<TouchIdentifier> = []
    /// Keys whose press woke the screen: their repeats and release are swallowed too.
    private var swallowedKeys: ContiguousArray<Int> = []
    /// Between a waking touch and the end of its frame: other fingers of that frame are
    /// swallowed too (a palm on a dark screen is one gesture).
    private var isSwallowingFrame = false
    /// What the display was last told: on or off.
    private(set) var isDisplayPowerOn = true

    // Brightness
    private(set) var backlight: (any Backlight)?
    /// What the app asked for (`Screen.brightness`).
    private(set) var brightness = 1.0
    /// The level last written to the backlight.
    private(set) var backlightLevel = 1.0
    private var fadeTimer: LoopTimer?
    private var fadeFrom = 0.0, fadeTo = 0.0, fadeStart = 0.0, fadeStep = 0

    /// How long a brightness change fades, and in how many steps.
    static let fadeDuration = 0.15
    static let fadeSteps = 5
    /// Fingers remembered as swallowed at most (a touch pool's most): beyond, the oldest is
    /// forgotten, so a source that loses ups cannot grow this.
    static let swallowedTouchLimit = 64
    /// Idle times beyond this (about 31 years) are taken as this: the clock could not mean more.
    static let longestIdleTime = 1e9

    init(application: Application) {
        self.application = application
        swallowedTouches.reserveCapacity(Self.swallowedTouchLimit)
        swallowedKeys.reserveCapacity(16)
    }

    private var now: Double { application.clock.now }
    var isActive: Bool { inactivityReasons.isEmpty }

    // MARK: Active and inactive

    func resign(_ reason: InactivityReasons) {
        guard !reason.isEmpty, !inactivityReasons.isSuperset(of: reason) else { return }
        let wasActive = isActive
        inactivityReasons.formUnion(reason)
        // Whatever was down is cancelled at every new reason, even in an app that was never
        // launched (driven by hand): a closing lid presses on the glass.
        application.cancelAllTouches()
        application.cancelAllPresses()
        // A swallowed finger is forgotten with the others: input may be released now and its
        // lift never come, and an up the app never saw the down of is ignored anyway.
        swallowedTouches.removeAll(keepingCapacity: true)
        isSwallowingFrame = false
        if wasActive {
            idleTimer?.invalidate()
            application.delegate?.applicationWillResignActive(application)
            notify(.willResignActive)
        }
        if reason.contains(.lidClosed) { updateDisplayPower() }
    }

    func becomeActive(_ reason: InactivityReasons) {
        guard !reason.isEmpty, !inactivityReasons.isDisjoint(with: reason) else { return }
        inactivityReasons.subtract(reason)
        if reason.contains(.lidClosed) { updateDisplayPower() }
        guard isActive else { return }
        lastActivity = now
        if idleState != .awake { wake() } else { armIdleTimer() }
        application.delegate?.applicationDidBecomeActive(application)
        notify(.didBecomeActive)
    }

    private func notify(_ event: LifeCycleEvent) {
        observers.removeAll { $0.owner == nil }
        // A copy: an observer may add or remove observers.
        for observer in observers {
            guard let owner = observer.owner else { continue }
            observer.body(owner, event)
        }
    }

    // MARK: Idle timer

    func setPolicy(_ wanted: IdlePolicy) {
        var policy = wanted
        func sane(_ seconds: Double, _ name: String) -> Double {
            guard seconds.isFinite, seconds >= 0 else {
                application.logger.warning("idlePolicy.\(name) = \(seconds) is not a time: taken as 0 (never)")
                return 0
            }
            return min(seconds, Self.longestIdleTime)
        }
        policy.dimAfter = sane(policy.dimAfter, "dimAfter")
        policy.offAfter = sane(policy.offAfter, "offAfter")
        policy.dimLevel = policy.dimLevel.isNaN ? IdlePolicy().dimLevel : min(max(policy.dimLevel, 0), 1)
        self.policy = policy
        // A new policy counts from now, and a screen it no longer darkens wakes.
        lastActivity = now
        if idleState != .awake { wake() } else { armIdleTimer() }
    }

    func setIdleTimerDisabled(_ disabled: Bool) {
        guard disabled != isIdleTimerDisabled else { return }
        isIdleTimerDisabled = disabled
        lastActivity = now
        if idleState != .awake { wake() } else { armIdleTimer() }
    }

    /// Holds the idle timer off for `holder` (`held`) or lets it go; counted per holder, so a
    /// player that stops does not wake a timer the app or another player still holds off.
    /// Letting go counts the idle time from now.
    func holdIdleTimer(_ held: Bool, for holder: ObjectIdentifier) {
        let index = idleTimerHolders.firstIndex(of: holder)
        switch (held, index) {
        case (true, nil): idleTimerHolders.append(holder)
        case (false, let index?): idleTimerHolders.remove(at: index)
        default: return
        }
        lastActivity = now
        if idleState != .awake { wake() } else { armIdleTimer() }
    }

    /// Whether anyone holds the idle timer off (`holdIdleTimer`).
    var isIdleTimerHeld: Bool { !idleTimerHolders.isEmpty }

    private var idleTimerRuns: Bool { isActive && !isIdleTimerDisabled && idleTimerHolders.isEmpty && policy.isEnabled }

    /// When the screen takes its next idle step, counting from the last activity; nil: never.
    private var nextIdleDeadline: Double? {
        guard idleTimerRuns else { return nil }
        switch idleState {
        case .awake: return lastActivity + (policy.dims ? policy.dimAfter : policy.offAfter)
        case .dimmed: return policy.offAfter > 0 ? lastActivity + policy.offAfter : nil
        case .off: return nil
        }
    }

    /// Arms the one idle timer at the next deadline (made at the first use, re-armed after).
    private func armIdleTimer() {
        guard let deadline = nextIdleDeadline else {
            idleTimer?.invalidate()
            return
        }
        if let idleTimer {
            guard !idleTimer.isValid || idleTimer.fireDate != deadline else { return }
            idleTimer.rearm(at: deadline)
        } else {
            let timer = LoopTimer(fireDate: deadline) { [unowned self] _ in self.idleTimerFired() }
            idleTimer = timer
            timer.schedule(on: application.mainLoop)
        }
    }

    private func idleTimerFired() {
        guard let deadline = nextIdleDeadline else { return }
        if now >= deadline {
            switch idleState {
            case .awake where policy.dims:
                idleState = .dimmed
                applyBrightness(fading: true)
            case .awake, .dimmed:
                idleState = .off
                applyBrightness(fading: false)
                updateDisplayPower()
            case .off:
                break
            }
        }
        // Input since the timer was armed moved the deadline: arm it there.
        armIdleTimer()
    }

    /// Screen back on at full brightness (from dimmed: a fade; from off: at once, then power).
    private func wake() {
        let wasOff = idleState == .off
        idleState = .awake
        lastActivity = now
        if wasOff { applyBrightness(fading: false) }
        updateDisplayPower()
        if !wasOff { applyBrightness(fading: true) }
        armIdleTimer()
    }

    /// Turns the display on or off as the lid and the idle state want it; on again, the whole
    /// screen is repainted.
    private func updateDisplayPower() {
        let wanted = !inactivityReasons.contains(.lidClosed) && idleState != .off
        guard wanted != isDisplayPowerOn else { return }
        isDisplayPowerOn = wanted
        application.display?.setPower(wanted)
        if wanted { application.setNeedsFullRepaint() }
    }

    /// Notes activity and decides whether `input` reaches the application: the first touch,
    /// key or wheel turn on a dimmed or dark screen only wakes it, and the rest of that finger
    /// (down to up) or key (repeats, release) is swallowed as well. Allocates nothing.
    func admits(_ input: InputEvent) -> Bool {
        switch input {
        case .acceleration, .keyboardAttached:
            return true
        case .deviceRemoved(let device, _):
            swallowedTouches.removeAll { $0.device == device }
            return true
        case .touchFrame:
            isSwallowingFrame = false
            return true
        default:
            break
        }
        lastActivity = now
        let isAsleep = idleState != .awake
        switch input {
        case .touchDown(let identifier, _, _, _):
            if swallowedTouches.contains(identifier) { return false }
            guard isAsleep || isSwallowingFrame else { return true }
            if swallowedTouches.count == Self.swallowedTouchLimit { swallowedTouches.removeFirst() }
            swallowedTouches.append(identifier)
            isSwallowingFrame = true
            if isAsleep { wake() }
            return false
        case .touchMotion(let identifier, _, _, _):
            if swallowedTouches.contains(identifier) { return false }
        case .touchUp(let identifier, _), .touchCancel(let identifier, _):
            if let index = swallowedTouches.firstIndex(of: identifier) {
                swallowedTouches.remove(at: index)
                return false
            }
        case .key(let code, let state, _, _, _, _):
            if let index = swallowedKeys.firstIndex(of: code) {
                if state == .released { swallowedKeys.remove(at: index) }
                return false
            }
            if isAsleep && state == .pressed {
                if swallowedKeys.count == swallowedKeys.capacity { swallowedKeys.removeFirst() }
                swallowedKeys.append(code)
                wake()
                return false
            }
        case .scroll, .encoder:
            if isAsleep {
                wake()
                return false
            }
        default:
            break
        }
        // Other input (a switch, a finger already down moving) is delivered and wakes too.
        if isAsleep { wake() }
        return true
    }

    // MARK: Brightness

    func setBacklight(_ backlight: (any Backlight)?) {
        fadeTimer?.invalidate()
        self.backlight = backlight
        guard let backlight else { return }
        let level = backlight.level
        if level.isFinite {
            brightness = min(max(level, 0), 1)
            backlightLevel = brightness
        }
        if idleState != .awake || !isDisplayPowerOn { applyBrightness(fading: false) }
    }

    func setBrightness(_ value: Double) {
        guard !value.isNaN else { return }
        brightness = min(max(value, 0), 1)
        applyBrightness(fading: true)
    }

    /// The level the backlight should have in the current idle state.
    private var wantedLevel: Double {
        switch idleState {
        case .awake: brightness
        case .dimmed: min(brightness, policy.dimLevel)
        case .off: 0
        }
    }

    /// Moves the backlight to the wanted level: over `fadeDuration` in `fadeSteps` steps on one
    /// re-armed timer, or at once when not `fading` or the display is off.
    private func applyBrightness(fading: Bool) {
        let target = wantedLevel
        guard backlight != nil else {
            backlightLevel = target
            return
        }
        guard fading, isDisplayPowerOn, idleState != .off else {
            fadeTimer?.invalidate()
            writeLevel(target)
            return
        }
        guard target != backlightLevel else {
            fadeTimer?.invalidate()
            return
        }
        fadeFrom = backlightLevel
        fadeTo = target
        fadeStart = now
        fadeStep = 0
        armFade()
    }

    private func armFade() {
        let deadline = fadeStart + Self.fadeDuration * Double(fadeStep + 1) / Double(Self.fadeSteps)
        if let fadeTimer {
            fadeTimer.rearm(at: deadline)
        } else {
            let timer = LoopTimer(fireDate: deadline) { [unowned self] _ in self.fadeStepDue() }
            fadeTimer = timer
            timer.schedule(on: application.mainLoop)
        }
    }

    private func fadeStepDue() {
        fadeStep += 1
        if fadeStep >= Self.fadeSteps {
            writeLevel(fadeTo)
        } else {
            writeLevel(fadeFrom + (fadeTo - fadeFrom) * Double(fadeStep) / Double(Self.fadeSteps))
            armFade()
        }
    }

    private func writeLevel(_ level: Double) {
        backlightLevel = level
        backlight?.setLevel(level)
    }
}
