/// What sees touch input before the app: the screen reader's touch exploration
/// (`Application.touchInterceptor`).
///
/// Contract: `intercept(_:)` is called on the main actor for every input event after the idle
/// timer has seen it (a touch that wakes the screen is swallowed before), and returns true to
/// take it — the app then never hears of it. An interceptor takes a finger whole or not at all:
/// it decides at the finger's `touchDown` and answers the same for that finger's motion, up and
/// cancel, so that every touch the app saw begin still ends exactly once (a finger that was
/// down before the interceptor was set is left to the app). `touchFrame`, keys and everything
/// else should be let through (false). Quick, and no allocation per event.
@MainActor
public protocol TouchInterceptor: AnyObject {
    /// Whether the interceptor takes `input` (see the protocol's contract).
    func intercept(_ input: InputEvent) -> Bool
}
