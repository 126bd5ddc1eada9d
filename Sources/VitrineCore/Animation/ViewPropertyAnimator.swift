import VitrineGraphics

/// Where a property animator stands (UIKit's `UIViewAnimatingState`).
public enum ViewAnimatingState: Sendable, Hashable {
    /// Not started, or over: its animations have not run, or have ended.
    case inactive
    /// Started: running, or paused at `fractionComplete`.
    case active
    /// Stopped with `stopAnimation(false)`: the views hold the values they showed; waiting
    /// for `finishAnimation(at:)`.
    case stopped
}

/// Where a property animator's animations ended (UIKit's `UIViewAnimatingPosition`).
public enum ViewAnimatingPosition: Sendable, Hashable {
    /// At the values the animations set.
    case end
    /// At the values the views had before (a reversed animator ends here).
    case start
    /// Where they were when stopped.
    case current
}

/// An animation that can be held: started, paused, scrubbed by a finger, reversed, continued
/// with a new curve and speed, or stopped where it is (UIKit's `UIViewPropertyAnimator`).
///
/// The `animations` closures change `frame`, `center`, `bounds`, `alpha`, `transform` and
/// `backgroundColor` of views, as in `View.animate`; they run when the animator starts (or is
/// paused or scrubbed first), and the model values change then, at once. The screen shows the
/// values interpolated by the animator's progress, recomposed each display frame without
/// drawing. While running, the animator ticks on the display's frames; paused, it asks for
/// none: a held animator costs nothing until `fractionComplete` changes, and that redraws only
/// the area the views cover.
///
/// The animator keeps itself alive while `state` is not `.inactive` (as UIKit's system does
/// for a running one), so a completion closure may hold it without a cycle leaking for good.
/// Setting an animated property directly, or animating it again (with `View.animate` or
/// another property animator), takes it away from this animator; the animator runs on with
/// the others, and completes as before.
@MainActor
public final class ViewPropertyAnimator {
    /// One (view, property) the animator moves, from the value shown before its closure ran
    /// to the model value after.
    private struct Entry {
        let view: View
        let property: AnimatedProperty
        let from: PresentationValues
        let to: PresentationValues
        /// The animator's progress when this entry was added: an animation added part-way
        /// runs from there to the end.
        let startProgress: Double
    }

    /// The total duration in seconds, as given (NaN, infinite or negative count as 0).
    public let duration: Double
    /// The curve the animator runs on when started or resumed.
    public let timingParameters: any TimingCurveProvider
    /// The delay given to the last `startAnimation(afterDelay:)`, in seconds.
    public private(set) var delay: Double = 0
    /// Inactive, active or stopped; see `ViewAnimatingState`.
    public private(set) var state: ViewAnimatingState = .inactive
    /// Whether it is active and not paused (a delay that has not elapsed counts as running).
    public private(set) var isRunning = false
    /// Whether it may be paused, stopped, reversed and scrubbed while active (default true).
    /// A non-interruptible animator runs to its end: those calls are logged and ignored. Set
    /// only while inactive.
    public var isInterruptible = true {
        didSet { if state != .inactive { isInterruptible = oldValue; warn("isInterruptible set while active") } }
    }
    /// Whether touches reach the animated views while it runs (default true, as UIKit's).
    public var isUserInteractionEnabled = true
    /// Whether setting `fractionComplete` while paused moves the views linearly (true, the
    /// default: a finger scrubbing sees them follow it exactly) or along the timing curve.
    public var scrubsLinearly = true
    /// Whether reaching the end pauses the animator, still active, instead of completing it
    /// (so it can be reversed or scrubbed again); the completions then run only when it is
    /// stopped and finished.
    public var pausesOnCompletion = false
    /// Whether it runs toward the start values. Setting it while active turns the animation
    /// around from where it is, at the same pace; a reversed animator completes at `.start`.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active else { return }
            guard isInterruptible else {
                isReversed = oldValue
                warn("isReversed set on a non-interruptible animator")
                return
            }
            let now = clockNow
            if isRunning { advanceLeg(to: now) }
            beginLeg(curve: legCurve, durationFactor: 1, at: now)
        }
    }

    /// How far through its time the animation is, 0 (start) to 1 (end), counted forward even
    /// when reversed. Setting it pauses an inactive animator first; it is ignored while
    /// running (pause first). Out-of-range values are clamped.
    public var fractionComplete: Double {
        get {
            if isRunning, state == .active { return legValues(at: clockNow).fraction }
            return fraction
        }
        set {
            guard isInterruptible || state == .inactive else { return warn("fractionComplete set on a non-interruptible animator") }
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else { return }
            let value = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            fraction = value
            progress = scrubsLinearly ? value : timingParameters.progress(atFraction: value, duration: duration)
            legIsStale = true
            applyProgress()
        }
    }

    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor (ViewAnimatingPosition) -> Void] = []
    private var entries: [Entry] = []
    private weak var application: Application?
    private var link: DisplayLink?

    /// The time fraction (forward) and progress of the values (0: from, 1: to) shown now.
    private var fraction = 0.0
    private var progress = 0.0
    /// The leg run now: from (fraction, progress) at its start toward the end, or the start
    /// when reversed, over `legDuration` seconds on `legCurve`.
    private var legStartFraction = 0.0
    private var legStartProgress = 0.0
    private var legDuration = 0.0
    private var legCurve: any TimingCurveProvider
    /// Seconds of the leg run before the last pause.
    private var legElapsed = 0.0
    /// The clock time at which the leg's elapsed time was 0 (while running; after a delay).
    private var legClockStart = 0.0
    /// Set when `fractionComplete` was set: the next start begins a new leg from there.
    private var legIsStale = false

    /// An animator of `duration` seconds on `curve` (ease in and out by default).
    public convenience init(duration: Double, curve: AnimationCurve = .easeInOut, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: curve)
        if let animations { self.animations.append(animations) }
    }

    /// An animator of `duration` seconds on a spring of `dampingRatio` (see
    /// `SpringTimingParameters`).
    public convenience init(duration: Double, dampingRatio: Double, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: SpringTimingParameters(dampingRatio: dampingRatio))
        if let animations { self.animations.append(animations) }
    }

    /// An animator of `duration` seconds on `timingParameters`; add its animations with
    /// `addAnimations`.
    public init(duration: Double, timingParameters: any TimingCurveProvider) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.timingParameters = timingParameters
        legCurve = timingParameters
    }

    // MARK: Adding

    /// Adds `animation`. Before the start it runs with the others when the animator starts;
    /// while active it runs now, and what it changes animates from what is shown to its new
    /// value over the part of the animation left. Ignored (logged) when stopped.
    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        switch state {
        case .inactive: animations.append(animation)
        case .active: record(animation, startProgress: progress)
        case .stopped: warn("addAnimations on a stopped animator")
        }
    }

    /// Adds `completion`, called once with the position the animations ended at: `.end`, or
    /// `.start` for a reversed animator, or the one given to `finishAnimation(at:)`. Not
    /// called after `stopAnimation(true)`.
    public func addCompletion(_ completion: @escaping @MainActor (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    /// Starts the animations (or resumes a paused animator) now.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animations after `delay` seconds (the views show their start values until
    /// then), or resumes a paused animator after it. Scrubbed while paused, it continues from
    /// where it was left on its timing curve, over the time left. Ignored when stopped.
    public func startAnimation(afterDelay delay: Double) {
        let delay = delay.isFinite ? max(delay, 0) : 0
        switch state {
        case .stopped:
            warn("startAnimation on a stopped animator: call finishAnimation(at:)")
        case .inactive:
            activate()
            guard state == .active else { return }
            self.delay = delay
            beginLeg(curve: timingParameters, durationFactor: 1, at: clockNow + delay)
            run()
        case .active:
            guard !isRunning else { return }
            self.delay = delay
            if legIsStale {
                beginLeg(curve: timingParameters, durationFactor: 1, at: clockNow + delay)
            } else {
                legClockStart = clockNow + delay - legElapsed
            }
            run()
        }
    }

    /// Pauses the animator where it is (an inactive one starts paused at the beginning: its
    /// animations run and the views show their start values). A paused animator asks for no
    /// display frames.
    public func pauseAnimation() {
        switch state {
        case .stopped: warn("pauseAnimation on a stopped animator")
        case .inactive:
            activate()
        case .active:
            guard isRunning else { return }
            guard isInterruptible else { return warn("pauseAnimation on a non-interruptible animator") }
            holdLeg(at: clockNow)
        }
    }

    /// Resumes a paused animator on `parameters` (its own when nil) over the part of the
    /// animation left, `durationFactor` times the duration that part would take: the way a
    /// released finger hands its velocity on (a `SpringTimingParameters` with an initial
    /// velocity). Starts an inactive animator.
    public func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: Double) {
        switch state {
        case .stopped: warn("continueAnimation on a stopped animator")
        case .inactive:
            activate()
            guard state == .active else { return }
            fallthrough
        case .active:
            if isRunning {
                guard isInterruptible else { return warn("continueAnimation on a running non-interruptible animator") }
                advanceLeg(to: clockNow)
            }
            let factor = durationFactor.isFinite ? max(durationFactor, 0) : 1
            beginLeg(curve: parameters ?? timingParameters, durationFactor: factor, at: clockNow)
            run()
        }
    }

    /// Stops the animations where they are: the views keep the values they show, as their model
    /// values. Without finishing (`true`) the animator becomes inactive and calls no
    /// completion; otherwise it becomes stopped and waits for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        guard isInterruptible else { return warn("stopAnimation on a non-interruptible animator") }
        if isRunning { holdLeg(at: clockNow) }
        for index in entries.indices { entries[index].view.clearPresentation(entries[index].property) }
        for entry in entries {
            var shown = entry.from
            shown.interpolate(entry.property, from: entry.from, to: entry.to, progress: entryProgress(entry))
            entry.view.setModel(entry.property, from: shown)
        }
        if withoutFinishing {
            deactivate()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the views take their end values (`.end`), their start
    /// values (`.start`), or keep the ones they were stopped at (`.current`); then the
    /// completions run with `position`. Ignored (logged) unless stopped.
    public func finishAnimation(at position: ViewAnimatingPosition) {
        guard state == .stopped else { return warn("finishAnimation(at:) on an animator that is not stopped") }
        for entry in entries {
            switch position {
            case .end: entry.view.setModel(entry.property, from: entry.to)
            case .start: entry.view.setModel(entry.property, from: entry.from)
            case .current: break
            }
        }
        complete(at: position)
    }

    // MARK: Internals

    private var clockNow: Double { (application ?? Application.currentIfAny)?.mainLoop.clock.now ?? 0 }

    private func warn(_ message: String) {
        (application ?? Application.currentIfAny)?.logger.warning("ViewPropertyAnimator: \(message) — ignored")
    }

    /// Runs the animations closures and becomes active and paused at the start.
    private func activate() {
        state = .active
        isRunning = false
        fraction = isReversed ? 1 : 0
        progress = fraction
        legElapsed = 0
        legIsStale = false
        let pending = animations
        animations.removeAll()
        for animation in pending { record(animation, startProgress: 0) }
        let app = application ?? Application.currentIfAny
        application = app
        app?.animator.propertyAnimators.append(self)
        applyProgress()
    }

    /// Runs `animation` in a transaction and takes over what it changed.
    private func record(_ animation: @MainActor () -> Void, startProgress: Double) {
        let transaction = AnimationTransaction()
        let outer = AnimationTransaction.current
        AnimationTransaction.current = transaction
        animation()
        AnimationTransaction.current = outer
        for change in transaction.changes {
            let view = change.view
            if application == nil, let app = view.window?.application { application = app }
            // Another animation of the property (this animator's own included) gives way.
            release(view, change.property, keepPresentation: true)
            (view.window?.application ?? application)?.animator.cancel(view, change.property, keepPresentation: true)
            var presentation = view.presentation ?? PresentationValues()
            presentation.take(change.property, from: change.from)
            presentation.animated |= change.property.bit
            presentation.allowsInteraction = isUserInteractionEnabled
            view.damageShownArea()
            view.presentation = presentation
            view.damageShownArea()
            entries.append(Entry(view: view, property: change.property, from: change.from, to: view.modelValues,
                                 startProgress: min(max(startProgress, 0), 1)))
        }
    }

    /// Called by the application's animator when `property` of `view` is set directly or
    /// animated again: this animator lets it go (the view shows its model value unless
    /// `keepPresentation`, when a new animation takes over from what is shown).
    func release(_ view: View, _ property: AnimatedProperty, keepPresentation: Bool) {
        guard let index = entries.firstIndex(where: { $0.view === view && $0.property == property }) else { return }
        entries.remove(at: index)
        if !keepPresentation, state == .active { view.clearPresentation(property) }
    }

    /// Starts a new leg from what is shown now toward the end (the start when reversed), over
    /// the time left times `durationFactor`, its clock starting at `start`.
    private func beginLeg(curve: any TimingCurveProvider, durationFactor: Double, at start: Double) {
        let target = isReversed ? 0.0 : 1.0
        legStartFraction = fraction
        legStartProgress = progress
        legDuration = abs(target - fraction) * duration * durationFactor
        legCurve = curve
        legElapsed = 0
        legClockStart = start
        legIsStale = false
    }

    /// The fraction and progress of the running leg at clock time `now`, and whether the leg
    /// is over.
    private func legValues(at now: Double) -> (fraction: Double, progress: Double, done: Bool) {
        let elapsed = max(now - legClockStart, 0)
        let target = isReversed ? 0.0 : 1.0
        let t = legDuration > 0 ? min(elapsed / legDuration, 1) : 1
        let f = legStartFraction + (target - legStartFraction) * t
        let p = legStartProgress + (target - legStartProgress) * legCurve.progress(atFraction: t, duration: legDuration)
        return (f, p, t >= 1)
    }

    /// Moves the running leg to `now` (fraction, progress, elapsed) without showing it.
    private func advanceLeg(to now: Double) {
        let (f, p, _) = legValues(at: now)
        fraction = f
        progress = p
        legElapsed = max(now - legClockStart, 0)
    }

    /// Pauses at `now`, showing the values of that moment.
    private func holdLeg(at now: Double) {
        advanceLeg(to: now)
        isRunning = false
        link?.isPaused = true
        applyProgress()
    }

    private func run() {
        isRunning = true
        guard let application, application.display != nil else {
            // No display frames to run on: the animation is over at once, on the next turn.
            let app = application ?? Application.currentIfAny
            if let app {
                app.animator.completeSoon { [self] _ in if isRunning { reachEnd() } }
            } else {
                reachEnd()
            }
            return
        }
        if link == nil {
            link = DisplayLink { [unowned self] link in self.tick(at: link.targetTimestamp) }
        }
        if let link, link.application == nil { link.add(to: application) }
        link?.isPaused = false
    }

    /// Shows the running leg at `now` (the target time of the frame being made).
    private func tick(at now: Double) {
        guard isRunning, state == .active else {
            link?.isPaused = true
            return
        }
        let (f, p, done) = legValues(at: now)
        fraction = f
        progress = p
        if done {
            reachEnd()
        } else {
            applyProgress()
        }
    }

    /// The leg has run to the end (or the start, reversed): pause there or complete.
    private func reachEnd() {
        fraction = isReversed ? 0 : 1
        progress = fraction
        legElapsed = legDuration
        if pausesOnCompletion {
            isRunning = false
            link?.isPaused = true
            applyProgress()
            return
        }
        let position: ViewAnimatingPosition = isReversed ? .start : .end
        for entry in entries { entry.view.clearPresentation(entry.property) }
        if position == .start {
            for entry in entries { entry.view.setModel(entry.property, from: entry.from) }
        }
        complete(at: position)
    }

    /// Becomes inactive and runs the completions with `position`.
    private func complete(at position: ViewAnimatingPosition) {
        let finished = completions
        completions.removeAll()
        deactivate()
        for completion in finished { completion(position) }
    }

    /// Lets go of everything: inactive, no entries, no frames, no longer kept alive.
    private func deactivate() {
        for entry in entries where state == .active { entry.view.clearPresentation(entry.property) }
        entries.removeAll()
        isRunning = false
        state = .inactive
        link?.isPaused = true
        link?.detach()
        application?.animator.propertyAnimators.removeAll { $0 === self }
    }

    /// The progress of `entry` for the animator's `progress` (an entry added part-way covers
    /// the rest of the way).
    private func entryProgress(_ entry: Entry) -> Double {
        guard entry.startProgress > 0 else { return progress }
        guard entry.startProgress < 1 else { return 1 }
        return max((progress - entry.startProgress) / (1 - entry.startProgress), 0)
    }

    /// Shows `progress` on every entry: damage of where each view was and now is, no drawing.
    private func applyProgress() {
        for entry in entries {
            let view = entry.view
            guard var presentation = view.presentation, presentation.animates(entry.property) else { continue }
            view.damageShownArea()
            presentation.interpolate(entry.property, from: entry.from, to: entry.to, progress: entryProgress(entry))
            view.presentation = presentation
            view.damageShownArea()
        }
    }
}

extension View {
    /// Stops showing an animated value of `property`: the model's shows again.
    func clearPresentation(_ property: AnimatedProperty) {
        guard var presentation, presentation.animates(property) else { return }
        damageShownArea()
        presentation.animated &= ~property.bit
        self.presentation = presentation.animated == 0 ? nil : presentation
        damageShownArea()
    }

    /// Sets the model value of `property` to the one in `values`, without animating.
    func setModel(_ property: AnimatedProperty, from values: PresentationValues) {
        View.performWithoutAnimation {
            switch property {
            case .center: center = values.center
            case .bounds: bounds = values.bounds
            case .transform: transform = values.transform
            case .alpha: alpha = values.alpha
            case .backgroundColor: backgroundColor = values.backgroundColor
            }
        }
    }
}
