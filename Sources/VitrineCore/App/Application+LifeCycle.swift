/// Why an application is not active: a set, because reasons overlap (the lid closes while the
/// console is switched away). The application is active while the set is empty.
///
/// A platform adds a reason with `Application.resignActive(reason:)` when it happens and
/// removes it with `becomeActive(reason:)` when it is over; the app hears
/// `applicationWillResignActive` when the set stops being empty and `applicationDidBecomeActive`
/// when it becomes empty again. Platforms may define their own reasons with bits 16 and up.
public struct InactivityReasons: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates reasons from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The application has not finished launching yet (`launch()` removes it, after
    /// `applicationDidFinishLaunching`).
    public static let launching = InactivityReasons(rawValue: 1 << 0)
    /// The virtual console is switched away: another console shows on the screen.
    public static let consoleSwitchedAway = InactivityReasons(rawValue: 1 << 1)
    /// The seat was disabled (libseat, logind): another session has the devices.
    public static let seatDisabled = InactivityReasons(rawValue: 1 << 2)
    /// The lid is closed (with `SwitchPolicy.lid == .displayOffAndCancelTouches`). While this
    /// reason holds the display is off.
    public static let lidClosed = InactivityReasons(rawValue: 1 << 3)

    /// The reasons' names, for logs: `[consoleSwitchedAway, lidClosed]`.
    public var description: String {
        let names: [(InactivityReasons, String)] = [(.launching, "launching"), (.consoleSwitchedAway, "consoleSwitchedAway"),
                                                    (.seatDisabled, "seatDisabled"), (.lidClosed, "lidClosed")]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let known = names.reduce(InactivityReasons()) { $0.union($1.0) }
        if !subtracting(known).isEmpty { parts.append("0x" + String(subtracting(known).rawValue, radix: 16)) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

/// A change of the application's state, as life-cycle observers hear it (UIKit posts these as
/// `willResignActiveNotification` and `didBecomeActiveNotification`).
public enum LifeCycleEvent: Sendable, Hashable {
    /// The application is about to become inactive; its touches were cancelled already.
    case willResignActive
    /// The application became active.
    case didBecomeActive
}

extension ApplicationDelegate {
    /// Default: nothing.
    public func applicationWillResignActive(_ application: Application) {}
    /// Default: nothing.
    public func applicationDidBecomeActive(_ application: Application) {}
}

/// One registered life-cycle observer: held weakly through its owner, so it ends with it.
struct LifeCycleObserver {
    weak var owner: AnyObject?
    let body: @MainActor (AnyObject, LifeCycleEvent) -> Void
}

extension Application {
    /// Whether the application is in front and receiving events (UIKit's
    /// `UIApplication.State`, without `background`: a kiosk app is never backgrounded).
    public enum State: Sendable, Hashable {
        /// In front, receiving events.
        case active
        /// Launching, or put aside (console switched away, seat disabled, lid closed): see
        /// `inactivityReasons`.
        case inactive
    }

    /// Whether the application is active now.
    public var applicationState: State { lifeCycle.inactivityReasons.isEmpty ? .active : .inactive }

    /// Why the application is inactive; empty while it is active. Holds `.launching` until
    /// `launch()` (done by `run()`) has told the delegate it finished launching.
    public var inactivityReasons: InactivityReasons { lifeCycle.inactivityReasons }

    /// Adds `reason` to the reasons for being inactive: first every touch is cancelled (each
    /// view hears `touchesCancelled`); then, when the application was active, it stops the
    /// idle timer and tells the delegate (`applicationWillResignActive`) and the life-cycle observers
    /// (`.willResignActive`), once however many reasons overlap. `.lidClosed` also turns the
    /// display off. Adding a reason that holds already does nothing more. The one entry
    /// through which a platform reports a console switched away, a seat disabled or a lid
    /// closed.
    public func resignActive(reason: InactivityReasons) {
        lifeCycle.resign(reason)
    }

    /// Removes `reason` from the reasons for being inactive (`.lidClosed` turns the display on
    /// again and repaints it whole). When no reason is left, the application becomes active:
    /// the screen is woken (powered on, brightness restored) and the idle timer starts over,
    /// then the delegate hears `applicationDidBecomeActive` and the observers
    /// `.didBecomeActive`. Removing a reason that does not hold does nothing.
    public func becomeActive(reason: InactivityReasons) {
        lifeCycle.becomeActive(reason)
    }

    /// Calls `body` with `owner` for every life-cycle change, after the delegate heard it,
    /// until `owner` is deallocated or `removeLifeCycleObservers(of:)` is called.
    ///
    /// Closures rather than notifications: Vitrine has no notification centre and needs none
    /// for two events; the event is typed; and because the observer is held through its owner
    /// (weakly) and `body` receives the owner as an argument, a view controller observing
    /// itself makes no retain cycle and needs no token to unregister:
    ///
    ///     application.addLifeCycleObserver(self) { controller, event in
    ///         if event == .willResignActive { controller.player.pause() }
    ///     }
    public func addLifeCycleObserver<Owner: AnyObject>(_ owner: Owner,
                                                       _ body: @escaping @MainActor (Owner, LifeCycleEvent) -> Void) {
        lifeCycle.observers.append(LifeCycleObserver(owner: owner) { owner, event in
            guard let owner = owner as? Owner else { return }
            body(owner, event)
        })
    }

    /// Stops calling every life-cycle observer `owner` added.
    public func removeLifeCycleObservers(of owner: AnyObject) {
        lifeCycle.observers.removeAll { $0.owner == nil || $0.owner === owner }
    }

    // MARK: Idle timer and brightness

    /// Whether the idle timer is off, so the screen neither dims nor turns off however long
    /// nobody touches it (UIKit's name; for a video, a slideshow, a payment in progress).
    /// Turning it on while the screen is dimmed or dark wakes the screen. Default false.
    public var isIdleTimerDisabled: Bool {
        get { lifeCycle.isIdleTimerDisabled }
        set { lifeCycle.setIdleTimerDisabled(newValue) }
    }

    /// Holds the idle timer off for `holder` while `held` (as `isIdleTimerDisabled`, but one
    /// hold per holder, apart from the app's own switch): a playing `VideoPlayer` uses it, so
    /// that a video ending does not turn on a timer the app itself turned off. `holder` must
    /// let go before it is released; letting go counts the idle time from now.
    package func holdIdleTimer(_ held: Bool, for holder: AnyObject) {
        lifeCycle.holdIdleTimer(held, for: ObjectIdentifier(holder))
    }

    /// Whether something holds the idle timer off (see `holdIdleTimer(_:for:)`).
    package var isIdleTimerHeld: Bool { lifeCycle.isIdleTimerHeld }

    /// When the idle screen dims and turns off (a board profile's `[power]` section sets it).
    /// Times that are negative or not finite are taken as 0 (never), with a log line.
    public var idlePolicy: IdlePolicy {
        get { lifeCycle.policy }
        set { lifeCycle.setPolicy(newValue) }
    }

    /// Where the idle timer has taken the screen: awake, dimmed or off.
    public var idleState: IdleState { lifeCycle.idleState }

    /// The panel's backlight, which `Screen.brightness` and dimming drive; nil: none (the
    /// brightness is then remembered but changes nothing). A platform sets it; setting it
    /// takes its current level as `Screen.brightness`.
    public var backlight: (any Backlight)? {
        get { lifeCycle.backlight }
        set { lifeCycle.setBacklight(newValue) }
    }
}

extension Screen {
    /// The brightness of the screen when it is awake, 0…1 (UIKit's `UIScreen.brightness`):
    /// set, the backlight fades to it over about 150 ms (at once while the screen is dark; a
    /// dimmed screen stays dim until it wakes). A value out of range is clamped; NaN is
    /// ignored. Without a backlight it is only remembered. Read, the value set last, or the
    /// backlight's level when the platform gave it.
    public var brightness: Double {
        get { lifeCycle?.brightness ?? 1 }
        set { lifeCycle?.setBrightness(newValue) }
    }
}
