import Vitrine
import VitrineGraphics

// The kiosk's navigation: the welcome screen is the root of a navigation controller, so that
// later screens (settings, the room list) are pushed onto it and come back with the bar's back
// button or a swipe from the left edge. The welcome screen has its own header, so the bar is
// hidden while it is on top and shown for every screen pushed above it.

/// The kiosk's navigation controller: the welcome screen at its root, the bar hidden there.
public final class KioskNavigationController: NavigationController, NavigationControllerDelegate {
    /// A navigation controller with `welcome` at its root.
    public init(welcome: WelcomeController) {
        super.init(rootViewController: welcome)
        isNavigationBarHidden = true
        delegate = self
    }

    /// The bar shows for every screen but the welcome screen.
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController,
                                     animated: Bool) {
        isNavigationBarHidden = viewController is WelcomeController
    }
}

extension WelcomeController {
    /// The confirmation "Help" asks for before calling a member of staff: "Call staff" calls
    /// (once the alert is gone), "Cancel" does nothing.
    func staffCallConfirmation() -> AlertController {
        let alert = AlertController(title: "Call a member of staff?",
                                    message: "Someone will come to this kiosk.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Call staff") { [weak self] _ in
            self?.log("action callForHelp: staff called")
        })
        return alert
    }
}
