import CGStreamer
import Glibc
import VitrineCore
import VitrineGraphics
import VitrineSeams

/// Plays a video item or a queue of them with GStreamer, and hands each decoded frame to the
/// `VideoView`s showing it (AVFoundation's `AVPlayer` and `AVQueuePlayer`).
///
/// - Decoding, colour conversion to XRGB8888 and the copy into one of the player's two frame
///   buffers happen on GStreamer's streaming threads. The main loop is woken (through a
///   descriptor it watches) only when a frame or a bus message arrives, and takes the newest
///   frame by swapping buffers under a lock: no allocation per frame once the size is known.
/// - Bus messages (end, error, buffering, preroll) are read by a synchronous bus handler on
///   the thread that posts them; nothing polls.
/// - Callbacks reach `delegate` on the main actor, in the order GStreamer posted them.
///
/// Audio goes to `audioDevice` (the board profile's `[audio] device`), else GStreamer's
/// automatic audio sink. Files and `http(s)`/`rtsp` streams play;
/// what decodes depends on the plugins installed (see docs/app/video.md).
@MainActor
public final class VideoPlayer {
    /// Where a player is.
    public enum Status: Sendable, Hashable {
        /// Nothing to play: the queue is empty, or `play()` has not been asked for yet.
        case idle
        /// An item is being opened and its first frame decoded.
        case loading
        /// The item is ready and paused.
        case paused
        /// The item is playing.
        case playing
        /// A stream waits for data while playing was asked for.
        case stalled
        /// The last item played to its end and nothing loops.
        case ended
        /// The current item cannot be played.
        case failed(VideoError)
    }

    /// Told of readiness, ends, stalls and failures. Not retained.
    public weak var delegate: (any VideoPlayerDelegate)?
    /// Where the player is (see `Status`).
    public private(set) var status: Status = .idle {
        didSet { updateIdleTimerHold() }
    }
    /// The queue, in playing order.
    public private(set) var items: [VideoItem] = []
    /// The index in `items` of the item loaded or to be loaded next.
    public private(set) var currentIndex = 0
    /// The item loaded or to be loaded next; nil with an empty queue.
    public var currentItem: VideoItem? { items.indices.contains(currentIndex) ? items[currentIndex] : nil }
    /// Whether playing goes round: a single item from its start again, a queue from its first
    /// item after its last. Each end still reaches the delegate.
    public var isLooping = false
    /// Whether `play()` was asked for and not since `pause()`d (nor ended).
    public private(set) var isPlayRequested = false {
        didSet { updateIdleTimerHold() }
    }
    /// Whether a queue of several items moves on to the next item when one fails to play
    /// (after telling the delegate), so that one broken file does not stop a signage loop.
    /// It goes round to the first only when looping, and stops (`.failed`) once every item
    /// of the queue has failed since the last one that played. Default true; a single item
    /// always stops on its failure.
    public var skipsFailedItems = true
    /// Whether the screen's idle timer is held off while this player plays (loading, playing
    /// or stalled with `play()` asked for), so that a kiosk showing a video neither dims nor
    /// turns off; paused, ended or failed, the idle time counts again from then. It holds the
    /// timer apart from `Application.isIdleTimerDisabled`, which it never changes. Default
    /// false.
    public var disablesIdleTimerWhilePlaying = false {
        didSet { updateIdleTimerHold() }
    }
    /// The ALSA PCM the audio goes to (`"default"`, `"hw:0,0"`, `"plughw:1"`; `aplay -L` lists
    /// them), through `alsasink` (gstreamer1.0-alsa); nil: GStreamer's automatic audio sink.
    /// `init()` takes `Application.audioDevice` (a board profile's `[audio] device`). A change
    /// takes effect when the next item loads. A device that cannot be opened fails the item
    /// with `VideoError.audioDeviceUnavailable`.
    public var audioDevice: String?

    /// The playback speed, 1 normal, clamped to 1/16…16 (reverse play is not supported). Set
    /// while an item is playing or paused, it takes effect at once, from the current position;
    /// otherwise at the next load, `play()` or `seek(to:)`.
    public var rate: Double = 1 {
        didSet {
            rate = rate.isFinite ? min(max(rate, 1.0 / 16), 16) : 1
            // After the end a seek would only end again (and report it): the new rate is
            // used by the next play() or seek.
            guard rate != oldValue, isPrerolled else { return }
            switch status {
            case .playing, .paused, .stalled: seekPipeline(to: currentTime)
            case .idle, .loading, .ended, .failed: break
            }
        }
    }
    /// The audio volume, 0 (silent) to 1 (the stream's own level).
    public var volume: Double = 1 {
        didSet {
            volume = volume.isFinite ? min(max(volume, 0), 1) : 1
            if let pipeline { vitrine_gst_set_double(UnsafeMutableRawPointer(pipeline), "volume", volume) }
        }
    }
    /// Whether audio is muted (the volume is kept).
    public var isMuted = false {
        didSet { if let pipeline { vitrine_gst_set_bool(UnsafeMutableRawPointer(pipeline), "mute", isMuted ? 1 : 0) } }
    }

    /// The position in the current item, in seconds (0 before it is loaded).
    public var currentTime: Double {
        guard let pipeline, isPrerolled else { return pendingSeek ?? 0 }
        var position: gint64 = 0
        if gst_element_query_position(pipeline, gint(VITRINE_GST_FORMAT_TIME), &position) != 0, position >= 0 {
            lastPosition = Double(position) / 1e9
        }
        return lastPosition
    }
    /// The length of the current item in seconds; nil before it is loaded, and for a live
    /// stream.
    public var duration: Double? {
        guard let pipeline, isPrerolled else { return nil }
        var length: gint64 = 0
        guard gst_element_query_duration(pipeline, gint(VITRINE_GST_FORMAT_TIME), &length) != 0, length > 0 else { return nil }
        return Double(length) / 1e9
    }

    /// The GStreamer element decoding the current item's video ("vp8dec", "avdec_h264",
    /// "v4l2h264dec" for a Raspberry Pi's hardware decoder): known from `isReadyToPlay` on,
    /// nil before and for an item without video. Tells an operator whether the hardware
    /// decodes.
    public private(set) var videoDecoder: String?

    /// The decoders playbin prefers when several can decode a stream, most preferred first:
    /// by default the Video4Linux hardware decoders (stateful `v4l2h264dec`…, as a Raspberry
    /// Pi 4 has for H.264, then stateless `v4l2slh265dec`…, as a Pi 4 and a Pi 5 have for
    /// HEVC). Those installed are ranked above every software decoder in GStreamer's registry
    /// (for the whole process) when a player is made; names not installed are skipped. Set
    /// it before making a player; an empty list leaves GStreamer's own ranks.
    public static var preferredDecoders = [
        "v4l2h264dec", "v4l2h265dec", "v4l2vp8dec", "v4l2vp9dec",
        "v4l2slh264dec", "v4l2slh265dec", "v4l2slvp8dec", "v4l2slvp9dec",
    ]

    /// The newest frame shown (nil before the first), over one of the two frame buffers: valid
    /// until the next frame arrives. `VideoView` draws it.
    public var currentFrame: Surface? { shownIndex >= 0 ? surfaces[shownIndex] : nil }
    /// Frames taken by the main actor so far (one per wake-up that brought a new frame).
    public private(set) var framesShown = 0

    /// The descriptor the main loop watches (tests wait on it).
    package var wakeDescriptor: Int32 { core.wake }
    /// Frames the streaming threads copied so far (tests).
    package var framesCopied: Int { core.shared.withLock { $0.framesCopied } }

    private let core: PlayerCore
    private let mainLoop: any MainLoop
    private var watch: DescriptorWatch?
    private var pipeline: OpaquePointer?
    private var bus: OpaquePointer?
    private var generation: UInt64 = 0
    private var isPrerolled = false
    private var isBuffering = false
    private var pendingSeek: Double?
    private var lastPosition = 0.0
    private var missingPlugins: [(name: String, detail: String)] = []
    private var surfaces: [Surface?] = [nil, nil]
    private var surfaceVersions = [-1, -1]
    private var shownIndex = -1
    private var views: [WeakView] = []
    /// Failures in a row since an item last became ready (`skipsFailedItems` stops at a
    /// queue's length).
    private var consecutiveFailures = 0
    /// The application whose idle timer this player holds off, while it does.
    private weak var idleTimerHolder: Application?
    /// The audio device playbin was last given (nil: its automatic sink).
    private var appliedAudioDevice: String?
    /// The name of the audio sink the player makes, to tell its errors from the others'.
    private static let audioSinkName = "vitrine-audio-sink"

    /// A player on the application's main loop. Throws `VideoError.gstreamerUnavailable`
    /// when GStreamer cannot start or lacks `playbin` or `appsink`.
    public convenience init() throws(VideoError) {
        try self.init(mainLoop: Application.shared.mainLoop)
        audioDevice = Application.shared.audioDevice
    }

    /// A player whose frames and messages wake `mainLoop`. Throws as `init()`.
    public init(mainLoop: any MainLoop) throws(VideoError) {
        if let failure = gstreamerStartFailure { throw .gstreamerUnavailable(detail: failure) }
        core = try PlayerCore()
        self.mainLoop = mainLoop
        Self.rankPreferredDecoders()
        guard let playbin = gst_element_factory_make("playbin", nil) else {
            throw .gstreamerUnavailable(detail: "no playbin element (gstreamer1.0-plugins-base)")
        }
        guard let sink = gst_element_factory_make("appsink", "vitrine-video-sink") else {
            gst_object_unref(UnsafeMutableRawPointer(gst_object_ref_sink(UnsafeMutableRawPointer(playbin))))
            throw .gstreamerUnavailable(detail: "no appsink element (gstreamer1.0-plugins-base)")
        }
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        pipeline = playbin
        // BGRx is XRGB8888 on a little-endian CPU: playbin converts (and scales nothing) on
        // its streaming threads, so the main thread only ever copies finished pixels.
        if let caps = gst_caps_from_string("video/x-raw,format=BGRx") {
            vitrine_gst_set_pointer(UnsafeMutableRawPointer(sink), "caps", UnsafeMutableRawPointer(caps))
            gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self))
        }
        // The callbacks take every sample at once, so the queue never holds more than one;
        // no last sample is kept (it would hold a decoder buffer for nothing).
        vitrine_gst_set_bool(UnsafeMutableRawPointer(sink), "enable-last-sample", 0)
        vitrine_gst_set_uint(UnsafeMutableRawPointer(sink), "max-buffers", 2)
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = newSampleCallback
        callbacks.new_preroll = newPrerollCallback
        gst_app_sink_set_callbacks(sink, &callbacks, Unmanaged.passRetained(core).toOpaque(), releaseCore)
        vitrine_gst_set_pointer(UnsafeMutableRawPointer(playbin), "video-sink", UnsafeMutableRawPointer(sink))
        vitrine_gst_playbin_drop_text(UnsafeMutableRawPointer(playbin))
        bus = gst_element_get_bus(playbin)
        let context = BusContext(core: core, pipeline: playbin)
        gst_bus_set_sync_handler(bus, busSyncHandler, Unmanaged.passRetained(context).toOpaque(), releaseCore)
        do {
            watch = try mainLoop.watch(core.wake, events: .readable) { [weak self] _ in self?.drain() }
        } catch {
            throw .playbackFailed(detail: "the main loop cannot watch the player's descriptor: \(error)")
        }
    }

    isolated deinit {
        watch?.cancel()
        idleTimerHolder?.holdIdleTimer(false, for: self)
        if let pipeline {
            // NULL joins every streaming thread: no callback runs after this.
            _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_NULL))
        }
        if let bus {
            gst_bus_set_sync_handler(bus, nil, nil, nil)
            gst_object_unref(UnsafeMutableRawPointer(bus))
        }
        if let pipeline { gst_object_unref(UnsafeMutableRawPointer(pipeline)) }
    }

    // MARK: The queue

    /// Plays `item` alone (nil: nothing), replacing the queue; starts it if playing was asked.
    public func replaceCurrentItem(with item: VideoItem?) {
        replaceQueue(with: item.map { [$0] } ?? [])
    }

    /// Replaces the queue with `items`, from the first; starts it if playing was asked.
    public func replaceQueue(with items: [VideoItem]) {
        self.items = items
        currentIndex = 0
        consecutiveFailures = 0
        unload()
        if items.isEmpty {
            status = .idle
        } else if isPlayRequested {
            load(0)
        } else {
            status = .idle
        }
    }

    /// Moves to the next item of the queue (round to the first when looping); with none left
    /// the player ends.
    public func advanceToNextItem() {
        if currentIndex + 1 < items.count {
            load(currentIndex + 1)
        } else if isLooping, !items.isEmpty {
            load(0)
        } else {
            unload()
            isPlayRequested = false
            status = items.isEmpty ? .idle : .ended
        }
    }

    // MARK: Transport

    /// Plays the current item: loads it if needed, goes on where it was paused, starts the
    /// queue again from its first item after the end, and tries again after a failure.
    public func play() {
        isPlayRequested = true
        switch status {
        case .idle:
            if !items.isEmpty { load(currentIndex) }
        case .failed:
            consecutiveFailures = 0
            load(currentIndex)
        case .ended:
            // Again from the start of the queue: a single item (or a queue ended on its first)
            // is still loaded and only goes back; otherwise the first item is loaded.
            if currentIndex == 0, pipeline != nil, isPrerolled {
                setState(VITRINE_GST_STATE_PLAYING)
                seekPipeline(to: 0)
                status = .playing
            } else {
                load(0)
            }
        case .loading, .stalled, .playing:
            // Loading: the preroll (`.asyncDone`) starts it, as `isPlayRequested` now says.
            break
        case .paused:
            if isBuffering {
                status = .stalled
            } else {
                setState(VITRINE_GST_STATE_PLAYING)
                status = .playing
            }
        }
    }

    /// Pauses: GStreamer shows (and hands over) the frame it pauses on, then the player wakes
    /// the main loop no more until asked to play or seek. Does nothing when nothing plays.
    public func pause() {
        isPlayRequested = false
        switch status {
        case .loading:
            // The item prerolls paused and stays so (`.asyncDone` reads `isPlayRequested`).
            break
        case .playing, .stalled:
            setState(VITRINE_GST_STATE_PAUSED)
            status = .paused
        case .idle, .paused, .ended, .failed:
            break
        }
    }

    /// Moves to `seconds` into the current item (clamped to 0 and, when known, the
    /// duration), exactly (not to the nearest key frame). Before the item is loaded the
    /// position is kept and used when it is; after the end the player is paused there.
    public func seek(to seconds: Double) {
        var target = seconds.isFinite ? max(seconds, 0) : 0
        if let duration { target = min(target, duration) }
        switch status {
        case .idle, .loading, .failed:
            pendingSeek = target
        case .ended:
            guard isPrerolled else { pendingSeek = target; return }
            setState(VITRINE_GST_STATE_PAUSED)
            seekPipeline(to: target)
            status = .paused
        case .paused, .playing, .stalled:
            seekPipeline(to: target)
        }
    }

    // MARK: Views

    /// Redraws `view` with each new frame (views are held weakly).
    func attach(_ view: VideoView) {
        views.removeAll { $0.view == nil || $0.view === view }
        views.append(WeakView(view: view))
    }

    /// Stops redrawing `view`.
    func detach(_ view: VideoView) {
        views.removeAll { $0.view == nil || $0.view === view }
    }

    // MARK: Loading

    private func load(_ index: Int) {
        unload()
        guard let pipeline, items.indices.contains(index) else { return }
        currentIndex = index
        let item = items[index]
        let uri: String
        switch item.location {
        case .stream(let url):
            uri = url
        case .file(let path):
            var error: UnsafeMutablePointer<GError>?
            guard let made = gst_filename_to_uri(path, &error) else {
                if let error { g_error_free(error) }
                fail(.fileNotFound(path: path))
                return
            }
            uri = String(cString: made)
            g_free(made)
        }
        guard applyAudioDevice() else { return }
        vitrine_gst_set_string(UnsafeMutableRawPointer(pipeline), "uri", uri)
        vitrine_gst_set_double(UnsafeMutableRawPointer(pipeline), "volume", volume)
        vitrine_gst_set_bool(UnsafeMutableRawPointer(pipeline), "mute", isMuted ? 1 : 0)
        status = .loading
        // Always PAUSED, and PLAYING from `.asyncDone` when playing is asked and nothing
        // buffers. Asked for PLAYING at once, GStreamer goes on to PLAYING by itself after the
        // preroll, on a thread of its own; a PAUSED set in between (a stream still buffering)
        // cancels that continuation but leaves the pipeline marked busy with an async change
        // that never completes, so every later PLAYING is only recorded as a target and the
        // stream stays paused after its data comes. A failure to change state is also posted
        // on the bus as an error, with its reason, which `drain()` reports.
        setState(VITRINE_GST_STATE_PAUSED)
    }

    /// Stops the pipeline (joining its threads) and forgets what the old item posted.
    private func unload() {
        if let pipeline { _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_NULL)) }
        generation = core.shared.withLock { shared in
            shared.generation &+= 1
            shared.events.removeAll(keepingCapacity: true)
            return shared.generation
        }
        isPrerolled = false
        isBuffering = false
        videoDecoder = nil
        lastPosition = 0
        missingPlugins.removeAll()
    }

    /// Gives playbin the audio sink `audioDevice` asks for, if it changed (only while the
    /// pipeline is stopped, as playbin requires: `load` calls it after `unload`). Returns
    /// false, having failed the item, when there is no alsasink.
    private func applyAudioDevice() -> Bool {
        guard let pipeline, audioDevice != appliedAudioDevice else { return true }
        var sink: UnsafeMutableRawPointer?
        if let audioDevice {
            guard let alsa = gst_element_factory_make("alsasink", Self.audioSinkName) else {
                fail(.missingPlugin(plugin: "ALSA audio output (alsasink)", package: "gstreamer1.0-alsa"))
                return false
            }
            vitrine_gst_set_string(UnsafeMutableRawPointer(alsa), "device", audioDevice)
            sink = UnsafeMutableRawPointer(alsa)
        }
        // playbin takes the floating reference; nil puts its automatic sink back.
        vitrine_gst_set_pointer(UnsafeMutableRawPointer(pipeline), "audio-sink", sink)
        appliedAudioDevice = audioDevice
        return true
    }

    /// Ranks `preferredDecoders` that are installed above GStreamer's primary rank (256), the
    /// first highest, so that playbin's autoplugging picks them first.
    private static func rankPreferredDecoders() {
        guard let registry = gst_registry_get() else { return }
        let top = 256 + 64 + preferredDecoders.count
        for (index, name) in preferredDecoders.enumerated() {
            guard let feature = gst_registry_lookup_feature(registry, name) else { continue }
            gst_plugin_feature_set_rank(feature, guint(top - index))
            gst_object_unref(UnsafeMutableRawPointer(feature))
        }
    }

    /// Holds the application's idle timer off while playing is asked and an item loads,
    /// plays or stalls, if `disablesIdleTimerWhilePlaying`; lets it go otherwise.
    private func updateIdleTimerHold() {
        var holds = false
        if disablesIdleTimerWhilePlaying, isPlayRequested {
            switch status {
            case .loading, .playing, .stalled: holds = true
            case .idle, .paused, .ended, .failed: holds = false
            }
        }
        if holds, idleTimerHolder == nil, let application = Application.currentIfAny {
            idleTimerHolder = application
            application.holdIdleTimer(true, for: self)
        } else if !holds, let application = idleTimerHolder {
            idleTimerHolder = nil
            application.holdIdleTimer(false, for: self)
        }
    }

    private func setState(_ state: Int) {
        guard let pipeline else { return }
        _ = gst_element_set_state(pipeline, gint(state))
    }

    private func seekPipeline(to seconds: Double) {
        guard let pipeline else { return }
        lastPosition = seconds
        _ = gst_element_seek(pipeline, rate, gint(VITRINE_GST_FORMAT_TIME),
                             gint(VITRINE_GST_SEEK_FLAG_FLUSH | VITRINE_GST_SEEK_FLAG_ACCURATE),
                             gint(VITRINE_GST_SEEK_TYPE_SET), gint64(seconds * 1e9), gint(VITRINE_GST_SEEK_TYPE_NONE), -1)
    }

    private func fail(_ error: VideoError) {
        let item = currentItem
        let wasPlayRequested = isPlayRequested
        unload()
        isPlayRequested = false
        status = .failed(error)
        consecutiveFailures += 1
        let failed = generation
        if let item { delegate?.videoPlayer(self, didFailWith: error, item: item) }
        // The delegate may have changed the queue or played, paused, sought: its word stands.
        guard skipsFailedItems, wasPlayRequested, failed == generation, case .failed = status, !isPlayRequested,
              items.count > 1, consecutiveFailures < items.count else { return }
        let next = currentIndex + 1 < items.count ? currentIndex + 1 : (isLooping ? 0 : nil)
        guard let next else { return }
        isPlayRequested = true
        load(next)
    }

    // MARK: The main actor's side of the hand-over

    /// Called by the main loop when the wake descriptor is readable: takes the newest frame
    /// and the queued bus events.
    private func drain() {
        core.clearWake()
        let generation = self.generation
        let taken: (frame: (index: Int, width: Int, height: Int, version: Int, address: Int)?, events: [(generation: UInt64, event: BusEvent)]) =
            core.shared.withLock { shared in
                shared.isSignalled = false
                var frame: (index: Int, width: Int, height: Int, version: Int, address: Int)?
                if shared.isFresh, shared.writing != shared.latest, shared.latest >= 0 {
                    shared.shown = shared.latest
                    shared.isFresh = false
                    let buffer = shared.buffers[shared.latest]
                    frame = (shared.latest, buffer.width, buffer.height, buffer.version, Int(bitPattern: buffer.pixels))
                }
                var events: [(generation: UInt64, event: BusEvent)] = []
                if !shared.events.isEmpty {
                    events = shared.events
                    shared.events.removeAll()
                }
                return (frame, events)
            }
        if let frame = taken.frame, let pixels = UnsafeMutableRawPointer(bitPattern: frame.address) {
            if surfaceVersions[frame.index] != frame.version || surfaces[frame.index] == nil {
                surfaces[frame.index] = Surface(wrapping: pixels, width: frame.width, height: frame.height,
                                                stride: frame.width * 4, format: .xrgb8888)
                surfaceVersions[frame.index] = frame.version
            }
            shownIndex = frame.index
            framesShown += 1
            // Each view puts the frame on its display plane, or marks itself for display.
            for entry in views { entry.view?.playerDidTakeFrame() }
        }
        for (posted, event) in taken.events {
            // An event of an item torn down since, or posted after a handler below moved on.
            guard posted == generation, posted == self.generation else { continue }
            handle(event)
        }
    }

    private func handle(_ event: BusEvent) {
        guard let item = currentItem else { return }
        switch event {
        case .asyncDone:
            guard !isPrerolled else { return }
            isPrerolled = true
            consecutiveFailures = 0
            if let pipeline, let name = vitrine_gst_video_decoder_name(pipeline) {
                videoDecoder = String(cString: name)
                g_free(name)
            }
            if let pendingSeek {
                self.pendingSeek = nil
                seekPipeline(to: pendingSeek)
            } else if rate != 1 {
                seekPipeline(to: 0)
            }
            if isPlayRequested, isBuffering {
                // Prerolled on what arrived, but a stream still fills its buffer: it waits
                // paused (as it loaded), and plays when buffering reaches 100 %.
                status = .stalled
            } else if isPlayRequested {
                setState(VITRINE_GST_STATE_PLAYING)
                status = .playing
            } else {
                status = .paused
            }
            delegate?.videoPlayer(self, isReadyToPlay: item)
        case .endOfStream:
            let wasCurrent = generation
            delegate?.videoPlayer(self, didPlayToEndOf: item)
            // The delegate may have changed the queue or stopped: then its word stands.
            guard wasCurrent == generation, case .playing = status else { return }
            if currentIndex + 1 < items.count {
                load(currentIndex + 1)
            } else if isLooping && items.count == 1 {
                // One item: round again without reloading it.
                seekPipeline(to: 0)
            } else if isLooping {
                load(0)
            } else {
                isPlayRequested = false
                status = .ended
            }
        case .error(let domain, let code, let message, let debug, let source):
            if source == Self.audioSinkName {
                fail(.audioDeviceUnavailable(device: audioDevice ?? "default", detail: message))
            } else {
                fail(videoError(for: item, domain: domain, code: code, message: message, debug: debug))
            }
        case .missingPlugin(let name, let detail):
            missingPlugins.append((name, detail))
        case .buffering(let percent):
            if percent < 100, !isBuffering {
                isBuffering = true
                if isPlayRequested, isPrerolled {
                    setState(VITRINE_GST_STATE_PAUSED)
                    status = .stalled
                }
                delegate?.videoPlayerDidStall(self)
            } else if percent >= 100, isBuffering {
                isBuffering = false
                if isPlayRequested, isPrerolled {
                    setState(VITRINE_GST_STATE_PLAYING)
                    status = .playing
                }
                delegate?.videoPlayerDidResume(self)
            }
        case .durationChanged:
            break
        }
    }

    private func videoError(for item: VideoItem, domain: UInt32, code: Int32, message: String, debug: String) -> VideoError {
        if let missing = missingPlugins.first {
            return .missingPlugin(plugin: missing.name, package: VideoError.package(forMissing: missing.detail))
        }
        let detail = message
        if domain == gst_resource_error_quark() {
            switch item.location {
            case .file(let path):
                if access(path, F_OK) != 0 { return .fileNotFound(path: path) }
                return .fileUnreadable(path: path, detail: detail)
            case .stream(let url):
                return .streamUnreachable(url: url, detail: detail)
            }
        }
        if domain == gst_stream_error_quark() {
            switch code {
            case gint(VITRINE_GST_STREAM_ERROR_TYPE_NOT_FOUND), gint(VITRINE_GST_STREAM_ERROR_WRONG_TYPE):
                return .unrecognizedFormat(item: item.description, detail: detail)
            case gint(VITRINE_GST_STREAM_ERROR_CODEC_NOT_FOUND):
                return .missingPlugin(plugin: "a decoder for \(item.description)", package: VideoError.package(forMissing: ""))
            case gint(VITRINE_GST_STREAM_ERROR_DECODE), gint(VITRINE_GST_STREAM_ERROR_DEMUX):
                return .decodeFailed(item: item.description, detail: detail)
            default:
                break
            }
        }
        if domain == gst_core_error_quark(), code == gint(VITRINE_GST_CORE_ERROR_MISSING_PLUGIN) {
            return .missingPlugin(plugin: "a plugin for \(item.description)", package: VideoError.package(forMissing: ""))
        }
        return .playbackFailed(detail: debug.isEmpty ? detail : "\(detail) (\(debug))")
    }
}

/// A view a player redraws, held weakly.
private struct WeakView {
    weak var view: VideoView?
}
