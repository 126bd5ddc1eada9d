import CGStreamer
import Glibc
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineLinux
import VitrineTestSupport
import VitrineVideo

extension KernelRing {
    /// A GStreamer clip played by `VideoView` on vkms's overlay plane (vkms loaded with
    /// enable_overlay=1): what the CRTC shows (writeback), what was committed (a recording
    /// device), and when (the flip events' vblank timestamps).
    @Suite("Video on vkms's overlay plane")
    @MainActor
    struct VideoOnPlane {
        @Test("a clip plays on the overlay: the UI is not committed for its frames, each is paced on vblank, and writeback shows video and UI")
        func clipPlaysOnTheOverlayPlane() throws {
            let loop = try EpollMainLoop(handlesSignals: false)
            defer { loop.close() }
            let log = LogCapture(level: .info)
            let device = RecordingDevice(try LibDRMDevice(path: try KernelDevices.vkmsPath()))
            let display = try DRMDisplay(device: device, configuration: .init(connectorName: KernelDevices.virtualConnector),
                                         mainLoop: loop, logger: log.logger(label: "vitrine.drm"))
            defer { display.restore() }
            let overlayID = try #require(display.videoOverlayPlaneID, "vkms has no overlay plane: is it loaded with enable_overlay=1?")
            let primaryID = try #require(display.pipeline.planeID)
            let fbProperty = try #require(try device.properties(of: primaryID, type: .plane).named("FB_ID")).id
            let overlayFB = try #require(try device.properties(of: overlayID, type: .plane).named("FB_ID")).id

            let app = Application(mainLoop: loop, display: display)
            let driver = LoopDriver(loop)
            let window = Window(frame: app.screen.bounds)
            window.backgroundColor = .white
            window.makeKeyAndVisible(in: app)
            // The UI elsewhere: a red panel the video must not disturb.
            let panel = View(frame: Rect(x: 600, y: 400, width: 200, height: 120))
            panel.backgroundColor = Color(red: 1, green: 0, blue: 0)
            window.addSubview(panel)
            // 320×240 frames shown 1:1 (vkms's overlay positions but does not scale).
            let view = VideoView(frame: Rect(x: 100, y: 80, width: 320, height: 240))
            window.addSubview(view)
            let player = try VideoPlayer(mainLoop: loop)
            view.player = player
            let directory = try TemporaryDirectory(prefix: "vitrine-kernel-video")
            let clip = try makeKernelClip(in: directory, frames: 90, width: 320, height: 240)
            player.replaceCurrentItem(with: VideoItem(path: clip))
            player.isLooping = true
            #expect(driver.run(until: { !app.hasPendingCommit && !display.isFlipPending }, timeout: 20))

            player.play()
            let onPlane = driver.run(until: { view.isOnDisplayPlane && (display.videoPlane?.framesCommitted ?? 0) >= 1 }, timeout: 60)
            #expect(onPlane, "the video never went to the plane: \(log.lines(atLeast: .info))")
            guard onPlane, let plane = display.videoPlane else { return }
            // From here on: frames only. Count what crosses the kernel boundary.
            let firstCommit = device.commits.count, firstEvent = device.events.count
            let presents = app.statistics.presents, composed = app.statistics.pixelsComposed
            let committedBefore = plane.framesCommitted, wakeUpsBefore = loop.wakeUps
            let frames = 45
            let played = driver.run(until: { plane.framesCommitted >= committedBefore + frames }, timeout: 90)
            #expect(played, "only \(plane.framesCommitted - committedBefore) of \(frames) video frames committed in 90 s")
            // Wake-ups per frame shown: the player's eventfd, then the flip event (two), never a poll.
            let wakeUpsPerFrame = Double(loop.wakeUps - wakeUpsBefore) / Double(max(plane.framesCommitted - committedBefore, 1))
            Figures.record("video_plane_wakeups_per_frame", wakeUpsPerFrame, decimals: 2)
            #expect(wakeUpsPerFrame <= 2.5, "\(wakeUpsPerFrame) wake-ups per video frame")
            player.pause()
            #expect(driver.run(until: { !display.isFlipPending && !plane.isFrameWaiting && !app.hasPendingCommit }, timeout: 20))

            let commits = Array(device.commits[firstCommit...])
            let videoCommits = commits.filter { $0.request.value(of: overlayFB, on: overlayID) != nil && $0.error == nil }
            let uiCommits = commits.filter { $0.request.value(of: fbProperty, on: primaryID) != nil }
            #expect(videoCommits.count >= frames)
            // The UI's plane is not committed again for video frames, and nothing is composed.
            #expect(uiCommits.isEmpty, "\(uiCommits.count) commits set the primary plane while only video changed")
            #expect(app.statistics.presents == presents, "the UI presented \(app.statistics.presents - presents) frames")
            #expect(app.statistics.pixelsComposed == composed)
            // A video frame's commit changes the overlay's FB_ID and nothing else.
            #expect(videoCommits.allSatisfy { $0.request.changes.count == 1 && $0.request.changes[0].object == overlayID },
                    "a video commit changed more than the overlay's framebuffer")
            #expect(videoCommits.allSatisfy { $0.flags.contains(.nonBlocking) && $0.flags.contains(.pageFlipEvent) })
            #expect(device.busyCount == 0, "two commits were in flight at once")

            // Paced on vblank: each video commit's flip lands one or more refreshes after the last.
            let tokens = Set(videoCommits.map(\.userData))
            let flips = device.events[firstEvent...].filter { $0.kind == .pageFlip && tokens.contains($0.userData) }
            #expect(flips.count == videoCommits.count, "\(flips.count) flip events for \(videoCommits.count) video commits")
            let period = 1 / display.mode.refreshRate
            var vblankSteps: [Int] = [], intervals: [Double] = []
            for (new, old) in zip(flips.dropFirst(), flips) {
                vblankSteps.append(Int(new.sequence &- old.sequence))
                intervals.append(new.timestamp - old.timestamp)
            }
            let tooClose = intervals.filter { $0 < 0.95 * period }
            #expect(vblankSteps.allSatisfy { $0 >= 1 }, "video flips on one vblank: \(vblankSteps)")
            #expect(tooClose.isEmpty, "video flips closer than a refresh (\(period) s): \(tooClose.prefix(5))")
            if !intervals.isEmpty {
                let mean: Double = intervals.reduce(0, +) * 1000 / Double(intervals.count)
                Figures.record("video_plane_flip_interval_mean_ms", mean, decimals: 3)
            }
            Figures.record("video_plane_frames_committed", plane.framesCommitted)
            Figures.record("video_plane_frames_skipped", plane.framesSkipped)

            // What the CRTC shows: the UI's scene with the frame on top, where the view is.
            let frame = try #require(player.currentFrame)
            let scene = try #require(app.compositor?.scene)
            let expected = Surface(width: scene.width, height: scene.height, format: .xrgb8888)
            let whole = Region(PixelRect(x: 0, y: 0, width: scene.width, height: scene.height))
            expected.copy(whole, from: scene)
            for y in 0..<frame.height {
                (expected.baseAddress + (80 + y) * expected.stride + 100 * 4).copyMemory(from: frame.baseAddress + y * frame.stride,
                                                                                          byteCount: frame.width * 4)
            }
            let capture = try WritebackCapture(device: device.inner, crtcID: display.pipeline.crtcID,
                                               width: display.mode.width, height: display.mode.height)
            defer { capture.close() }
            let captured = try capture.capture()
            PictureCheck.expectEqual(captured, expected, name: "video-plane")
            // And it is the video, not a blank plane: SMPTE's white and blue bars, the red panel.
            #expect(captured.color(x: 100 + 20, y: 80 + 60).green > 0.6 && captured.color(x: 100 + 20, y: 80 + 60).blue > 0.6)
            #expect(captured.color(x: 100 + 300, y: 80 + 60).blue > 0.6 && captured.color(x: 100 + 300, y: 80 + 60).red < 0.3)
            #expect(captured.color(x: 700, y: 450) == Color(red: 1, green: 0, blue: 0))
            #expect(captured.color(x: 50, y: 50) == .white)

            // Taken off cleanly when the display is restored.
            display.restore()
            let overlay = try device.inner.plane(overlayID)
            #expect(overlay.framebufferID == 0 && overlay.crtcID == 0, "the overlay is still on: fb \(overlay.framebufferID), CRTC \(overlay.crtcID)")
            #expect(log.lines(atLeast: .warning).isEmpty, "\(log.lines(atLeast: .warning))")
            print("video plane: \(videoCommits.count) video commits, \(plane.framesSkipped) frames replaced before their commit")
        }
    }
}

/// Makes a WebM clip (VP8) of `frames` frames of videotestsrc's SMPTE bars at 30 frames a
/// second in `directory`, with the host's GStreamer (the VM runs the host's tree).
@MainActor
func makeKernelClip(in directory: TemporaryDirectory, frames: Int, width: Int, height: Int) throws -> String {
    guard gst_init_check(nil, nil, nil) != 0 else { throw KernelSetupError("GStreamer does not start in the VM") }
    let path = directory.path + "/clip.webm"
    let description = "videotestsrc num-buffers=\(frames) pattern=smpte ! video/x-raw,width=\(width),height=\(height),framerate=30/1"
        + " ! vp8enc deadline=1 ! webmmux ! filesink location=\(path)"
    var error: UnsafeMutablePointer<GError>?
    guard let pipeline = gst_parse_launch(description, &error) else {
        throw KernelSetupError("gst_parse_launch: \(error?.pointee.message.map { String(cString: $0) } ?? "?") — install gstreamer1.0-plugins-good")
    }
    defer {
        _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_NULL))
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }
    _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_PLAYING))
    let bus = gst_element_get_bus(pipeline)
    defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
    let types = guint(VITRINE_GST_MESSAGE_EOS.rawValue | VITRINE_GST_MESSAGE_ERROR.rawValue)
    guard let message = gst_bus_timed_pop_filtered(bus, 120_000_000_000, types) else {
        throw KernelSetupError("the clip pipeline did not finish in two minutes")
    }
    let type = message.pointee.type
    gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self))
    guard type == guint(VITRINE_GST_MESSAGE_EOS.rawValue) else { throw KernelSetupError("the clip pipeline failed") }
    return path
}
