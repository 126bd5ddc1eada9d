import Logging

/// An utterance as the synthesizer hands it to the sound output: the words and the espeak-ng
/// voice chosen for them.
public struct SpokenUtterance: Sendable, Hashable {
    /// The words.
    public var text: String
    /// The espeak-ng voice that says them ("en", "ru", "cmn"…).
    public var voice: String

    /// An utterance of `text` in `voice`.
    public init(text: String, voice: String) {
        self.text = text
        self.voice = voice
    }
}

/// Where synthesized speech goes: the sound device (`ALSAAudioSink`), nowhere
/// (`SilentAudioSink`), or memory for tests (`InMemoryAudioSink`).
///
/// Contract, on the main actor: `begin(_:)` before the samples of each utterance, then
/// `write(_:)` with its 16-bit mono samples at `EspeakEngine`'s sample rate, in order; `stop()`
/// drops whatever was written and not yet heard, at once (a focus change). `write` never
/// blocks: a sink buffers and plays as the device takes it.
@MainActor
public protocol AudioSink: AnyObject {
    /// The next samples belong to `utterance`.
    func begin(_ utterance: SpokenUtterance)
    /// Samples to play after those written before.
    func write(_ samples: [Int16])
    /// Drops everything not yet played. Idempotent.
    func stop()
}

/// A sink that plays nothing: where speech goes when there is no sound device. With a logger,
/// it logs what would have been said (info), so that a kiosk without sound still shows in its
/// journal that the reader works.
@MainActor
public final class SilentAudioSink: AudioSink {
    private let logger: Logger?

    /// A silent sink, logging each utterance to `logger` when given.
    public init(logger: Logger? = nil) {
        self.logger = logger
    }

    /// Logs the utterance (with a logger).
    public func begin(_ utterance: SpokenUtterance) {
        logger?.info("speech (no sound): \"\(utterance.text)\" [\(utterance.voice)]")
    }
    /// Ignored.
    public func write(_ samples: [Int16]) {}
    /// Nothing to stop.
    public func stop() {}
}

/// A sink that keeps what it was given: what tests assert (the words, their order and voice,
/// that sound came out, and where speech was interrupted).
@MainActor
public final class InMemoryAudioSink: AudioSink {
    /// One utterance as received.
    public struct Record: Sendable, Hashable {
        /// The words and voice.
        public var utterance: SpokenUtterance
        /// How many samples came for it.
        public var sampleCount = 0
        /// How many of them are loud (|sample| > 1000): words, not the silence of a pause.
        public var loudSampleCount = 0
        /// How many samples came before the first loud one (the pause before a hint).
        public var leadingSilence = 0
        /// Whether `stop()` came while (or after) it was playing, before the next utterance.
        public var interrupted = false
    }

    /// Every utterance begun, in order.
    public private(set) var records: [Record] = []
    /// How many times `stop()` was called.
    public private(set) var stopCount = 0

    /// An empty sink.
    public init() {}

    /// The texts spoken, in order.
    public var texts: [String] { records.map(\.utterance.text) }

    /// Forgets what was recorded.
    public func clear() {
        records.removeAll()
        stopCount = 0
    }

    /// Starts a record.
    public func begin(_ utterance: SpokenUtterance) {
        records.append(Record(utterance: utterance))
    }

    /// Counts the samples into the last record.
    public func write(_ samples: [Int16]) {
        guard !records.isEmpty else { return }
        let index = records.count - 1
        for sample in samples {
            if abs(Int(sample)) > 1000 {
                records[index].loudSampleCount += 1
            } else if records[index].loudSampleCount == 0 {
                records[index].leadingSilence += 1
            }
        }
        records[index].sampleCount += samples.count
    }

    /// Marks the last record interrupted.
    public func stop() {
        stopCount += 1
        if !records.isEmpty { records[records.count - 1].interrupted = true }
    }
}
