import VitrineGraphics

/// What the runtime does by itself when a hardware switch changes, before and regardless of
/// what the app does with the switch event. A board profile sets it.
public struct SwitchPolicy: Sendable, Hashable {
    /// What closing and opening the lid does.
    public enum LidAction: Sendable, Hashable {
        /// Lid closed: the application resigns active (`InactivityReasons.lidClosed`): every
        /// touch and held key is cancelled (a closing lid presses on the glass and the keys) and
        /// the display is turned off. Lid open: the display is turned on and repainted whole, and the application
        /// becomes active again unless another reason holds.
        case displayOffAndCancelTouches
        /// Nothing: the app decides (it still hears the switch event).
        case ignore
    }

    /// What the lid does; by default it turns the display off and cancels touches.
    public var lid: LidAction

    /// Creates a policy.
    public init(lid: LidAction = .displayOffAndCancelTouches) {
        self.lid = lid
    }
}

extension Application {
    // MARK: Remote-control keys

    /// A transport key: one remote-control event per press (auto-repeat is ignored), and the
    /// end of seeking on release.
    func remoteControlKey(_ code: Int, state: KeyState, device: Int, timestamp: Double) {
        let isRepeat = state == .pressed && remoteControlKeysDown[code] != nil
        if state == .pressed { remoteControlKeysDown[code] = device } else { remoteControlKeysDown[code] = nil }
        guard !isRepeat, let subtype = RemoteControlKeys.subtype(forKey: code, state: state) else { return }
        sendRemoteControl(subtype, timestamp: timestamp)
    }

    /// The transport keys `device` held when it went away are released: a seek ends, and the
    /// next press of the key is a new press rather than a repeat.
    func releaseRemoteControlKeys(of device: Int, timestamp: Double) {
        for (code, holder) in remoteControlKeysDown.sorted(by: { $0.key < $1.key }) where holder == device {
            remoteControlKey(code, state: .released, device: device, timestamp: timestamp)
        }
    }

    // MARK: Barcode scanners

    /// A scan that went up the whole responder chain: logged with its length and scanner (not
    /// the code, which may be a ticket or an identity) and what to do, at the 1st, 2nd, 4th,
    /// 8th… time, so a scanner used on a screen that ignores scans cannot flood the log.
    func scanWasNotHandled(_ scan: Scan) {
        unhandledScanCount += 1
        guard unhandledScanCount & (unhandledScanCount - 1) == 0 else { return }
        logger.notice("a scan of \(scan.code.count) characters from \"\(scan.scanner)\" reached the end of the responder chain unhandled (\(unhandledScanCount) so far): override scannerDidRead(_:with:) in the screen's view controller or the application delegate")
    }

    // MARK: Switches

    /// Tells the delegate, applies the switch policy, then sends the switch event to the first
    /// responder. A repeated state (the initial state reported at start-up) is still delivered,
    /// but the policy acts only on changes.
    func switchToggled(_ kind: SwitchKind, isOn: Bool, timestamp: Double) {
        let previous = switchStates[kind]
        switchStates[kind] = isOn
        delegate?.application(self, switch: kind, didChangeTo: isOn)
        if kind == .lid, switchPolicy.lid == .displayOffAndCancelTouches, previous != isOn {
            // The life cycle cancels the touches, tells the app and turns the display off/on.
            if isOn {
                resignActive(reason: .lidClosed)
            } else if previous != nil {
                becomeActive(reason: .lidClosed)
            }
        }
        sendEvent(SwitchEvent(kind: kind, isOn: isOn, timestamp: timestamp))
    }

    // MARK: Scrolling

    /// A turn of the wheel goes to the view under the pointer in the front-most window.
    func scroll(by delta: Point, at location: Point, timestamp: Double) {
        let event: ScrollEvent
        if let reused = scrollEvent {
            event = reused
            event.delta = delta
            event.location = location
            event.timestamp = timestamp
        } else {
            event = ScrollEvent(delta: delta, location: location, timestamp: timestamp)
            scrollEvent = event
        }
        guard let window = keyWindow ?? windows.last(where: { !$0.isHidden }) else { return }
        window.sendEvent(event)
    }

    // MARK: Motion

    /// Whether something needs accelerometer samples.
    var needsMotionSamples: Bool { detectsShakes || autoRotates }

    /// Starts the on-demand sources (the accelerometer) when something needs them and stops
    /// them when nothing does, so an app that listens for no motion is not woken by it.
    func updateOnDemandSources() {
        let wanted = needsMotionSamples
        for (source, handler) in onDemandSources {
            if wanted && !source.isStarted {
                do {
                    try source.start()
                    mainLoop.addInputSource(source, handler: handler)
                    if let state = source.currentState() { post(state) }
                } catch {
                    logger.error("cannot start \(type(of: source)): \(error); shakes and auto-rotation are unavailable")
                }
            } else if !wanted && source.isStarted {
                mainLoop.removeInputSource(source)
                source.stop()
            }
        }
        if !detectsShakes, let phase = shakeDetector.reset() {
            sendMotion(.motionShake, phase: phase, timestamp: clock.now)
        }
        if !autoRotates {
            orientationDetector.reset(to: screenRotation)
            orientationTimer?.invalidate()
            orientationTimer = nil
        }
    }

    /// The device of `source` (an on-demand source added with `addInputSource`: the
    /// accelerometer) was plugged in again, or for the first time: starts it now when
    /// something needs its events (`detectsShakes`, `autoRotates`), adds it to the run loop and
    /// posts its current state, as at start. Returns whether it is read now; false when nothing
    /// needs it (it starts when something does) or it is not one of this application's.
    /// Rethrows what its `start()` throws (the source stays stopped).
    @discardableResult
    public func resumeOnDemandSource(_ source: any OnDemandInputSource) throws -> Bool {
        guard let entry = onDemandSources.first(where: { $0.source === source }), needsMotionSamples else { return false }
        if source.isStarted { return true }
        try source.start()
        mainLoop.addInputSource(source, handler: entry.handler)
        if let state = source.currentState() { post(state) }
        return true
    }

    /// The device of `source` (an on-demand source: the accelerometer) went away: takes it off
    /// the run loop and stops it (idempotent), and drops the motion it was in the middle of: a
    /// shake in progress is cancelled (`motionCancelled`), an orientation not yet settled is
    /// forgotten, so the screen stays as it is. `resumeOnDemandSource` starts it again.
    public func suspendOnDemandSource(_ source: any OnDemandInputSource) {
        if source.isStarted {
            mainLoop.removeInputSource(source)
            source.stop()
        }
        if let phase = shakeDetector.reset() {
            sendMotion(.motionShake, phase: phase, timestamp: clock.now)
        }
        orientationDetector.reset(to: screenRotation)
        orientationTimer?.invalidate()
        orientationTimer = nil
        lastAcceleration = nil
    }

    func accelerate(_ sample: Acceleration, timestamp: Double) {
        if detectsShakes, let phase = shakeDetector.add(sample, at: timestamp) {
            sendMotion(.motionShake, phase: phase, timestamp: timestamp)
        }
        // A shake must not turn the screen: orientation is read only while the device is still.
        guard autoRotates, !shakeDetector.isInMotion else { return }
        lastAcceleration = sample
        if let rotation = orientationDetector.add(sample, at: timestamp) {
            setScreenRotation(rotation)
        }
        armOrientationTimer()
    }

    /// While a candidate orientation waits to settle, a timer feeds the last sample again at
    /// its deadline, so a sensor that goes quiet once the panel is still cannot leave the
    /// screen unturned. No candidate, no timer.
    ///
    /// The timer fires once per deadline: fed at its deadline, the detector reports the
    /// candidate or ends it (`OrientationDetector.add`). Should a candidate still wait for that
    /// deadline or an earlier one afterwards, it is dropped here rather than re-armed in the
    /// past, where it would fire again at once, turn after turn: the loop would never sleep.
    private func armOrientationTimer() {
        guard let deadline = orientationDetector.candidateDeadline, deadline.isFinite else {
            orientationTimer?.invalidate()
            orientationTimer = nil
            return
        }
        if let orientationTimer, orientationTimer.isValid, orientationTimer.fireDate == deadline { return }
        orientationTimer?.invalidate()
        let timer = LoopTimer(fireDate: deadline) { [weak self] _ in
            guard let self else { return }
            self.orientationTimer = nil
            guard let sample = self.lastAcceleration else { return }
            let now = max(deadline, self.clock.now)
            self.accelerate(sample, timestamp: now)
            if let left = self.orientationDetector.candidateDeadline, !(left > now) {
                self.logger.debug("orientation candidate still due at \(left) after its deadline \(deadline): dropped")
                self.orientationDetector.reset(to: self.orientationDetector.orientation)
                self.orientationTimer?.invalidate()
                self.orientationTimer = nil
            }
        }
        orientationTimer = timer
        timer.schedule(on: mainLoop)
    }

    // MARK: Rotation

    /// How the picture is turned on the panel: the display's rotation (the same value input
    /// uses for touches), or the rotation requested last and not yet applied.
    public var screenRotation: ScreenRotation { requestedRotation ?? display?.rotation ?? .none }

    /// How long an animated turn of the screen lasts, in seconds (`setScreenRotation(_:animated:)`;
    /// about UIKit's rotation).
    public static let screenRotationDuration = 0.3

    /// Turns the screen: cancels every touch now (their positions would jump), then, at the
    /// next commit when no flip is in flight, turns the display (which turns input with it),
    /// resizes the screen, the compositor and every full-screen window, tells the delegate, and
    /// repaints. Windows lay out for their new size before that frame. Auto-rotation calls this.
    public func setScreenRotation(_ rotation: ScreenRotation) {
        setScreenRotation(rotation, animated: false)
    }

    /// Turns the screen as `setScreenRotation(_:)` does; when `animated`, the layout for the new
    /// size is animated, as UIKit animates a rotation. The display turns at once (the panel
    /// cannot show a picture half turned), and the windows that fill the screen take its new
    /// size at once, their autoresizing subviews with them; then, inside one animation of
    /// `Application.screenRotationDuration` seconds (ease in and out), the coordinator's
    /// alongside blocks run, the size classes change, and the layout pass lays the windows out:
    /// every frame, alpha or colour these change (constraints swapped or changed, frames set in
    /// `layoutSubviews`) goes from what was shown to its new value over the turn. The model
    /// values change at once, as with any animation; views that animate take no touches until
    /// it ends. The coordinator's `transitionDuration` is that duration, and its completions
    /// run when the animation ends. A half turn keeps the size and animates nothing.
    public func setScreenRotation(_ rotation: ScreenRotation, animated: Bool) {
        guard rotation != screenRotation else { return }
        cancelAllTouches()
        requestedRotation = rotation
        requestedRotationIsAnimated = animated
        setNeedsCommit()
    }

    func applyScreenRotation(_ rotation: ScreenRotation, animated: Bool = false) {
        guard let display else { return }
        guard display.rotation != rotation else { return }
        guard display.setRotation(rotation) else {
            logger.warning("the display cannot turn to \(rotation); the screen stays at \(display.rotation)")
            orientationDetector.reset(to: display.rotation)
            return
        }
        orientationDetector.reset(to: rotation)
        screenGeometryDidChange(transitionDuration: animated ? Application.screenRotationDuration : 0)
        delegate?.application(self, didRotateTo: rotation)
    }

    // MARK: Screen geometry

    /// The display's mode changed (a monitor swapped on the connector, a resized desktop
    /// window): cancels every touch now (input already maps positions by the new size, so they
    /// would jump), then, at the next commit (no flip is in flight then), resizes the screen,
    /// the compositor and every full-screen window, and repaints the whole screen, as a turn
    /// of the screen does.
    func displayModeDidChange(_ mode: DisplayMode) {
        logger.notice("display mode \(mode): the screen follows at the next frame")
        cancelAllTouches()
        needsScreenGeometryUpdate = true
        setNeedsFullRepaint()
    }

    /// Makes the screen follow the display's scene size (its mode turned by its rotation): the
    /// screen's size, a new scene in the compositor (no buffer's content is trusted), every
    /// window whose frame was the whole screen gets the new screen's bounds (its autoresizing
    /// subviews follow), and every visible window is repainted whole. The one path of a runtime
    /// rotation and of a mode change; runs inside a commit, whose layout pass, which comes
    /// next, lays the windows out for the new size. A `transitionDuration` above 0 (an animated
    /// turn) leaves the coordinator's alongside blocks to that pass's animation (`commit()`).
    func screenGeometryDidChange(transitionDuration: Double = 0) {
        needsScreenGeometryUpdate = false
        guard let display else { return }
        let oldBounds = screen.bounds
        let size = display.sceneSize
        screen.nativeSize = Size(width: Double(size.width), height: Double(size.height))
        let oldRotation = screen.rotation
        screen.rotation = display.rotation
        compositor?.resize(width: size.width, height: size.height)
        let newBounds = screen.bounds
        let resized = windows.filter { $0.frame == oldBounds }
        // The controllers hear of the new size before their windows take it (UIKit's order).
        // A half turn keeps the size: nothing would move, so nothing animates.
        let coordinator = ViewControllerTransitionCoordinator(
            transitionDuration: newBounds.size != oldBounds.size ? transitionDuration : 0,
            targetTransform: Self.targetTransform(from: oldRotation, to: screen.rotation))
        if newBounds.size != oldBounds.size {
            for window in resized { window.rootViewController?.viewWillTransition(to: newBounds.size, with: coordinator) }
        }
        // Outside any animation: the windows fill the turned screen at once.
        for window in resized {
            window.frame = newBounds
        }
        if !coordinator.isAnimated { coordinator.runAlongside() }
        transitionCoordinators.append(coordinator)
        for window in windows where !window.isHidden { window.addDamage(window.bounds) }
    }

    /// The content's turn for a screen turning from `old` to `new` (a transition's
    /// `targetTransform`): against the screen's, by the shorter way (a quarter turn clockwise
    /// gives −90°).
    static func targetTransform(from old: ScreenRotation, to new: ScreenRotation) -> AffineTransform {
        var degrees = Double((new.rawValue - old.rawValue + 360) % 360)
        if degrees > 180 { degrees -= 360 }
        return degrees == 0 ? .identity : AffineTransform(rotationAngle: -degrees * .pi / 180)
    }

    /// The panel's safe-area insets changed: every window lays out again, its guides following.
    func screenSafeAreaDidChange() {
        if screen.panelSafeAreaInsets != .zero { SafeAreaTracking.isActive = true }
        for window in windows {
            window.guideInsetsMayHaveChanged()
            window.setNeedsLayout()
        }
        LayoutEngine.shared.safeAreaMayHaveChanged()
    }

    // MARK: Frames

    /// Runs `body` once, when the first frame has reached the screen (immediately if it has):
    /// what a service manager waits for before it considers the app started.
    public func whenFirstFrameIsOnScreen(_ body: @escaping @MainActor () -> Void) {
        if hasShownFirstFrame { body() } else { firstFrameObservers.append(body) }
    }
}

extension RemoteControlKeys {
    /// The subtype a change of `code` sends, or nil when that change sends nothing (the
    /// release of a key that acts on press). Seeking keys begin seeking when pressed and end
    /// it when released, as UIKit's remote-control events do.
    public static func subtype(forKey code: Int, state: KeyState) -> Event.Subtype? {
        switch (code, state) {
        case (fastForward, .pressed): return .remoteControlBeginSeekingForward
        case (fastForward, .released): return .remoteControlEndSeekingForward
        case (rewind, .pressed): return .remoteControlBeginSeekingBackward
        case (rewind, .released): return .remoteControlEndSeekingBackward
        case (_, .released): return nil
        case (playPause, _): return .remoteControlTogglePlayPause
        case (nextTrack, _): return .remoteControlNextTrack
        case (previousTrack, _): return .remoteControlPreviousTrack
        default:
            if play.contains(code) { return .remoteControlPlay }
            if pause.contains(code) { return .remoteControlPause }
            if stop.contains(code) { return .remoteControlStop }
            return nil
        }
    }
}
