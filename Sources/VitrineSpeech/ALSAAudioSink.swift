import CALSA
import Glibc
import Logging
import Vitrine

/// Speech out through ALSA: a non-blocking PCM (16-bit mono at espeak-ng's rate) fed from the
/// run loop.
///
/// `write(_:)` appends to a queue and writes what the device takes at once; while samples wait,
/// the PCM's poll descriptors are watched on the run loop (`MainLoop.watch`), and each time the
/// device is writable (`snd_pcm_poll_descriptors_revents` says POLLOUT) the next part is
/// written. `snd_pcm_writei` on a non-blocking PCM returns -EAGAIN rather than wait, so a frame
/// never waits on the sound card. When the queue is empty the watches are cancelled: an idle
/// kiosk gets no wake-ups from the sound device. An underrun (-EPIPE) or suspend (-ESTRPIPE) is
/// recovered with `snd_pcm_recover`; any other write error is logged once and the queued
/// speech dropped.
@MainActor
public final class ALSAAudioSink: AudioSink {
    /// The ALSA device name ("default", "hw:0,0", "plughw:1").
    public let device: String
    private var pcm: OpaquePointer?
    private let loop: any MainLoop
    private let logger: Logger
    private var queued: [Int16] = []
    private var head = 0
    private var watches: [DescriptorWatch] = []
    private var pollDescriptors: [pollfd] = []
    private var reportedFailure = false

    /// Opens `device` for playback at `sampleRate` Hz, mono, 16-bit, non-blocking, with about
    /// 200 ms of device buffer. Throws `.audioUnavailable` with ALSA's message (no card, busy,
    /// permission).
    public init(device: String = "default", sampleRate: Int, loop: any MainLoop,
                logger: Logger = Logger(label: "vitrine.speech")) throws(SpeechError) {
        vitrine_alsa_silence_errors()
        var opened: OpaquePointer?
        var status = snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let opened else {
            throw .audioUnavailable(device: device, message: String(cString: snd_strerror(status)))
        }
        status = snd_pcm_set_params(opened, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                                    1, UInt32(sampleRate), 1, 200_000)
        guard status >= 0 else {
            snd_pcm_close(opened)
            throw .audioUnavailable(device: device, message: String(cString: snd_strerror(status)))
        }
        self.device = device
        self.pcm = opened
        self.loop = loop
        self.logger = logger
    }

    isolated deinit {
        close()
    }

    /// Nothing to do per utterance: samples follow each other.
    public func begin(_ utterance: SpokenUtterance) {}

    /// Queues `samples` and writes what the device takes now.
    public func write(_ samples: [Int16]) {
        guard pcm != nil else { return }
        queued.append(contentsOf: samples)
        pump()
    }

    /// Drops queued samples and what the device holds (`snd_pcm_drop`), and readies the PCM
    /// for the next utterance.
    public func stop() {
        queued.removeAll(keepingCapacity: true)
        head = 0
        stopWatching()
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    /// Stops and closes the PCM; idempotent. Watches first, then the device (reverse order).
    public func close() {
        stopWatching()
        guard let pcm else { return }
        snd_pcm_close(pcm)
        self.pcm = nil
    }

    /// Writes from the queue until it is empty or the device is full; watches while samples wait.
    private func pump() {
        guard let pcm else { return }
        while head < queued.count {
            let written = queued.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress! + head, snd_pcm_uframes_t(buffer.count - head))
            }
            if written >= 0 {
                head += Int(written)
                continue
            }
            if written == -Int(EAGAIN) { break }
            let recovered = snd_pcm_recover(pcm, Int32(written), 1)
            if recovered < 0 {
                fail(Int32(written))
                return
            }
        }
        if head >= queued.count {
            queued.removeAll(keepingCapacity: true)
            head = 0
            stopWatching()
        } else {
            if head > 1 << 16 {
                queued.removeFirst(head)
                head = 0
            }
            startWatching()
        }
    }

    private func startWatching() {
        guard watches.isEmpty, let pcm else { return }
        let count = Int(snd_pcm_poll_descriptors_count(pcm))
        guard count > 0 else { return }
        pollDescriptors = [pollfd](repeating: pollfd(), count: count)
        let filled = Int(snd_pcm_poll_descriptors(pcm, &pollDescriptors, UInt32(count)))
        pollDescriptors.removeLast(count - max(0, min(filled, count)))
        for index in pollDescriptors.indices {
            let entry = pollDescriptors[index]
            var events: DescriptorEvents = []
            if entry.events & Int16(POLLIN) != 0 { events.insert(.readable) }
            if entry.events & Int16(POLLOUT) != 0 { events.insert(.writable) }
            do {
                let watch = try loop.watch(entry.fd, events: events) { [weak self] ready in
                    self?.descriptorReady(index: index, ready)
                }
                watches.append(watch)
            } catch {
                logger.error("speech: cannot watch the sound device \(device): \(error); dropping the queued speech")
                stopWatching()
                queued.removeAll(keepingCapacity: true)
                head = 0
                return
            }
        }
    }

    private func stopWatching() {
        for watch in watches { watch.cancel() }
        watches.removeAll(keepingCapacity: true)
    }

    /// ALSA's plugins may watch other descriptors than the card's (a timer for dmix): ask
    /// ALSA what readiness means before writing.
    private func descriptorReady(index: Int, _ ready: DescriptorEvents) {
        guard let pcm, index < pollDescriptors.count else { return }
        for other in pollDescriptors.indices { pollDescriptors[other].revents = 0 }
        var revents: Int16 = 0
        if ready.contains(.readable) { revents |= Int16(POLLIN) }
        if ready.contains(.writable) { revents |= Int16(POLLOUT) }
        if !ready.isDisjoint(with: .terminal) { revents |= Int16(POLLERR) }
        pollDescriptors[index].revents = revents
        var result: UInt16 = 0
        snd_pcm_poll_descriptors_revents(pcm, &pollDescriptors, UInt32(pollDescriptors.count), &result)
        if result & UInt16(POLLERR) != 0 || !ready.isDisjoint(with: .terminal) {
            // The watch ends after an error; recover through a write, and watch afresh.
            watches.removeAll { !$0.isActive }
            if !watches.isEmpty { stopWatching() }
        }
        if result & UInt16(POLLOUT | POLLERR) != 0 || watches.isEmpty { pump() }
    }

    private func fail(_ status: Int32) {
        if !reportedFailure {
            reportedFailure = true
            logger.error("speech: the sound device \(device) failed: \(String(cString: snd_strerror(status))); dropping the queued speech")
        }
        queued.removeAll(keepingCapacity: true)
        head = 0
        stopWatching()
    }
}
