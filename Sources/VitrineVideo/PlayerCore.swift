import CGStreamer
import CVitrineShims
import Glibc
import Synchronization

/// What the GStreamer bus said, copied out of the message on the thread that posted it.
enum BusEvent: Sendable {
    case endOfStream
    /// An error; `source` is the name of the element that posted it.
    case error(domain: UInt32, code: Int32, message: String, debug: String, source: String)
    case buffering(percent: Int32)
    case asyncDone
    case durationChanged
    /// playbin's "missing-plugin" element message: what is missing, in GStreamer's words, and
    /// its caps or URI scheme.
    case missingPlugin(name: String, detail: String)
}

/// One of the two frame buffers: BGRx pixels (Vitrine's XRGB8888 on a little-endian CPU),
/// `width * 4` bytes a row. Reallocated only when a frame of another size arrives.
struct FrameBuffer {
    var pixels: UnsafeMutableRawPointer?
    var capacity = 0
    var width = 0
    var height = 0
    /// Bumped when `pixels` changes, so the main actor rebuilds its surface over it.
    var version = 0
}

/// What the main actor and GStreamer's threads share, under `PlayerCore.shared`.
struct PlayerShared: ~Copyable {
    var buffers = [FrameBuffer(), FrameBuffer()]
    /// The buffer the main actor shows (never written by a streaming thread), or -1.
    var shown = -1
    /// The buffer holding the newest frame, or -1.
    var latest = -1
    /// The buffer a streaming thread is copying into, or -1.
    var writing = -1
    /// Whether `latest` holds a frame the main actor has not taken.
    var isFresh = false
    /// Whether the wake descriptor was written since the main actor last drained.
    var isSignalled = false
    /// Bus events not yet handed to the main actor, each with the generation it was posted in.
    var events: [(generation: UInt64, event: BusEvent)] = []
    /// Bumped by the main actor when it tears the pipeline down for another item: events
    /// posted before are the old item's, and dropped.
    var generation: UInt64 = 0
    /// Frames copied so far (tests; wraps).
    var framesCopied = 0

    deinit {
        for buffer in buffers { buffer.pixels?.deallocate() }
    }
}

/// The player's state shared with GStreamer's streaming and bus threads, and the C callbacks
/// those threads call. Retained by the appsink and the bus (released through their destroy
/// notifications) as well as by the player, so it outlives every callback.
final class PlayerCore: Sendable {
    let shared = Mutex(PlayerShared())
    /// An eventfd, readable when a frame or a bus event waits for the main actor.
    let wake: Int32

    init() throws(VideoError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw .playbackFailed(detail: "eventfd failed (errno \(errno)): the process is out of descriptors") }
        wake = fd
    }

    deinit {
        _ = Glibc.close(wake)
    }

    /// Makes `wake` readable. Any thread; one write(2), never blocks.
    func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(wake, &one, 8)
    }

    /// Clears `wake`. The main actor only.
    func clearWake() {
        var count: UInt64 = 0
        _ = Glibc.read(wake, &count, 8)
    }

    /// Queues `event` for the main actor and wakes it (a bus thread, or the main thread when
    /// GStreamer posts synchronously from a state change).
    func post(_ event: BusEvent) {
        let needsSignal = shared.withLock { shared in
            shared.events.append((shared.generation, event))
            defer { shared.isSignalled = true }
            return !shared.isSignalled
        }
        if needsSignal { signal() }
    }

    /// Copies a decoded sample into the buffer the main actor is not showing and publishes it
    /// as the newest frame (a streaming thread). The copy is made outside the lock, so the main
    /// actor never waits for it.
    func receive(_ sample: OpaquePointer) {
        guard let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0),
              let buffer = gst_sample_get_buffer(sample) else { return }
        var width: Int32 = 0, height: Int32 = 0
        guard gst_structure_get_int(structure, "width", &width) != 0, gst_structure_get_int(structure, "height", &height) != 0,
              width > 0, height > 0 else { return }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, guint(VITRINE_GST_MAP_READ)) != 0 else { return }
        defer { gst_buffer_unmap(buffer, &map) }
        let w = Int(width), h = Int(height), rowBytes = w * 4
        // videoconvert's rows are 4-byte aligned, so BGRx rows are exactly width * 4 bytes;
        // a larger buffer means padded rows, spread evenly.
        let sourceStride = max(rowBytes, Int(map.size) / h)
        guard let source = map.data, Int(map.size) >= sourceStride * (h - 1) + rowBytes else { return }
        let target: (index: Int, pixels: UnsafeMutableRawPointer) = shared.withLock { shared in
            let index = shared.shown == 0 ? 1 : 0
            shared.writing = index
            if shared.buffers[index].capacity < rowBytes * h {
                shared.buffers[index].pixels?.deallocate()
                shared.buffers[index].pixels = .allocate(byteCount: rowBytes * h, alignment: 64)
                shared.buffers[index].capacity = rowBytes * h
                shared.buffers[index].version += 1
            }
            if shared.buffers[index].width != w || shared.buffers[index].height != h {
                shared.buffers[index].width = w
                shared.buffers[index].height = h
                shared.buffers[index].version += 1
            }
            return (index, shared.buffers[index].pixels!)
        }
        if sourceStride == rowBytes {
            target.pixels.copyMemory(from: source, byteCount: rowBytes * h)
        } else {
            for row in 0..<h {
                (target.pixels + row * rowBytes).copyMemory(from: source + row * sourceStride, byteCount: rowBytes)
            }
        }
        let needsSignal = shared.withLock { shared in
            shared.writing = -1
            shared.latest = target.index
            shared.isFresh = true
            shared.framesCopied &+= 1
            defer { shared.isSignalled = true }
            return !shared.isSignalled
        }
        if needsSignal { signal() }
    }

    /// Reads what matters from a bus message (on the thread that posted it) and queues it.
    func handle(_ message: UnsafeMutablePointer<GstMessage>, pipeline: OpaquePointer?) {
        let type = message.pointee.type
        switch type {
        case guint(VITRINE_GST_MESSAGE_EOS.rawValue):
            post(.endOfStream)
        case guint(VITRINE_GST_MESSAGE_ERROR.rawValue):
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &error, &debug)
            let text = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
            let detail = debug.map { String(cString: $0) } ?? ""
            var source = ""
            if let element = message.pointee.src, let name = gst_object_get_name(element) {
                source = String(cString: name)
                g_free(name)
            }
            post(.error(domain: error?.pointee.domain ?? 0, code: error?.pointee.code ?? 0, message: text, debug: detail,
                        source: source))
            if let error { g_error_free(error) }
            g_free(debug)
        case guint(VITRINE_GST_MESSAGE_BUFFERING.rawValue):
            var percent: Int32 = 100
            gst_message_parse_buffering(message, &percent)
            post(.buffering(percent: percent))
        case guint(VITRINE_GST_MESSAGE_ASYNC_DONE.rawValue):
            // The pipeline's own: it prerolled (after a load or a flushing seek).
            if let source = message.pointee.src, source == pipeline { post(.asyncDone) }
        case guint(VITRINE_GST_MESSAGE_DURATION_CHANGED.rawValue):
            post(.durationChanged)
        case guint(VITRINE_GST_MESSAGE_ELEMENT.rawValue):
            guard let structure = gst_message_get_structure(message), let name = gst_structure_get_name(structure),
                  String(cString: name) == "missing-plugin" else { return }
            let description = gst_structure_get_string(structure, "name").map { String(cString: $0) } ?? "a plugin"
            var detail = ""
            if let value = gst_structure_get_value(structure, "detail"), let text = gst_value_serialize(value) {
                detail = String(cString: text)
                g_free(text)
            }
            post(.missingPlugin(name: description, detail: detail))
        default:
            break
        }
    }
}

/// The bus's sync handler: runs on whichever thread posts a message, queues what the player
/// needs and drops the message (no bus watch, no GLib main loop, nothing polls). A handler
/// that answers DROP owns the message and must unref it (GstBusSyncHandler's contract): a
/// message keeps its source, the pipeline among them, so one left alive kept the whole
/// pipeline, its threads and its descriptors after the player was gone.
let busSyncHandler: GstBusSyncHandler = { _, message, data in
    guard let message else { return gint(VITRINE_GST_BUS_DROP) }
    defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
    guard let data else { return gint(VITRINE_GST_BUS_DROP) }
    let context = Unmanaged<BusContext>.fromOpaque(data).takeUnretainedValue()
    context.core.handle(message, pipeline: context.pipeline)
    return gint(VITRINE_GST_BUS_DROP)
}

/// The appsink's new-sample callback: takes the sample on the streaming thread that decoded
/// and converted it.
let newSampleCallback: @convention(c) (OpaquePointer?, gpointer?) -> gint = { sink, data in
    guard let sink, let data, let sample = gst_app_sink_pull_sample(sink) else { return gint(VITRINE_GST_FLOW_OK.rawValue) }
    Unmanaged<PlayerCore>.fromOpaque(data).takeUnretainedValue().receive(sample)
    gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
    return gint(VITRINE_GST_FLOW_OK.rawValue)
}

/// The appsink's new-preroll callback: a frame shown while paused (after a load or a seek).
let newPrerollCallback: @convention(c) (OpaquePointer?, gpointer?) -> gint = { sink, data in
    guard let sink, let data, let sample = gst_app_sink_pull_preroll(sink) else { return gint(VITRINE_GST_FLOW_OK.rawValue) }
    Unmanaged<PlayerCore>.fromOpaque(data).takeUnretainedValue().receive(sample)
    gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
    return gint(VITRINE_GST_FLOW_OK.rawValue)
}

/// Releases the retained object a GStreamer callback registration held.
let releaseCore: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// What the bus handler needs: the core, and the pipeline to tell its own messages by.
final class BusContext: @unchecked Sendable {
    // Immutable after init; the pipeline pointer is only compared, never dereferenced.
    let core: PlayerCore
    let pipeline: OpaquePointer?

    init(core: PlayerCore, pipeline: OpaquePointer?) {
        self.core = core
        self.pipeline = pipeline
    }
}

/// GStreamer, started once per process: nil, or why it could not start.
let gstreamerStartFailure: String? = {
    var error: UnsafeMutablePointer<GError>?
    guard gst_init_check(nil, nil, &error) != 0 else {
        let text = error?.pointee.message.map { String(cString: $0) } ?? "gst_init failed"
        if let error { g_error_free(error) }
        return text
    }
    return nil
}()
