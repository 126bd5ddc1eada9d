import Glibc
import Vitrine
import VitrineBoard
import VitrineGraphics

final class Hello: ViewController {
    let status = Label(frame: Rect(x: 40, y: 140, width: 300, height: 40))
    override func viewDidLoad() {
        let button = Button(frame: Rect(x: 40, y: 40, width: 300, height: 80))
        button.setTitle("Check in", for: .normal)
        button.addTarget(self, action: Hello.checkIn, for: .touchUpInside)
        view.addSubview(button)
        view.addSubview(status)
    }
    func checkIn(_ sender: AnyObject?) { status.text = "Checked in" }
}

final class AppDelegate: ApplicationDelegate {
    var window: Window?
    func applicationDidFinishLaunching(_ application: Application) {
        window = Window(frame: application.screen.bounds)
        window?.rootViewController = Hello()
        window?.makeKeyAndVisible(in: application)
    }
}

exit(BoardPlatform.main(delegate: AppDelegate()))   // a window, the board's panel, or no screen
