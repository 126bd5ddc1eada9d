import CGStreamer
import Foundation
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineVideo

/// How a test clip is encoded.
enum ClipEncoding {
    /// VP8 in WebM (plugins-good): lossy, small.
    case vp8
    /// Uncompressed 24-bit BGR in AVI: every pixel exactly videotestsrc's, for goldens.
    case raw
}

/// Makes a clip of `frames` frames of videotestsrc's `pattern` at `rate` frames a second into
/// `directory`, with GStreamer itself; returns its path. With `audio`, a 440 Hz Vorbis tone as
/// long as the video is muxed in (WebM only).
func makeClip(in directory: TemporaryDirectory, name: String? = nil, frames: Int = 10, rate: Int = 30,
              pattern: String = "smpte", width: Int = 320, height: Int = 240,
              encoding: ClipEncoding = .vp8, audio: Bool = false) throws -> String {
    _ = gst_init_check(nil, nil, nil)
    let path = directory.path + "/" + (name ?? (encoding == .raw ? "clip.avi" : "clip.webm"))
    let source = "videotestsrc num-buffers=\(frames) pattern=\(pattern)"
    var description: String
    switch encoding {
    case .vp8:
        description = source + " ! video/x-raw,width=\(width),height=\(height),framerate=\(rate)/1"
            + " ! vp8enc deadline=1 ! webmmux name=mux ! filesink location=\(path)"
        if audio {
            // 44.1 kHz in buffers of 1,470 samples: 30 buffers a second, as long as the video.
            let buffers = (frames * 30 + rate - 1) / rate
            description += " audiotestsrc num-buffers=\(buffers) samplesperbuffer=1470 ! audio/x-raw,rate=44100"
                + " ! audioconvert ! vorbisenc ! mux."
        }
    case .raw:
        description = source + " ! video/x-raw,format=BGR,width=\(width),height=\(height),framerate=\(rate)/1"
            + " ! avimux ! filesink location=\(path)"
    }
    var error: UnsafeMutablePointer<GError>?
    guard let pipeline = gst_parse_launch(description, &error) else {
        let text = error?.pointee.message.map { String(cString: $0) } ?? "?"
        throw ClipError(detail: "gst_parse_launch: \(text) — install gstreamer1.0-plugins-good")
    }
    defer {
        _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_NULL))
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }
    _ = gst_element_set_state(pipeline, gint(VITRINE_GST_STATE_PLAYING))
    let bus = gst_element_get_bus(pipeline)
    defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
    // Blocks until the end or an error (ten seconds at most): no polling.
    let types = guint(VITRINE_GST_MESSAGE_EOS.rawValue | VITRINE_GST_MESSAGE_ERROR.rawValue)
    guard let message = gst_bus_timed_pop_filtered(bus, 10_000_000_000, types) else {
        throw ClipError(detail: "the clip pipeline did not finish in ten seconds")
    }
    let type = message.pointee.type
    gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self))
    guard type == guint(VITRINE_GST_MESSAGE_EOS.rawValue) else { throw ClipError(detail: "the clip pipeline failed") }
    return path
}

struct ClipError: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
}

/// Seconds on the monotonic clock (deadlines for waiting on GStreamer's real threads).
func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Open file descriptors of this process.
func openDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { count += 1 }
    }
    return count - 1 // the directory's own
}

/// Records what a player tells its delegate, in order.
@MainActor
final class Recorder: VideoPlayerDelegate {
    var log: [String] = []
    var errors: [VideoError] = []
    var ends: Int { log.filter { $0.hasPrefix("end") }.count }
    var readies: Int { log.filter { $0.hasPrefix("ready") }.count }

    func videoPlayer(_ player: VideoPlayer, isReadyToPlay item: VideoItem) { log.append("ready \(name(item))") }
    func videoPlayer(_ player: VideoPlayer, didPlayToEndOf item: VideoItem) { log.append("end \(name(item))") }
    func videoPlayerDidStall(_ player: VideoPlayer) { log.append("stall") }
    func videoPlayerDidResume(_ player: VideoPlayer) { log.append("resume") }
    func videoPlayer(_ player: VideoPlayer, didFailWith error: VideoError, item: VideoItem) {
        log.append("fail \(name(item))")
        errors.append(error)
    }

    private func name(_ item: VideoItem) -> String {
        String(item.description.split(separator: "/").last ?? "")
    }
}

/// A headless app with a player on its manual loop, and the way to wait for the player's
/// real threads: block in poll(2) on the player's wake descriptor (never sleeping for a
/// time), then run the turn a real loop would run when it became readable.
@MainActor
final class VideoHarness {
    let platform: HeadlessPlatform
    let app: Application
    let window: Window
    let player: VideoPlayer
    let recorder = Recorder()
    let directory: TemporaryDirectory

    var loop: ManualMainLoop { platform.manualMainLoop }
    var display: VirtualDisplay { platform.virtualDisplay }

    init(width: Int = 400, height: Int = 300, rotation: ScreenRotation = .none) throws {
        platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), rotation: rotation)
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        platform.manualMainLoop.runUntilIdle()
        player = try VideoPlayer(mainLoop: platform.manualMainLoop)
        player.delegate = recorder
        directory = try TemporaryDirectory(prefix: "vitrine-video")
    }

    /// Runs the turn the wake descriptor's readiness brings, and what follows it.
    func turn(_ player: VideoPlayer? = nil) {
        let fd = (player ?? self.player).wakeDescriptor
        loop.setReadiness(.readable, of: fd)
        loop.runTurn()
        loop.setReadiness([], of: fd)
        loop.runUntilIdle()
    }

    /// Waits (up to `timeout` seconds of real time) for `condition`, running a turn each time
    /// the player wakes the loop. Returns whether it came true.
    @discardableResult
    func wait(on other: VideoPlayer? = nil, timeout: Double = 15, until condition: () -> Bool) -> Bool {
        let player = other ?? self.player
        let deadline = monotonicNow() + timeout
        loop.runUntilIdle()
        while !condition() {
            let left = deadline - monotonicNow()
            if left <= 0 { return false }
            var ready = pollfd(fd: player.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(left * 1000) + 1) > 0 { turn(player) }
        }
        return true
    }

    /// Lets every pending flip land, so the display shows the last commit.
    func settle() {
        loop.wakeUp()
        loop.runUntilIdle()
        while display.isFlipPending || app.hasPendingCommit {
            loop.advance(by: 1.5 * display.refreshPeriod)
        }
    }
}

extension VideoPlayer.Status {
    var isEnded: Bool { if case .ended = self { true } else { false } }
    var isFailed: Bool { if case .failed = self { true } else { false } }
}

/// The folder of this test target's reference images: Tests/VitrineVideoTests/Goldens.
private func goldensFolder(_ filePath: String = #filePath) -> String {
    // #filePath is .../Tests/VitrineVideoTests/Support.swift.
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Goldens"
}

/// Expects `surface` to equal the reference `Goldens/<name>.png` exactly;
/// `VITRINE_RECORD_GOLDENS=1` records it instead.
func expectGolden(_ surface: Surface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Golden.compare(surface, toReference: goldensFolder() + "/\(name).png")
    #expect(result.passed, Comment(rawValue: result.message), sourceLocation: sourceLocation)
}

/// Resident memory of this process in bytes (the second field of /proc/self/statm, in pages).
func residentBytes() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 128)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return -1 }
    let fields = String(decoding: bytes[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// An HTTP server on the loopback that serves one file: the first `servedFirst` bytes at once,
/// the rest only after `release()`. A stream that stalls, for GStreamer's real souphttpsrc.
/// Each connection is served on a thread of its own; `stop()` ends them all.
final class StallingServer: @unchecked Sendable {
    // Set in init; the descriptors are closed only by stop().
    let port: UInt16
    private let listener: Int32
    private let gate: (read: Int32, write: Int32)
    private let bytes: [UInt8]
    private let servedFirst: Int

    init(file path: String, servedFirst fraction: Double) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ClipError(detail: "cannot open \(path)") }
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            content += chunk[0..<count]
        }
        close(fd)
        bytes = content
        servedFirst = Int(Double(content.count) * fraction)
        var pipe = [Int32](repeating: -1, count: 2)
        guard Glibc.pipe(&pipe) == 0 else { throw ClipError(detail: "pipe failed") }
        gate = (pipe[0], pipe[1])
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = listening
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socket in
                bind(listening, socket, length) == 0 && listen(listening, 4) == 0 && getsockname(listening, socket, &length) == 0
            }
        }
        guard bound else { throw ClipError(detail: "cannot listen on the loopback") }
        port = UInt16(bigEndian: address.sin_port)
        let server = self
        Thread.detachNewThread { server.acceptLoop() }
    }

    /// Lets every connection send the rest of the file.
    func release() {
        var byte: UInt8 = 1
        _ = write(gate.write, &byte, 1)
    }

    /// Stops accepting and releases whatever waits.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        release()
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let server = self
            Thread.detachNewThread { server.serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        // The request, up to its blank line.
        var request: [UInt8] = []
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 {
            request.append(byte)
            if request.suffix(4) == [13, 10, 13, 10] { break }
        }
        let header = "HTTP/1.1 200 OK\r\nContent-Type: video/webm\r\nContent-Length: \(bytes.count)\r\nAccept-Ranges: none\r\nConnection: close\r\n\r\n"
        guard send(Array(header.utf8)[...], to: connection), send(bytes[0..<servedFirst], to: connection) else { return }
        // Stalled until released (the gate's byte stays for the next connection too).
        var ready = pollfd(fd: gate.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 30_000)
        _ = send(bytes[servedFirst...], to: connection)
    }

    private func send(_ slice: ArraySlice<UInt8>, to connection: Int32) -> Bool {
        slice.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
