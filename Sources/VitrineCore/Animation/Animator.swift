import VitrineGraphics

/// The properties `View.animate` can animate.
enum AnimatedProperty: Int, CaseIterable {
    case center, bounds, transform, alpha, backgroundColor

    var bit: UInt8 { 1 << UInt8(rawValue) }
}

/// The values a view shows while an animation runs (CALayer's presentation layer): only the
/// properties whose bit is in `animated` are taken from here; the others are the model's.
struct PresentationValues {
    var center = Point.zero
    var bounds = Rect.zero
    var transform = AffineTransform.identity
    var alpha = 1.0
    var backgroundColor: Color?
    /// Bits of `AnimatedProperty` being animated.
    var animated: UInt8 = 0
    /// Whether touches reach the view meanwhile (`.allowUserInteraction`).
    var allowsInteraction = false

    func animates(_ property: AnimatedProperty) -> Bool { animated & property.bit != 0 }

    /// Copies `property` from `other`.
    mutating func take(_ property: AnimatedProperty, from other: PresentationValues) {
        switch property {
        case .center: center = other.center
        case .bounds: bounds = other.bounds
        case .transform: transform = other.transform
        case .alpha: alpha = other.alpha
        case .backgroundColor: backgroundColor = other.backgroundColor
        }
    }

    /// Sets `property` to `progress` of the way from `from` to `to`.
    mutating func interpolate(_ property: AnimatedProperty, from: PresentationValues, to: PresentationValues, progress p: Double) {
        switch property {
        case .center: center = from.center.interpolated(to: to.center, progress: p)
        case .bounds: bounds = from.bounds.interpolated(to: to.bounds, progress: p)
        case .transform: transform = from.transform.interpolated(to: to.transform, progress: p)
        case .alpha: alpha = min(max(from.alpha.interpolated(to: to.alpha, progress: p), 0), 1)
        case .backgroundColor:
            // From or to no colour: fade through the other colour made transparent.
            let a = from.backgroundColor ?? to.backgroundColor?.withAlphaComponent(0)
            let b = to.backgroundColor ?? from.backgroundColor?.withAlphaComponent(0)
            if let a, let b { backgroundColor = a.interpolated(to: b, progress: p) }
        }
    }
}

extension View {
    /// The values shown now: the model's, with animated properties taken from the presentation.
    var shownValues: PresentationValues {
        var values = PresentationValues(center: center, bounds: bounds, transform: transform, alpha: alpha,
                                        backgroundColor: backgroundColor)
        if let presentation {
            for property in AnimatedProperty.allCases where presentation.animates(property) {
                values.take(property, from: presentation)
            }
        }
        return values
    }

    /// Called by the animatable setters before the model changes.
    func willChangeAnimatable(_ property: AnimatedProperty) {
        if let transaction = AnimationTransaction.current {
            transaction.record(self, property)
        } else if let presentation, presentation.animates(property) {
            // A new value set without animation replaces the running animation of it.
            window?.application?.animator.cancel(self, property)
        }
    }

    /// The area the view and its subviews cover as shown now, in window space (null when not
    /// in a window or hidden).
    func renderExtentInWindow() -> Rect {
        guard window != nil, !isHidden else { return .null }
        var extent = renderExtent(in: renderBounds)
        var view: View? = self
        while let current = view, !(current is Window) {
            if current.isHidden { return .null }
            extent = extent.applying(current.renderTransformToSuperview)
            view = current.superview
        }
        return extent
    }

    /// Records the area the view shows now as damage of its window.
    func damageShownArea() {
        guard let window else { return }
        let extent = renderExtentInWindow()
        if !extent.isNull { window.addDamage(extent) }
        window.application?.setNeedsCommit()
    }

    // MARK: Animation API

    /// Animates the changes `animations` makes to `frame`, `center`, `bounds`, `alpha`,
    /// `transform` and `backgroundColor` of any views, over `duration` seconds after `delay`,
    /// on the curve `options` names; then calls `completion` with true, or with false if the
    /// animation was interrupted (the same property animated again or set directly, or
    /// `removeAllAnimations()`). The model values change at once (what `frame` returns and hit-testing use);
    /// the screen shows the animated values, recomposed each display frame without calling
    /// `draw(_:in:)`. Without a display, or with a duration of 0, the change is immediate and
    /// `completion` runs on the next run-loop turn — or, when it is asked for by such a
    /// completion (a chain of immediate changes), one display frame later, so that a chain that
    /// restarts itself runs once per frame and never keeps the loop from sleeping. A NaN,
    /// infinite or negative `duration` or `delay` counts as 0.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        runAnimation(duration: duration, delay: delay, curve: options.curve, options: options,
                     animations: animations, completion: completion)
    }

    /// As `animate(withDuration:…)`, on a spring: `dampingRatio` 1 settles without overshoot,
    /// less oscillates; `initialSpringVelocity` is the starting speed in whole changes per second.
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        runAnimation(duration: duration, delay: delay,
                     curve: .spring(dampingRatio: dampingRatio, initialVelocity: initialSpringVelocity),
                     options: options, animations: animations, completion: completion)
    }

    /// Changes made in `actions` are not animated, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        let saved = AnimationTransaction.current
        AnimationTransaction.current = nil
        actions()
        AnimationTransaction.current = saved
    }

    /// Ends every animation of this view at once: it shows its model values, and their
    /// completions get false.
    public func removeAllAnimations() {
        guard presentation != nil else { return }
        window?.application?.animator.cancelAll(of: self)
        if presentation != nil {
            // Not in an application's animator (no window): just drop what is shown.
            presentation = nil
        }
    }

    private static func runAnimation(duration: Double, delay: Double, curve: AnimationCurve, options: AnimationOptions,
                                     animations: () -> Void, completion: (@MainActor (Bool) -> Void)?) {
        let transaction = AnimationTransaction()
        let outer = AnimationTransaction.current
        AnimationTransaction.current = transaction
        animations()
        AnimationTransaction.current = outer
        // The application whose window shows the changed views; the current one when none is
        // on screen (tests run several applications in one process, each with its own clock).
        let app = transaction.changes.lazy.compactMap { $0.view.window?.application }.first ?? Application.currentIfAny
        // Times that cannot be met are no time at all: an animation started at NaN would never
        // finish and keep the display ticking for good.
        let duration = duration.isFinite ? max(duration, 0) : 0
        let delay = delay.isFinite ? max(delay, 0) : 0
        guard let app, app.display != nil, duration > 0 || delay > 0, !transaction.changes.isEmpty else {
            // Nothing to show moving: the model changed already; report on the next turn.
            if let completion, let app {
                app.animator.completeSoon(completion)
            } else {
                completion?(true)
            }
            return
        }
        app.animator.start(transaction.changes, duration: duration, delay: delay, curve: curve,
                           allowsInteraction: options.contains(.allowUserInteraction), completion: completion)
    }
}

/// The changes recorded while an `animations` closure runs.
@MainActor
final class AnimationTransaction {
    /// The transaction of the closure running now (nil outside `animate`).
    static var current: AnimationTransaction?

    /// Each changed (view, property) once, with the value shown before the change.
    private(set) var changes: [(view: View, property: AnimatedProperty, from: PresentationValues)] = []

    func record(_ view: View, _ property: AnimatedProperty) {
        guard !changes.contains(where: { $0.view === view && $0.property == property }) else { return }
        changes.append((view, property, view.shownValues))
    }
}

/// Runs the animations of one application on its display's frames (a DisplayLink that is
/// paused whenever nothing animates, so an idle app does not wake).
@MainActor
final class Animator {
    /// Animations that complete together and share a completion.
    final class Group {
        var remaining = 0
        var interrupted = false
        let completion: (@MainActor (Bool) -> Void)?
        init(completion: (@MainActor (Bool) -> Void)?) { self.completion = completion }
    }

    struct Animation {
        let view: View
        let property: AnimatedProperty
        let from: PresentationValues
        let to: PresentationValues
        let start: Double
        let duration: Double
        let curve: AnimationCurve
        let group: Group
    }

    private unowned let application: Application
    private var animations: [Animation] = []
    /// The property animators that are not inactive: kept alive meanwhile (as UIKit keeps a
    /// running `UIViewPropertyAnimator`), and told when a property they move is set or
    /// animated again.
    var propertyAnimators: [ViewPropertyAnimator] = []
    private var link: DisplayLink?
    /// Completions of immediate (zero-duration) changes, waiting for `completionTimer`.
    private var soonCompletions: [@MainActor (Bool) -> Void] = []
    /// The batch of `soonCompletions` running now (kept to reuse its storage).
    private var runningCompletions: [@MainActor (Bool) -> Void] = []
    private var isRunningCompletions = false
    /// Runs `soonCompletions`; made once, re-armed as needed.
    private var completionTimer: LoopTimer?

    init(application: Application) {
        self.application = application
    }

    /// Animations running now (for tests).
    var count: Int { animations.count }

    func start(_ changes: [(view: View, property: AnimatedProperty, from: PresentationValues)], duration: Double,
               delay: Double, curve: AnimationCurve, allowsInteraction: Bool, completion: (@MainActor (Bool) -> Void)?) {
        let group = Group(completion: completion)
        let now = application.mainLoop.clock.now
        for change in changes {
            let view = change.view
            cancel(view, change.property, keepPresentation: true)
            var presentation = view.presentation ?? PresentationValues()
            presentation.take(change.property, from: change.from)
            presentation.animated |= change.property.bit
            presentation.allowsInteraction = allowsInteraction
            view.damageShownArea()
            view.presentation = presentation
            view.damageShownArea()
            animations.append(Animation(view: view, property: change.property, from: change.from, to: view.modelValues,
                                        start: now + delay, duration: duration, curve: curve, group: group))
            group.remaining += 1
        }
        if link == nil {
            let link = DisplayLink { [unowned self] link in self.tick(at: link.targetTimestamp) }
            self.link = link
            link.add(to: application)
        }
        link?.isPaused = false
    }

    /// Moves every animation to time `now` (the target time of the frame being made).
    func tick(at now: Double) {
        var finished: [Int] = []
        for (index, animation) in animations.enumerated() {
            let view = animation.view
            guard var presentation = view.presentation else { continue }
            let elapsed = now - animation.start
            guard elapsed >= 0 else { continue }
            let fraction = animation.duration > 0 ? elapsed / animation.duration : 1
            view.damageShownArea()
            if fraction >= 1 {
                finished.append(index)
                presentation.animated &= ~animation.property.bit
                view.presentation = presentation.animated == 0 ? nil : presentation
            } else {
                let progress = animation.curve.progress(atFraction: fraction, duration: animation.duration)
                presentation.interpolate(animation.property, from: animation.from, to: animation.to, progress: progress)
                view.presentation = presentation
            }
            view.damageShownArea()
        }
        // Remove every finished animation before any completion runs: a completion may start
        // or cancel animations, which would shift the indices.
        var groups: [Group] = []
        for index in finished.reversed() { groups.append(animations.remove(at: index).group) }
        if animations.isEmpty { link?.isPaused = true }
        for group in groups.reversed() { finish(group, interrupted: false) }
    }

    /// Runs `completion` (with true) on the next turn, with every other completion asked for
    /// until then. A completion asked for while that batch runs — an immediate change made by
    /// a completion of one, a chain — waits one display frame (1/refresh rate; 1/60 s without
    /// a display): a chain that never ends then costs a turn per frame, not every turn.
    func completeSoon(_ completion: @escaping @MainActor (Bool) -> Void) {
        soonCompletions.append(completion)
        // During a batch the timer is armed when the batch ends, a frame later.
        guard !isRunningCompletions else { return }
        armCompletionTimer(at: application.mainLoop.clock.now)
    }

    private func armCompletionTimer(at date: Double) {
        if let completionTimer {
            if !completionTimer.isValid || completionTimer.fireDate > date { completionTimer.rearm(at: date) }
            return
        }
        let timer = LoopTimer(fireDate: date) { [weak self] _ in self?.runSoonCompletions() }
        completionTimer = timer
        timer.schedule(on: application.mainLoop)
    }

    private func runSoonCompletions() {
        isRunningCompletions = true
        swap(&soonCompletions, &runningCompletions)
        for completion in runningCompletions { completion(true) }
        runningCompletions.removeAll(keepingCapacity: true)
        isRunningCompletions = false
        guard !soonCompletions.isEmpty else { return }
        let rate = application.display?.mode.refreshRate ?? 60
        let frame = rate.isFinite && rate > 0 ? 1 / rate : 1.0 / 60
        armCompletionTimer(at: application.mainLoop.clock.now + frame)
    }

    /// Ends the animation of `property` of `view`, reporting it interrupted; the view shows its
    /// model value unless `keepPresentation` (a new animation takes over from what is shown).
    func cancel(_ view: View, _ property: AnimatedProperty, keepPresentation: Bool = false) {
        for propertyAnimator in propertyAnimators {
            propertyAnimator.release(view, property, keepPresentation: keepPresentation)
        }
        guard let index = animations.firstIndex(where: { $0.view === view && $0.property == property }) else { return }
        let animation = animations.remove(at: index)
        if !keepPresentation, var presentation = view.presentation {
            view.damageShownArea()
            presentation.animated &= ~property.bit
            view.presentation = presentation.animated == 0 ? nil : presentation
            view.damageShownArea()
        }
        finish(animation.group, interrupted: true)
        if animations.isEmpty { link?.isPaused = true }
    }

    /// Ends every animation of `view`.
    func cancelAll(of view: View) {
        for property in AnimatedProperty.allCases { cancel(view, property) }
        view.presentation = nil
    }

    private func finish(_ group: Group, interrupted: Bool) {
        group.remaining -= 1
        if interrupted { group.interrupted = true }
        if group.remaining == 0 { group.completion?(!group.interrupted) }
    }
}

extension View {
    /// The model values of the animatable properties.
    var modelValues: PresentationValues {
        PresentationValues(center: center, bounds: bounds, transform: transform, alpha: alpha, backgroundColor: backgroundColor)
    }
}
