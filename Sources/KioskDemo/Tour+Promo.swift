#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics
import VitrineVideo

/// The tour's attract loop: left untouched on the welcome screen, the kiosk plays its promo
/// video full screen (decoded by GStreamer's real threads, so the tour waits for the frames in
/// real time, on the player's wake descriptor), holds the idle timer off while it plays, and
/// goes back to the welcome screen at the first touch.
extension KioskTour {
    func watchThePromo() {
        let attractAfter = 30.0
        kiosk.attractAfter = attractAfter
        defer { kiosk.attractAfter = nil }
        // Counted from the last event the window received.
        let deadline = kiosk.lastTouchTime + attractAfter
        loop.advance(by: max(0, deadline - 0.5 - loop.manualClock.now))
        let early = kiosk.welcome.presentedViewController == nil
        loop.advance(by: 1)
        guard let promo = kiosk.welcome.presentedViewController as? PromoController, let player = promo.player else {
            record("\(Int(attractAfter)) s untouched: the promo plays", passed: false)
            return
        }
        let shown = waitForFrames(of: player) { player.framesShown >= 3 }
        loop.advance(by: 0.1)
        // The moving ball is white on black: some of the video's pixels above the caption's
        // band are bright once a frame is shown (the poster is black).
        let band = promo.view.bounds.height - 72
        let bright = (application.compositor?.scene).map { scene in
            stride(from: 0, to: Int(band * application.screen.scale), by: 4).contains { y in
                stride(from: 0, to: scene.width, by: 4).contains { x in scene.color(x: x, y: y).red > 0.9 }
            }
        } ?? false
        record("\(Int(attractAfter)) s untouched: the promo video plays full screen under its caption, "
               + "\(player.framesShown) frames shown by \(player.videoDecoder ?? "no decoder")",
               passed: early && shown && bright && player.status == .playing && application.isIdleTimerHeld
               && messages.contains { $0.hasPrefix("nobody touched the kiosk") })

        tap(promo.view)
        loop.advance(by: 0.5)
        record("a touch ends the promo: back to the welcome screen, the idle timer free again",
               passed: kiosk.welcome.presentedViewController == nil && player.status == .paused
               && !application.isIdleTimerHeld && messages.contains { $0.hasPrefix("promo: touched") })
    }

    /// Runs the loop's turns the player's real threads ask for (its wake descriptor readable)
    /// until `condition` holds, for ten seconds of real time at most.
    private func waitForFrames(of player: VideoPlayer, until condition: () -> Bool) -> Bool {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while !condition() {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if now.tv_sec - start.tv_sec > 10 { return false }
            var ready = pollfd(fd: player.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 1000) > 0 else { continue }
            loop.setReadiness(.readable, of: player.wakeDescriptor)
            loop.runTurn()
            loop.setReadiness([], of: player.wakeDescriptor)
        }
        return true
    }
}
