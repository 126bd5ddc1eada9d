// Over 500 lines on purpose: the application's stored state (screen, windows, pools, the
// life-cycle flags, the attached hardware keyboards) must be declared in the class itself;
// its behaviour is split into Application+*.swift (commit, devices, input checks, keys,
// life cycle, touches), and this file keeps the declarations they share.

import Logging
import VitrineGraphics

/// Receives the application's life-cycle events (UIKit's `UIApplicationDelegate`). When the
/// delegate is also a `Responder`, it is the last link of the responder chain.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The application is ready: create the window and make it key and visible here.
    func applicationDidFinishLaunching(_ application: Application)
    /// The application is about to stop (normal exit or SIGTERM); the display is restored after.
    func applicationWillTerminate(_ application: Application)
    /// A hardware switch changed (the lid, tablet mode). Called before the runtime applies
    /// its `switchPolicy` and before the first responder hears of it.
    func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool)
    /// The screen turned (auto-rotation, or `setScreenRotation`): the windows already have the
    /// new screen's bounds and will lay out before the next frame.
    func application(_ application: Application, didRotateTo rotation: ScreenRotation)
    /// The application is about to become inactive (the console switched away, the seat was
    /// disabled, the lid closed): every touch was cancelled already. Pause what should not run
    /// unseen. Once per change from active, however many reasons overlap (see `resignActive(reason:)`).
    func applicationWillResignActive(_ application: Application)
    /// The application became active: after launching (right after
    /// `applicationDidFinishLaunching`) and when the last reason for being inactive went away.
    func applicationDidBecomeActive(_ application: Application)
}

extension ApplicationDelegate {
    /// Default: nothing.
    public func applicationDidFinishLaunching(_ application: Application) {}
    /// Default: nothing.
    public func applicationWillTerminate(_ application: Application) {}
    /// Default: nothing.
    public func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {}
    /// Default: nothing.
    public func application(_ application: Application, didRotateTo rotation: ScreenRotation) {}
}

/// A `Platform` that applies a board's settings to the application made on it (the lid
/// policy, shake detection, auto-rotation, speech, the remote view): `Application(platform:)`
/// calls `configure(_:)` once, after the input sources are added. The seam itself
/// (`Platform`, in VitrineSeams) knows no `Application`, so that a display or input backend
/// compiles against the seams alone.
@MainActor
public protocol ConfigurablePlatform: Platform {
    /// Applies the board's settings to `application`, made on this platform.
    func configure(_ application: Application)
}

/// Counters of the commit pipeline, for tests and benchmarks.
public struct FrameStatistics: Sendable, Hashable {
    /// Commits that did work (a layout, display or present).
    public var commits = 0
    /// Layout passes run (one per window per commit that needed layout).
    public var layoutPasses = 0
    /// `draw(_:in:)` calls made by display passes.
    public var viewsDrawn = 0
    /// Scene pixels repainted by composition, over all frames.
    public var pixelsComposed = 0
    /// Bytes written to scanout memory, over all frames.
    public var bytesCopied = 0
    /// What the last presented frame cost.
    public var lastFrame = FrameCounters()
    /// Frames handed to the display.
    public var presents = 0
    /// Frame callbacks received from the display.
    public var frames = 0
    /// The damage of the last presented frame, in scene pixels.
    public var lastPresentedDamage = Region()
}

/// The screen the application shows on: its size in points and pixels.
@MainActor
public final class Screen {
    /// Pixels per point.
    public let scale: Double
    /// The screen's size in pixels: the display mode turned by the screen's rotation. Changes
    /// when the screen turns or the display's mode changes.
    public internal(set) var nativeSize: Size
    /// What `brightness` reads and fades (set by the application that shows on this screen).
    weak var lifeCycle: LifeCycle?
    /// How the picture is turned on the panel (the application keeps it current).
    var rotation = ScreenRotation.none
    /// Told when `safeAreaInsets` changed (the application lays its windows out again).
    var safeAreaDidChange: (@MainActor () -> Void)?

    /// The border of the physical panel that content should keep clear of, in points along the
    /// unturned panel's edges: a bezel or frame over its outer rows, a camera or card reader
    /// beside it. Default zero. The app sets it (or its board: the profile knows the
    /// enclosure); a change lays every window out again. Turning the screen keeps it on the
    /// same physical edges: see `safeAreaInsets`.
    public var panelSafeAreaInsets = EdgeInsets.zero {
        didSet { if panelSafeAreaInsets != oldValue { safeAreaDidChange?() } }
    }

    /// `panelSafeAreaInsets` in the screen's current orientation (points, `bounds`' edges): what
    /// windows and views take their `safeAreaInsets` from. A quarter turn clockwise puts the
    /// panel's top edge on the screen's left, and so on.
    public var safeAreaInsets: EdgeInsets {
        let p = panelSafeAreaInsets
        switch rotation {
        case .none: return p
        case .clockwise90: return EdgeInsets(top: p.right, left: p.top, bottom: p.left, right: p.bottom)
        case .upsideDown: return EdgeInsets(top: p.bottom, left: p.right, bottom: p.top, right: p.left)
        case .clockwise270: return EdgeInsets(top: p.left, left: p.bottom, bottom: p.right, right: p.top)
        }
    }
    /// The screen in points, origin at the top-left: what a full-screen window's frame is.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: nativeSize.width / scale, height: nativeSize.height / scale)
    }

    /// Creates a screen of `nativeSize` pixels at `scale` pixels per point (a scale that means
    /// no size — 0, negative, NaN or infinite — is taken as 1).
    public init(nativeSize: Size, scale: Double) {
        self.nativeSize = nativeSize
        self.scale = Self.usableScale(scale)
    }

    /// `scale`, or 1 when it is not a finite positive number of pixels per point.
    static func usableScale(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? scale : 1 }
}

/// The running app: owns the windows, turns input into events, sends events and actions, and
/// commits layout, display and presentation once per run-loop turn (UIKit's `UIApplication`).
///
/// Its `next` responder is the delegate when the delegate is a `Responder`.
@MainActor
open class Application: Responder {
    private static weak var current: Application?

    package static var currentIfAny: Application? { current }

    /// The most recently created application (UIKit's `UIApplication.shared`).
    public static var shared: Application {
        guard let current else {
            preconditionFailure("no Application exists yet: create one (or call Application.main) before using Application.shared")
        }
        return current
    }

    /// The loop the application runs on.
    public let mainLoop: any MainLoop
    /// The clock of the run loop: every timestamp of the app is on it.
    public var clock: any TimeSource { mainLoop.clock }
    /// The display frames are presented to (nil: none, for example in logic tests).
    public let display: (any Display)?
    /// The screen (points and pixels).
    public let screen: Screen
    /// Where every touch comes from.
    public let touchPool: TouchPool
    /// Active or not and why, the idle timer and the backlight (Application+LifeCycle.swift).
    lazy var lifeCycle = LifeCycle(application: self)
    /// Where every held key's press comes from (see Application+Keys.swift).
    public let pressPool: PressPool
    /// The delegate; kept alive by the application.
    public var delegate: (any ApplicationDelegate)?
    /// Windows in the order they were made visible.
    public private(set) var windows: [Window] = []
    /// The window that receives key, motion and remote-control events.
    public private(set) weak var keyWindow: Window?
    /// Counters of the commit pipeline.
    public internal(set) var statistics = FrameStatistics()

    /// Seconds within which a tap counts as the next of a multiple tap.
    public var multipleTapInterval = 0.35
    /// Points within which a tap counts as the next of a multiple tap.
    public var multipleTapDistance = 30.0
    /// Points a finger may move and still count as a tap (for `tapCount`).
    public var tapSlop = 10.0
    /// The ALSA PCM an app's sound goes to (a video's audio): `"default"`, `"hw:0,0"`,
    /// `"plughw:1"` (`aplay -L` lists them); nil, the default, leaves the choice to the
    /// system (GStreamer's automatic audio sink). A board profile's `[audio] device` sets it;
    /// a player made afterwards uses it. The screen reader's speech has its own device
    /// (`[accessibility] device`).
    public var audioDevice: String?
    /// Whether shaking the device undoes the last edit of the text field being edited
    /// (UIKit's `applicationSupportsShakeToEdit`). Default true, as UIKit.
    public var applicationSupportsShakeToEdit = true

    /// The one touch event, reused for every frame of touch input.
    private(set) var touchEvent: Event?
    /// Touches down, or that ended in the frame being built (bits of pool slots).
    var liveMask: UInt64 = 0
    /// How deep the runtime is in handing touches to app code (views' touch methods,
    /// recognizers and their actions). A cancellation asked for meanwhile (a handler that
    /// cancels, rotates the screen or removes the touched view) waits until it is back at 0,
    /// so the event being delivered is delivered once and every touch ends exactly once.
    var touchDeliveryDepth = 0
    /// Touches (bits of pool slots) whose cancellation was asked for during delivery.
    var pendingCancelMask: UInt64 = 0
    /// Whether a cancellation (possibly of no touch, only of leaving recognizers) waits for
    /// the delivery to end.
    var hasPendingCancellation = false
    /// The time of the latest cancellation asked for during delivery.
    var pendingCancelTimestamp = 0.0
    /// Whether a cancellation asked for during delivery was a system one (see `cancelTouches`).
    var pendingCancelResetsArena = false
    private var inputQueue: ContiguousArray<InputEvent> = []
    private var isDrainingInput = false
    var lastTap: (location: Point, time: Double, count: Int)?
    /// Sees touch input before the app while set: the screen reader's touch exploration
    /// (see `TouchInterceptor`). Nil by default.
    public var touchInterceptor: (any TouchInterceptor)?
    var needsCommit = false
    /// The commit's damage (scene pixels), kept between commits so that its pixman blocks are
    /// reused: a frame's damage of several rectangles allocates nothing once warm.
    var commitDamage = Region()
    /// Runs `View.animate` animations on the display's frames.
    lazy var animator = Animator(application: self)
    /// The input devices that are hardware keyboards, by the number their input source gives.
    package var hardwareKeyboardDevices: [Int] = []
    /// Windows the system shows above the app's (the on-screen keyboard's): never key, and
    /// kept above every app window.
    var overlayWindows: [Window] = []
    /// The toolkit's services, once made (see `toolkit`).
    package private(set) var toolkitIfMade: (any ApplicationToolkit)?
    /// Composes and presents frames; nil without a display.
    public let compositor: Compositor?
    /// What the runtime does by itself when a switch changes.
    public var switchPolicy = SwitchPolicy()
    /// The switches' last known states (true: lid closed, tablet mode on).
    public internal(set) var switchStates: [SwitchKind: Bool] = [:]
    /// Whether accelerometer samples are turned into shake motion events (`motionBegan`,
    /// `motionEnded`, `motionCancelled` with `.motionShake`). Off by default: while neither this
    /// nor `autoRotates` is on, the accelerometer is not read at all, so it costs no wake-ups.
    public var detectsShakes = false { didSet { updateOnDemandSources() } }
    /// Whether the screen follows the panel's orientation (from the accelerometer). Off by default.
    public var autoRotates = false { didSet { updateOnDemandSources() } }
    /// The shake detector (its `configuration` is tunable).
    public var shakeDetector = ShakeDetector()
    /// The orientation detector for auto-rotation (its `configuration` is tunable).
    public var orientationDetector = OrientationDetector()
    var onDemandSources: [(source: any OnDemandInputSource, handler: @MainActor (InputEvent) -> Void)] = []
    var requestedRotation: ScreenRotation?
    /// Whether the turn asked for last animates its layout (`setScreenRotation(_:animated:)`).
    var requestedRotationIsAnimated = false
    /// The display's mode changed: the screen, scene and windows follow at the next commit.
    var needsScreenGeometryUpdate = false
    /// Where the toolkit's on-screen keyboard is, in screen points, while it is up (nil when
    /// down): what keyboard layout guides follow (Layout/View+SafeArea.swift).
    package internal(set) var onScreenKeyboardFrame: Rect?
    /// Feeds the last accelerometer sample again when an orientation candidate has settled.
    var orientationTimer: LoopTimer?
    var lastAcceleration: Acceleration?
    /// Transport keys held, with the device each came from.
    var remoteControlKeysDown: [Int: Int] = [:]
    /// Input values (timestamps, locations, deltas…) that could not be used as they came (see
    /// `admitted(_:)`).
    var unusableInputCount = 0
    var firstFrameObservers: [@MainActor () -> Void] = []
    var hasShownFirstFrame = false
    /// The scroll event, reused for every turn of the wheel.
    var scrollEvent: ScrollEvent?
    /// Scans that reached the end of the responder chain with nobody taking them (logged).
    package internal(set) var unhandledScanCount = 0
    var displayLinks: [DisplayLink] = []
    /// Told of every present (FrameObserver.swift).
    var frameObservers: [any FrameObserver] = []
    /// Told in every commit before the display pass (Compositing/PlaneVisibility.swift).
    var commitObservers: [any CommitObserver] = []
    /// Size transitions whose completions run after the next layout pass (or, animated, when
    /// the animation of that pass ends).
    var transitionCoordinators: [ViewControllerTransitionCoordinator] = []
    /// The app-wide appearance (`userInterfaceStyle`, View+Appearance.swift).
    var ownUserInterfaceStyle = UserInterfaceStyle.light
    /// The app's strings and language, and its layout direction (Application+Language.swift).
    var ownLocalizer = Localizer()
    var ownLayoutDirection = UserInterfaceLayoutDirection.leftToRight
    private var isRunning = false
    private var isTerminating = false
    package let logger: Logger

    /// Creates an application on `mainLoop`, presenting to `display` (whose mode sets the
    /// screen size; without a display the screen is 800×480 pixels), with `touchCapacity`
    /// fingers. It becomes `Application.shared`.
    public init(mainLoop: any MainLoop, display: (any Display)? = nil, screenScale: Double = 1,
                touchCapacity: Int = 10, logger: Logger = Logger(label: "vitrine")) {
        self.mainLoop = mainLoop
        self.display = display
        let size = display?.sceneSize ?? (width: 800, height: 480)
        self.screen = Screen(nativeSize: Size(width: Double(size.width), height: Double(size.height)),
                             scale: screenScale)
        // The screen's scale, made usable: the compositor draws at the same one.
        let scale = Screen.usableScale(screenScale)
        self.compositor = display.map { _ in Compositor(width: size.width, height: size.height, scale: scale) }
        self.touchPool = TouchPool(capacity: touchCapacity, logger: logger)
        self.pressPool = PressPool(logger: logger)
        self.logger = logger
        super.init()
        screen.lifeCycle = lifeCycle
        screen.rotation = display?.rotation ?? .none
        screen.safeAreaDidChange = { [weak self] in self?.screenSafeAreaDidChange() }
        touchEvent = Event(type: .touches, timestamp: 0, touchStorage: touchPool.storage)
        inputQueue.reserveCapacity(256)
        Application.current = self
        mainLoop.addBeforeWaitingObserver { [weak self] in self?.commit() }
        display?.frameHandler = { [weak self] timing in self?.displayDidSignalFrame(timing) }
        display?.needsFullRepaint = { [weak self] in self?.setNeedsFullRepaint() }
        display?.modeDidChange = { [weak self] mode in self?.displayModeDidChange(mode) }
    }

    /// Creates an application on `platform`'s backends and adds its input sources.
    public convenience init(platform: any Platform) {
        self.init(mainLoop: platform.mainLoop, display: platform.display, screenScale: platform.screenScale,
                  touchCapacity: platform.touchCapacity)
        for source in platform.inputSources { addInputSource(source) }
        (platform as? any ConfigurablePlatform)?.configure(self)
    }

    /// The delegate, when it is a responder; else nil (the end of the chain).
    open override var next: Responder? { delegate as? Responder }

    /// The end of the chain for keys: a focus key no responder took (Tab, arrows, Enter,
    /// Space, Escape) moves or activates focus (the toolkit's focus engine, through
    /// `ApplicationToolkit`); others go on.
    open override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        if toolkit?.handleFocusKeys(presses) == true { return }
        super.pressesBegan(presses, with: event)
    }

    /// Auto-repeated focus keys move focus again; others go on.
    open override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) {
        if toolkit?.handleFocusKeys(presses) == true { return }
        super.pressesChanged(presses, with: event)
    }

    // MARK: Life cycle

    /// Runs an app: creates the application on `platform`, tells `delegate` it launched, runs
    /// the loop until `terminate()` (or, on a loop that can run dry such as the manual one,
    /// until nothing is left to do), makes sure the delegate heard `applicationWillTerminate`
    /// once, and shuts the platform down (restoring the display). The entry point every Vitrine
    /// app calls (UIKit's `UIApplicationMain`).
    public static func main(platform: any Platform, delegate: any ApplicationDelegate) {
        let application = Application(platform: platform)
        application.delegate = delegate
        application.run()
        platform.shutdown()
    }

    /// Tells the delegate the app launched, then runs the loop until `terminate()`. When the
    /// loop returns by itself (a manual loop with nothing left to do) the app terminates as if
    /// `terminate()` had been called; when the delegate terminated already while launching, the
    /// loop does not run at all.
    public func run() {
        launch()
        guard !isTerminating else { return }
        isRunning = true
        // What launching set up (the first window) was made outside any turn: the loop's first
        // turn commits it, rather than whichever event happens to come first.
        mainLoop.wakeUp()
        mainLoop.run()
        isRunning = false
        if !isTerminating {
            isTerminating = true
            delegate?.applicationWillTerminate(self)
        }
    }

    /// Tells the delegate the app launched (done by `run()`; tests that drive the loop by hand
    /// call it directly).
    public func launch() {
        delegate?.applicationDidFinishLaunching(self)
        becomeActive(reason: .launching)
    }

    /// Tells the delegate the app will terminate, and stops the loop (which returns after the
    /// current turn). Only the first call does anything.
    public func terminate() {
        guard !isTerminating else { return }
        isTerminating = true
        delegate?.applicationWillTerminate(self)
        mainLoop.stop()
    }

    func attach(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
        keyWindow = window
        // System overlays (the keyboard's) stay above every app window.
        for overlay in overlayWindows {
            if let index = windows.firstIndex(where: { $0 === overlay }) { windows.append(windows.remove(at: index)) }
        }
    }

    /// Adds a system overlay window (the keyboard's): above the app's, never key.
    package func attachOverlay(_ window: Window) {
        overlayWindows.append(window)
        windows.append(window)
    }

    /// The topmost visible overlay window that takes a touch at `location` (screen points).
    func overlayWindow(at location: Point) -> Window? {
        for window in overlayWindows.reversed() where !window.isHidden {
            if window.hitTest(window.convertFromScreen(location), with: nil) != nil { return window }
        }
        return nil
    }

    /// The toolkit's services (focus, keyboard, input methods, accessibility), made on first
    /// use; nil in a program that links only the core (App/Toolkit.swift).
    package var toolkit: (any ApplicationToolkit)? {
        if let toolkitIfMade { return toolkitIfMade }
        guard let made = Self.toolkitType?.makeServices(for: self) else { return nil }
        toolkitIfMade = made
        return made
    }

    // MARK: Hardware keyboards

    /// Whether a hardware keyboard (a device with letter keys, as the input backend reports) is
    /// attached. UIKit has no such property (`GCKeyboard.coalesced` comes close).
    public var isHardwareKeyboardAttached: Bool { !hardwareKeyboardDevices.isEmpty }

    /// `device` is a hardware keyboard.
    func hardwareKeyboardAttached(_ device: Int) {
        guard !hardwareKeyboardDevices.contains(device) else { return }
        hardwareKeyboardDevices.append(device)
        if hardwareKeyboardDevices.count == 1 { toolkitIfMade?.hardwareKeyboardsDidChange() }
    }

    /// `device` went away: if it was the last hardware keyboard, the on-screen keyboard may
    /// show again.
    func hardwareKeyboardDetached(_ device: Int) {
        guard let index = hardwareKeyboardDevices.firstIndex(of: device) else { return }
        hardwareKeyboardDevices.remove(at: index)
        if hardwareKeyboardDevices.isEmpty { toolkitIfMade?.hardwareKeyboardsDidChange() }
    }

    // MARK: Input

    /// Starts reading `source` on the run loop. An `OnDemandInputSource` (the accelerometer)
    /// is started and read only while something needs it (`detectsShakes`, `autoRotates`).
    public func addInputSource(_ source: any InputSource) {
        let handler: @MainActor (InputEvent) -> Void = { [weak self] event in self?.post(event) }
        if let onDemand = source as? any OnDemandInputSource {
            onDemandSources.append((onDemand, handler))
            updateOnDemandSources()
            return
        }
        mainLoop.addInputSource(source, handler: handler)
    }

    /// Queues `input`; the queue is drained in order. Input posted while an event is being
    /// handled waits until that event is done. Every value is made finite and bounded first,
    /// with a log (see `admitted(_:)`): a non-finite timestamp becomes the clock's now; an
    /// event whose location, wheel delta or acceleration is not finite is dropped; locations
    /// are kept within 4 screens of the screen, wheel deltas, accelerations and encoder turns
    /// within physical maxima.
    public func post(_ input: InputEvent) {
        guard let input = admitted(input) else { return }
        inputQueue.append(input)
        guard !isDrainingInput else { return }
        isDrainingInput = true
        var index = 0
        while index < inputQueue.count {
            handle(inputQueue[index])
            index += 1
        }
        inputQueue.removeAll(keepingCapacity: true)
        isDrainingInput = false
    }

    private func handle(_ input: InputEvent) {
        // The idle timer sees input first: it notes activity, and swallows what wakes the screen.
        guard lifeCycle.admits(input) else { return }
        if let touchInterceptor, touchInterceptor.intercept(input) { return }
        switch input {
        case let .touchDown(identifier, location, majorRadius, timestamp):
            touchDown(identifier, at: location, majorRadius: majorRadius, timestamp: timestamp)
        case let .touchMotion(identifier, location, majorRadius, timestamp):
            touchMoved(identifier, to: location, majorRadius: majorRadius, timestamp: timestamp)
        case let .touchUp(identifier, timestamp):
            touchEnded(identifier, phase: .ended, timestamp: timestamp)
        case let .touchCancel(identifier, timestamp):
            touchEnded(identifier, phase: .cancelled, timestamp: timestamp)
        case let .touchFrame(timestamp):
            deliverTouchFrame(timestamp: timestamp)
        case let .deviceRemoved(device, timestamp):
            cancelTouches(timestamp: timestamp) { $0.identifier.device == device }
            cancelPresses(timestamp: timestamp) { $0.device == device }
            releaseRemoteControlKeys(of: device, timestamp: timestamp)
            hardwareKeyboardDetached(device)
        case let .keyboardAttached(device, _):
            hardwareKeyboardAttached(device)
        case let .key(code, state, characters, modifiers, device, timestamp):
            if RemoteControlKeys.isRemoteControlKey(code) {
                remoteControlKey(code, state: state, device: device, timestamp: timestamp)
            } else {
                key(code, state: state, characters: characters, modifiers: modifiers, device: device, timestamp: timestamp)
            }
        case let .switchToggled(kind, isOn, timestamp):
            switchToggled(kind, isOn: isOn, timestamp: timestamp)
        case let .scroll(deltaX, deltaY, location, timestamp):
            scroll(by: Point(x: deltaX, y: deltaY), at: location, timestamp: timestamp)
        case let .acceleration(sample, timestamp):
            accelerate(sample, timestamp: timestamp)
        case let .encoder(input, _):
            switch input {
            case let .rotated(steps): toolkit?.encoderRotated(by: steps)
            case .pressed: toolkit?.encoderPressed()
            case .released: break
            }
        case let .scan(scan):
            sendEvent(ScanEvent(scan: scan))
        }
    }

    // MARK: Motion and remote control

    /// Sends a motion event (a shake began, ended or was cancelled) to the key window's first
    /// responder and up the chain.
    public func sendMotion(_ subtype: Event.Subtype, phase: MotionPhase, timestamp: Double) {
        sendEvent(MotionEvent(subtype: subtype, phase: phase, timestamp: timestamp))
    }

    /// Sends a remote-control event to the key window's first responder and up the chain.
    public func sendRemoteControl(_ subtype: Event.Subtype, timestamp: Double) {
        sendEvent(RemoteControlEvent(subtype: subtype, timestamp: timestamp))
    }

    // MARK: Events and actions

    /// Dispatches `event`: a touch event to the windows its touches are in, anything else to
    /// the key window (or, without one, to the application's own chain). Override to observe
    /// every event; call `super`.
    open func sendEvent(_ event: Event) {
        if event.type == .touches {
            for window in windows where !event.touches(for: window).isEmpty {
                window.sendEvent(event)
            }
            return
        }
        if let keyWindow {
            keyWindow.sendEvent(event)
            return
        }
        switch event {
        case let motion as MotionEvent:
            switch motion.phase {
            case .began: motionBegan(motion.subtype, with: motion)
            case .ended: motionEnded(motion.subtype, with: motion)
            case .cancelled: motionCancelled(motion.subtype, with: motion)
            }
        case is RemoteControlEvent:
            remoteControlReceived(with: event)
        case let scan as ScanEvent:
            scannerDidRead(scan.scan, with: scan)
        default:
            break
        }
    }

    /// Sends `action` to `target`, or, when `target` is nil, along the responder chain starting
    /// at the key window's first responder (or at `sender` when there is none, or at the key
    /// window), to the first responder that handles it. A non-nil target that does not handle
    /// the action passes it up its own chain. Returns whether someone performed it.
    @discardableResult
    public func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
        let start: Responder? = target ?? keyWindow?.firstResponder ?? (sender as? Responder) ?? keyWindow ?? self
        guard let handler = start?.target(forAction: action, withSender: sender) else {
            logger.debug("action \(action.name) found no handler in the responder chain")
            return false
        }
        return action.perform(on: handler, sender: sender, event: event)
    }
}
