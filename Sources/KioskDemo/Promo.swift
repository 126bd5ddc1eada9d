#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics
import VitrineVideo

// The attract loop: when nobody has touched the kiosk for a while on its welcome screen, a
// promo video plays full screen, looping, with a caption above it inviting a touch; the first
// touch ends it. The clip is GStreamer's moving-ball test pattern, written once into a folder
// of the demo's own (VideoItem.writeTestPattern), so the demo ships no video. While it plays,
// the player holds the screen's idle timer off, so the panel does not dim under a video.

/// The promo screen: a looping video and a caption; a touch anywhere dismisses it.
public final class PromoController: ViewController, VideoPlayerDelegate {
    /// The player (nil when GStreamer cannot start: the caption then shows alone).
    public let player: VideoPlayer?
    /// The view showing the video, full screen.
    public let videoView = VideoView(frame: .zero)
    /// Called once the screen has gone (touched away, or the kiosk reset by a shake).
    var didEnd: (() -> Void)?
    private let log: (String) -> Void
    private let band = View(frame: .zero)
    private let caption = Label(frame: .zero)

    init(log: @escaping (String) -> Void) {
        self.log = log
        do {
            let player = try VideoPlayer()
            player.isLooping = true
            player.disablesIdleTimerWhilePlaying = true
            self.player = player
        } catch {
            log("promo: \(error)")
            player = nil
        }
        super.init()
        player?.delegate = self
    }

    public override func viewDidLoad() {
        view.backgroundColor = .black
        videoView.player = player
        view.addSubview(videoView)
        band.backgroundColor = Color(rgb: 0x1B2A41, alpha: 0.8)
        view.addSubview(band)
        caption.text = String(localized: "Touch the screen to start")
        caption.font = .system(size: 24, weight: .bold)
        caption.textColor = .white
        caption.textAlignment = .center
        caption.numberOfLines = 2  // a longer language wraps in the band
        band.addSubview(caption)
        let touch = TapGestureRecognizer { [weak self] _ in
            self?.log("promo: touched, back to the welcome screen")
            self?.dismiss(animated: true)
        }
        view.addGestureRecognizer(touch)
        if let player, let item = PromoController.clip(log: log) {
            player.replaceCurrentItem(with: item)
        }
    }

    /// The language changed under the promo (staff, remotely): the caption in the new one.
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        caption.text = String(localized: "Touch the screen to start")
    }

    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        videoView.frame = b
        band.frame = Rect(x: 0, y: b.height - 72, width: b.width, height: 72)
        caption.frame = Rect(x: 16, y: 0, width: max(0, b.width - 32), height: 72)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log("promo: playing")
        player?.play()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        player?.pause()
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        didEnd?()
        didEnd = nil
    }

    public func videoPlayer(_ player: VideoPlayer, didFailWith error: VideoError, item: VideoItem) {
        log("promo: \(error)")
    }

    /// The promo clip, written the first time into a folder of this user's
    /// (`$XDG_RUNTIME_DIR/vitrine-demo`, else `/tmp/vitrine-demo-UID`); nil, logged, when it
    /// cannot be written.
    static func clip(log: (String) -> Void) -> VideoItem? {
        let folder: String
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            folder = runtime + "/vitrine-demo"
        } else {
            folder = "/tmp/vitrine-demo-\(getuid())"
        }
        mkdir(folder, 0o700)
        let path = folder + "/promo-ball-4s.webm"
        if access(path, R_OK) == 0 { return VideoItem(path: path) }
        do {
            // Written under another name and renamed: a half-written clip is never played.
            let item = try VideoItem.writeTestPattern(.ball, seconds: 4, width: 640, height: 360, to: path + ".part")
            guard rename(path + ".part", path) == 0 else { return item }
            return VideoItem(path: path)
        } catch {
            log("promo: \(error)")
            return nil
        }
    }
}

/// The kiosk's window: it tells the app delegate of every event, so that the attract loop
/// counts the time since anyone last touched the kiosk (UIKit apps override `sendEvent` so).
final class KioskWindow: Window {
    var didReceiveEvent: (() -> Void)?

    override func sendEvent(_ event: Event) {
        didReceiveEvent?()
        super.sendEvent(event)
    }
}

extension KioskDelegate {
    /// Arms the attract timer at the first moment the promo may start (nothing if off).
    /// Lazy, as the idle timer is: a touch only notes its time; a timer that fires early
    /// re-arms at the true deadline.
    func armAttractTimer() {
        // Before launch there is no application yet: launching arms it.
        guard let attractAfter, window != nil else {
            attractTimer?.invalidate()
            return
        }
        let application = Application.shared
        let deadline = lastTouchTime + attractAfter
        if let attractTimer {
            attractTimer.rearm(at: deadline)
            if !attractTimer.isValid { attractTimer.schedule(on: application.mainLoop) }
        } else {
            let timer = LoopTimer(fireDate: deadline) { [weak self] _ in self?.attractTimerFired() }
            attractTimer = timer
            timer.schedule(on: application.mainLoop)
        }
    }

    private func attractTimerFired() {
        guard let attractAfter else { return }
        let now = Application.shared.clock.now
        if now < lastTouchTime + attractAfter {
            armAttractTimer()
            return
        }
        // Only over the welcome screen with nothing on it: a visitor part way through checking
        // in, or staff in the settings, are not interrupted.
        guard welcome.navigationController?.topViewController === welcome, welcome.presentedViewController == nil else {
            lastTouchTime = now
            armAttractTimer()
            return
        }
        let promo = PromoController(log: log)
        promo.didEnd = { [weak self] in
            guard let self else { return }
            self.lastTouchTime = Application.shared.clock.now
            self.armAttractTimer()
        }
        log("nobody touched the kiosk for \(Int(attractAfter)) s: the promo plays")
        welcome.present(promo, animated: true)
    }
}
