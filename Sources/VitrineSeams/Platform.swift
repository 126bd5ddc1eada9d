/// What an application runs on: the backends chosen for a board (DRM + libinput + epoll on a
/// device, virtual display + scripted input + manual loop headless). A platform that also
/// applies settings to the application made on it is a `ConfigurablePlatform` (Vitrine).
@MainActor
public protocol Platform: AnyObject {
    /// The loop the app runs on.
    var mainLoop: any MainLoop { get }
    /// The screen, or nil for an app without one.
    var display: (any Display)? { get }
    /// Pixels per point (1, 1.5, 2…).
    var screenScale: Double { get }
    /// How many fingers can be down at once.
    var touchCapacity: Int { get }
    /// Where input comes from.
    var inputSources: [any InputSource] { get }
    /// Releases the devices and restores the display as it was found.
    func shutdown()
}
