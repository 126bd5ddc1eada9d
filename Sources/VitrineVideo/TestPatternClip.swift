import CGStreamer
import Glibc

extension VideoItem {
    /// A picture GStreamer's `videotestsrc` draws.
    public enum TestPattern: String, Sendable, CaseIterable {
        /// SMPTE colour bars: checks colours and the picture's edges.
        case smpte
        /// A white ball moving over black: checks motion is smooth (frames paced, none lost).
        case ball
        /// A turning pinwheel.
        case pinwheel
        /// Every colour of the 24-bit cube, in a gradient.
        case colors
    }

    /// Writes a clip of `pattern`, `seconds` long (0.1…600) at 30 frames a second and
    /// `width` × `height` pixels (16…3840 × 16…2160), as VP8 in WebM, to `path` (replaced if it
    /// exists), and returns the item that plays it. Made with GStreamer itself
    /// (`videotestsrc`, `vp8enc`, `webmmux` from gstreamer1.0-plugins-good), blocking until the
    /// file is complete: a few hundred milliseconds for seconds of a small picture. For a
    /// board's first check that video plays (`vitrine` tools, the demo's video screen), with
    /// nothing to ship. Throws `VideoError.missingPlugin` without the encoder, and
    /// `VideoError.playbackFailed` naming the path when it cannot be written.
    public static func writeTestPattern(_ pattern: TestPattern, seconds: Double, width: Int = 640, height: Int = 360,
                                        to path: String) throws(VideoError) -> VideoItem {
        if let failure = gstreamerStartFailure { throw .gstreamerUnavailable(detail: failure) }
        let frames = Int((min(max(seconds.isFinite ? seconds : 1, 0.1), 600) * 30).rounded())
        let width = min(max(width, 16), 3840) & ~1, height = min(max(height, 16), 2160) & ~1
        let description = "videotestsrc num-buffers=\(frames) pattern=\(pattern.rawValue)"
            + " ! video/x-raw,width=\(width),height=\(height),framerate=30/1"
            + " ! vp8enc deadline=1 ! webmmux ! filesink name=vitrine-clip-file"
        var error: UnsafeMutablePointer<GError>?
        guard let pipeline = gst_parse_launch(description, &error) else {
            let text = error?.pointee.message.map { String(cString: $0) } ?? "gst_parse_launch failed"
            if let error { g_error_free(error) }
            throw .missingPlugin(plugin: "the VP8 encoder or WebM muxer (\(text))", package: "gstreamer1.0-plugins-good")
        }
        if let error { g_error_free(error) }
        defer {
            _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_NULL))
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        // The location is a property, not part of the description: any path is taken as is.
        if let sink = gst_bin_get_by_name(pipeline, "vitrine-clip-file") {
            vitrine_gst_set_string(UnsafeMutableRawPointer(sink), "location", path)
            gst_object_unref(UnsafeMutableRawPointer(sink))
        }
        _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_PLAYING))
        guard let bus = gst_element_get_bus(pipeline) else { throw .playbackFailed(detail: "the clip pipeline has no bus") }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        // Blocks until the end or an error; a minute at most, whatever happens.
        let types = guint(VITRINE_GST_MESSAGE_EOS.rawValue | VITRINE_GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, 60_000_000_000, types) else {
            throw .playbackFailed(detail: "writing the test clip \(path) took more than a minute")
        }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
        guard message.pointee.type == guint(VITRINE_GST_MESSAGE_EOS.rawValue) else {
            var failure: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &failure, &debug)
            let text = failure?.pointee.message.map { String(cString: $0) } ?? "unknown error"
            if let failure { g_error_free(failure) }
            g_free(debug)
            throw .playbackFailed(detail: "cannot write the test clip \(path) (\(text)) — check its folder exists and the app's user may write there")
        }
        return VideoItem(path: path)
    }
}
