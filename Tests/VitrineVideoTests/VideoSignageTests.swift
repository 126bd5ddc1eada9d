import CGStreamer
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineVideo

/// What a signage screen needs, against real GStreamer (in `VideoPlayerTests`' serialized
/// suite: one player plays at a time, so descriptor counts and plugin ranks are this test's
/// own): a queue going past a broken item, the idle timer held off while playing, audio to a
/// named ALSA device, missing plugins and unreachable streams, the picture turned and covered.
extension VideoPlayerTests {
    // MARK: Failed items

    @Test func aQueueReportsAFailedItemAndGoesOnToTheNext() throws {
        let h = try VideoHarness()
        let first = try makeClip(in: h.directory, name: "first.webm", frames: 3)
        let last = try makeClip(in: h.directory, name: "last.webm", frames: 3)
        let missing = h.directory.path + "/missing.webm"
        h.player.replaceQueue(with: [VideoItem(path: first), VideoItem(path: missing), VideoItem(path: last)])
        h.player.play()
        #expect(h.wait { h.player.status.isEnded })
        #expect(h.recorder.log == ["ready first.webm", "end first.webm", "fail missing.webm", "ready last.webm", "end last.webm"])
        #expect(h.recorder.errors == [.fileNotFound(path: missing)])
    }

    @Test func withoutSkippingTheQueueStopsOnTheFailedItemShowingTheLastGoodFrame() throws {
        let h = try VideoHarness()
        let first = try makeClip(in: h.directory, name: "first.webm", frames: 3)
        let missing = h.directory.path + "/missing.webm"
        h.player.skipsFailedItems = false
        h.player.replaceQueue(with: [VideoItem(path: first), VideoItem(path: missing), VideoItem(path: first)])
        h.player.play()
        #expect(h.wait { h.player.status.isFailed })
        #expect(h.recorder.log == ["ready first.webm", "end first.webm", "fail missing.webm"])
        #expect(h.player.currentIndex == 1)
        #expect(h.player.currentFrame != nil, "the last good frame is kept")
        #expect(!h.player.isPlayRequested)
    }

    @Test func aLoopingQueueOfBrokenItemsStopsAfterOneRoundAndPlayTriesOneMore() throws {
        let h = try VideoHarness()
        let a = h.directory.path + "/a.webm", b = h.directory.path + "/b.webm"
        h.player.isLooping = true
        h.player.replaceQueue(with: [VideoItem(path: a), VideoItem(path: b)])
        h.player.play()
        #expect(h.wait { h.player.status.isFailed && h.recorder.errors.count >= 2 })
        // Nothing more comes: the loop does not go round a queue where nothing plays.
        var ready = pollfd(fd: h.player.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 200) > 0 { h.turn() }
        #expect(h.recorder.log == ["fail a.webm", "fail b.webm"])
        #expect(!h.player.isPlayRequested)
        h.player.play()
        #expect(h.wait { h.player.status.isFailed && h.recorder.errors.count >= 4 })
        if poll(&ready, 1, 200) > 0 { h.turn() }
        #expect(h.recorder.log == ["fail a.webm", "fail b.webm", "fail b.webm", "fail a.webm"])
    }

    // MARK: The idle timer

    @Test func aPlayingVideoHoldsTheIdleTimerOffOnlyWhenAskedAndOnlyWhilePlaying() throws {
        let h = try VideoHarness()
        // 20 s of video: it plays on GStreamer's real clock while the app's manual clock jumps.
        let clip = try makeClip(in: h.directory, frames: 600, width: 64, height: 48)
        h.app.idlePolicy = IdlePolicy(dimAfter: 5)
        h.app.launch()
        h.player.replaceCurrentItem(with: VideoItem(path: clip))
        h.player.play()
        #expect(h.wait { h.player.status == .playing })
        h.loop.advance(by: 6)
        #expect(h.app.idleState == .dimmed, "a player not asked to hold the timer leaves it running")

        h.player.disablesIdleTimerWhilePlaying = true
        #expect(h.app.idleState == .awake, "holding the timer off wakes the screen")
        h.loop.advance(by: 60)
        #expect(h.app.idleState == .awake, "the screen dimmed while the video played")
        #expect(!h.app.isIdleTimerDisabled, "the app's own switch is left alone")

        h.player.pause()
        h.loop.advance(by: 4.9)
        #expect(h.app.idleState == .awake, "the idle time counts from the pause")
        h.loop.advance(by: 0.2)
        #expect(h.app.idleState == .dimmed)

        // The app's own switch stays off when the player lets go.
        h.app.isIdleTimerDisabled = true
        h.player.play()
        #expect(h.wait { h.player.status == .playing })
        h.player.pause()
        h.loop.advance(by: 60)
        #expect(h.app.idleState == .awake)
        #expect(h.app.isIdleTimerDisabled)
    }

    // MARK: Audio

    @Test func audioGoesToTheDeviceTheApplicationNames() throws {
        let h = try VideoHarness()
        let clip = try makeClip(in: h.directory, frames: 6, width: 64, height: 48, audio: true)
        h.app.audioDevice = "null" // alsa-lib's own PCM that discards what it is given
        let player = try VideoPlayer()
        #expect(player.audioDevice == "null", "init() takes the application's device")
        player.audioDevice = "vitrine-no-such-pcm"
        h.player.audioDevice = player.audioDevice
        h.player.replaceCurrentItem(with: VideoItem(path: clip))
        h.player.play()
        #expect(h.wait { h.player.status.isFailed })
        let error = try #require(h.recorder.errors.first)
        guard case .audioDeviceUnavailable(let device, _) = error else {
            Issue.record("expected audioDeviceUnavailable, got \(error)")
            return
        }
        #expect(device == "vitrine-no-such-pcm")
        #expect(error.description.contains("[audio] device"), "the remedy names the profile's key: \(error)")

        h.player.audioDevice = "null"
        h.player.play()
        #expect(h.wait { h.player.status.isEnded })
        #expect(h.recorder.log.suffix(2) == ["ready clip.webm", "end clip.webm"])
    }

    // MARK: What cannot play

    @Test func aDecoderTakenOutOfAutopluggingIsAMissingPluginNamingItsPackage() throws {
        let h = try VideoHarness()
        let clip = try makeClip(in: h.directory, frames: 3, width: 64, height: 48)
        // The real registry, with VP8's decoders (plugins-good's and libav's) ranked 0:
        // playbin no longer picks them, as if neither were installed. A player made after
        // the change builds its own list of decoders, so it sees the change.
        let registry = try #require(gst_registry_get())
        var restore: [(feature: OpaquePointer, rank: guint)] = []
        defer {
            for (feature, rank) in restore {
                gst_plugin_feature_set_rank(feature, rank)
                gst_object_unref(UnsafeMutableRawPointer(feature))
            }
        }
        for name in ["vp8dec", "avdec_vp8"] {
            guard let decoder = gst_registry_lookup_feature(registry, name) else { continue }
            restore.append((decoder, gst_plugin_feature_get_rank(decoder)))
            gst_plugin_feature_set_rank(decoder, 0)
        }
        #expect(!restore.isEmpty, "vp8dec is part of gstreamer1.0-plugins-good, which the tests need")
        let player = try VideoPlayer(mainLoop: h.loop)
        let recorder = Recorder()
        player.delegate = recorder
        player.replaceCurrentItem(with: VideoItem(path: clip))
        player.play()
        #expect(h.wait(on: player) { player.status.isFailed })
        let error = try #require(recorder.errors.first)
        guard case .missingPlugin(let plugin, let package) = error else {
            Issue.record("expected missingPlugin, got \(error)")
            return
        }
        #expect(plugin.contains("VP8"), "GStreamer's words for what is missing: \(plugin)")
        #expect(package == "gstreamer1.0-plugins-good")
    }

    @Test func theDecoderInUseIsReportedAndAPreferredOneIsChosenFirst() throws {
        let h = try VideoHarness()
        let clip = try makeClip(in: h.directory, frames: 3, width: 64, height: 48)
        h.player.replaceCurrentItem(with: VideoItem(path: clip))
        #expect(h.player.videoDecoder == nil)
        h.player.play()
        #expect(h.wait { h.recorder.readies == 1 })
        #expect(h.player.videoDecoder == "vp8dec", "GStreamer's own choice: plugins-good's, ranked primary")

        // libav's VP8 decoder (ranked marginal) preferred, as a board's hardware decoder is.
        let registry = try #require(gst_registry_get())
        let libav = try #require(gst_registry_lookup_feature(registry, "avdec_vp8"), "gstreamer1.0-libav is needed")
        let rank = gst_plugin_feature_get_rank(libav)
        let preferred = VideoPlayer.preferredDecoders
        defer {
            VideoPlayer.preferredDecoders = preferred
            gst_plugin_feature_set_rank(libav, rank)
            gst_object_unref(UnsafeMutableRawPointer(libav))
        }
        VideoPlayer.preferredDecoders = ["vitrine-no-such-decoder", "avdec_vp8"]
        let player = try VideoPlayer(mainLoop: h.loop)
        player.replaceCurrentItem(with: VideoItem(path: clip))
        player.play()
        #expect(h.wait(on: player) { player.status.isEnded })
        #expect(player.videoDecoder == "avdec_vp8")
        #expect(player.framesShown >= 1)
    }

    @Test(arguments: ["http://127.0.0.1:9/promo.webm", "rtsp://127.0.0.1:9/camera"])
    func aStreamNobodyServesIsUnreachable(url: String) throws {
        // Port 9 (discard) on the loopback: nothing listens, the connection is refused at once.
        let h = try VideoHarness()
        h.player.replaceCurrentItem(with: try VideoItem(url: url))
        h.player.play()
        #expect(h.wait { h.player.status.isFailed })
        #expect(h.recorder.errors.count == 1)
        guard case .streamUnreachable(let failed, _) = try #require(h.recorder.errors.first) else {
            Issue.record("expected streamUnreachable, got \(h.recorder.errors)")
            return
        }
        #expect(failed == url)
    }

    @Test func aStreamThatStallsWaitsPausedAndPlaysOnWhenItsDataComes() throws {
        let h = try VideoHarness()
        // Three seconds served over http, its first fifth at once and the rest when released.
        let clip = try makeClip(in: h.directory, frames: 90, width: 320, height: 240)
        let server = try StallingServer(file: clip, servedFirst: 0.2)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/clip.webm"
        h.player.replaceCurrentItem(with: try VideoItem(url: url))
        h.player.play()
        #expect(h.wait { h.player.status == .stalled && h.recorder.readies == 1 })
        #expect(h.recorder.log.contains("stall"))
        #expect(!h.recorder.log.contains("end clip.webm"))
        server.release()
        #expect(h.wait(timeout: 30) { h.player.status.isEnded }, "status \(h.player.status), \(h.recorder.log)")
        let log = h.recorder.log
        let stall = try #require(log.lastIndex(of: "stall")), resume = try #require(log.lastIndex(of: "resume"))
        #expect(stall < resume && resume < log.count - 1 && log.last == "end clip.webm", "\(log)")
        #expect(h.recorder.errors.isEmpty)
    }

    // MARK: A clip with nothing to ship

    @Test func aTestPatternClipIsWrittenAndPlaysForItsLength() throws {
        let h = try VideoHarness()
        let item = try VideoItem.writeTestPattern(.ball, seconds: 0.5, width: 160, height: 90,
                                                  to: h.directory.path + "/pattern.webm")
        h.player.replaceCurrentItem(with: item)
        h.player.play()
        #expect(h.wait { h.player.status.isEnded })
        #expect(abs((h.player.duration ?? 0) - 0.5) < 0.05)
        let frame = try #require(h.player.currentFrame)
        #expect(frame.width == 160 && frame.height == 90)

        #expect(throws: VideoError.self) {
            _ = try VideoItem.writeTestPattern(.smpte, seconds: 1, to: h.directory.path + "/no/such/folder/clip.webm")
        }
        do {
            _ = try VideoItem.writeTestPattern(.smpte, seconds: 1, to: "/proc/vitrine-cannot-write.webm")
            Issue.record("a clip was written under /proc")
        } catch {
            #expect(error.description.contains("/proc/vitrine-cannot-write.webm"), "the error names the path: \(error)")
        }
    }

    // MARK: The picture, turned and covered

    @Test func theVideoTurnsWithTheScreenUnderClippingAlphaATransformAndViewsAbove() throws {
        let h = try VideoHarness(width: 400, height: 300, rotation: .clockwise90)
        // Uncompressed, so every pixel is videotestsrc's own and the golden is exact.
        let clip = try makeClip(in: h.directory, frames: 2, width: 160, height: 120, encoding: .raw)
        h.window.backgroundColor = .white
        // Clipped by its container, aspect-filled.
        let container = View(frame: Rect(x: 20, y: 20, width: 200, height: 120))
        container.clipsToBounds = true
        container.cornerRadius = 16
        let filled = VideoView(frame: Rect(x: -20, y: 0, width: 240, height: 120))
        filled.contentMode = .scaleAspectFill
        filled.player = h.player
        container.addSubview(filled)
        h.window.addSubview(container)
        // Translucent and turned, showing the same player.
        let turned = VideoView(frame: Rect(x: 60, y: 200, width: 160, height: 120))
        turned.alpha = 0.6
        turned.transform = AffineTransform(rotationAngle: .pi / 12)
        turned.player = h.player
        h.window.addSubview(turned)
        // A translucent band above both.
        let band = View(frame: Rect(x: 0, y: 110, width: 300, height: 40))
        band.backgroundColor = Color(red: 0, green: 0, blue: 0.4, alpha: 0.5)
        h.window.addSubview(band)

        h.player.replaceCurrentItem(with: VideoItem(path: clip))
        h.player.play()
        h.player.pause()
        #expect(h.wait { h.player.status == .paused && h.player.framesShown >= 1 })
        h.settle()
        #expect(h.app.screen.bounds.size == Size(width: 300, height: 400), "the scene is the panel turned")
        expectGolden(try #require(h.display.shownBuffer), "video-turned-clipped-covered")
    }
}
