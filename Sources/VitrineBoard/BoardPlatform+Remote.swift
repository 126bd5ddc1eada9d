#if RemoteView
import Vitrine
import VitrineVNC

extension BoardPlatform {
    /// Starts the profile's `[remote]` VNC server on `application`, when it asks for one. The
    /// profile reader already refused a listener beyond loopback without a password; what can
    /// still fail here (the password file unreadable, the port taken) is logged with what to
    /// do, and the kiosk runs on without its remote view.
    func startRemoteView(on application: Application) {
        let configuration = profile.remote
        guard configuration.mode != .off, remoteView == nil else { return }
        do throws(VNCServerError) {
            let server = try VNCServer(configuration: configuration)
            try server.start(on: application)
            remoteView = server
        } catch {
            logger.error("board \(profile.name): no remote view: \(error)")
        }
    }
}
#endif
