import Dispatch
import Logging
import Synchronization
import Vitrine

/// The `SpeechSynthesizer` of a kiosk: espeak-ng (`EspeakEngine`, synchronous mode) into an
/// `AudioSink`.
///
/// Where synthesis runs (`Scheduling`): on a kiosk, `.worker` — a serial Dispatch queue
/// synthesizes, and hands each ~100 ms chunk to the main actor through the main queue (which
/// the run loop drains), so a long text never blocks a frame; the queue's thread exists only
/// while there is something to say. Tests use `.inline`: `speak(_:)` synthesizes at once on the
/// main actor, so what was said is in the sink when it returns (a short label takes a few
/// milliseconds).
///
/// Voices: an utterance's `language` picks the voice ("fr-FR" → "fr", "en-US" → "en-us",
/// "zh-Hans" → "cmn"); without one, the text's script does (Cyrillic → "ru", Han → "cmn",
/// Arabic → "ar", Hebrew → "he", Latin → the configured voice). A voice espeak-ng lacks falls back to the configured one,
/// logged once per name.
///
/// Interrupting: `stopSpeaking()` bumps a generation that the worker checks after every chunk
/// (it stops synthesizing) and the main actor checks on every chunk it receives (it drops
/// stale ones), and tells the sink to drop what it holds.
@MainActor
public final class EspeakSynthesizer: SpeechSynthesizer {
    /// Where synthesis runs.
    public enum Scheduling: Sendable {
        /// On the main actor, inside `speak(_:)` (tests; a few milliseconds per label).
        case inline
        /// On a serial worker queue, chunks handed back through the main queue (kiosks).
        case worker
    }

    /// The sound output.
    public let sink: any AudioSink
    /// The rate, volume and fallback voice.
    public let configuration: SpeechConfiguration
    /// Where synthesis runs.
    public let scheduling: Scheduling
    /// espeak-ng's sample rate (Hz) of every sample written to the sink.
    public let sampleRate: Int
    /// Whether something is being spoken or waits to be.
    public var isSpeaking: Bool { pending > 0 }

    private let logger: Logger
    private let generation = Generation()
    private let queue = DispatchQueue(label: "vitrine.speech")
    private var pending = 0
    private var begun: Int?
    private var nextSerial = 0
    private var reportedVoices: Set<String> = []
    /// Called when the last queued utterance has been handed over (tests of `.worker`).
    var idleHandler: (() -> Void)?

    /// Starts espeak-ng and checks the configured voice. Throws `.engineUnavailable` without
    /// espeak-ng's data and `.unknownVoice` for a voice it lacks.
    public init(configuration: SpeechConfiguration, sink: any AudioSink, scheduling: Scheduling = .worker,
                logger: Logger = Logger(label: "vitrine.speech")) throws(SpeechError) {
        sampleRate = try EspeakEngine.shared.start()
        guard EspeakEngine.shared.hasVoice(configuration.voice) else {
            throw .unknownVoice(configuration.voice, message: "not in espeak-ng's voices")
        }
        self.configuration = configuration
        self.sink = sink
        self.scheduling = scheduling
        self.logger = logger
    }

    /// The espeak-ng voice for `utterance` (see the class's comment).
    public func voice(for utterance: SpeechUtterance) -> String {
        Self.voice(language: utterance.language, text: utterance.text, fallback: configuration.voice)
    }

    /// The espeak-ng voice for text in `language` (a BCP 47 tag), else by the script of `text`.
    nonisolated static func voice(language: String?, text: String, fallback: String) -> String {
        if let language, !language.isEmpty {
            let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
            let primary = parts.first.map(String.init) ?? ""
            if fallback.lowercased().split(separator: "-").first.map(String.init) == primary, parts.count == 1 {
                return fallback
            }
            switch primary {
            case "zh", "cmn": return "cmn"
            case "en": return parts.dropFirst().contains("us") ? "en-us" : "en"
            default: return primary
            }
        }
        switch TextScript.dominant(in: text) {
        case .cyrillic: return "ru"
        case .han: return "cmn"
        case .arabic: return "ar"
        case .hebrew: return "he"
        case .latin: return fallback
        }
    }

    /// Queues `utterance` (see `SpeechSynthesizer`). Text without a language that mixes
    /// scripts ("Welcome · Добро пожаловать · 欢迎") is said run by run, each in its voice.
    public func speak(_ utterance: SpeechUtterance) {
        let trimmed = utterance.text.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { return }
        let runs = utterance.language == nil ? TextScript.runs(in: trimmed) : [(trimmed[...], TextScript.latin)]
        var silence = Int(utterance.preUtteranceDelay * Double(sampleRate))
        for run in runs {
            let text = run.text.trimmingWhiteSpace()
            guard !text.isEmpty else { continue }
            let voice = utterance.language == nil ? voice(for: SpeechUtterance(text)) : voice(for: utterance)
            enqueue(Job(serial: nextSerial, generation: generation.value, spoken: SpokenUtterance(text: text, voice: voice),
                        silence: silence, fallback: configuration.voice, rate: configuration.espeakRate, volume: configuration.espeakVolume))
            silence = 0
        }
    }

    private func enqueue(_ job: Job) {
        nextSerial += 1
        pending += 1
        switch scheduling {
        case .inline:
            job.run(generation: generation, deliver: { self.receive($0, of: job) }, report: { self.report($0) })
            finish(job)
        case .worker:
            let generation = generation
            queue.async { [weak self] in
                job.run(generation: generation, deliver: { samples in
                    DispatchQueue.main.async { MainActor.assumeIsolated { self?.receive(samples, of: job) } }
                }, report: { message in
                    DispatchQueue.main.async { MainActor.assumeIsolated { self?.report(message) } }
                })
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.finish(job) } }
            }
        }
    }

    /// Stops at once (see `SpeechSynthesizer`).
    public func stopSpeaking() {
        guard pending > 0 || begun != nil else { return }
        generation.advance()
        pending = 0
        begun = nil
        sink.stop()
    }

    private func receive(_ samples: [Int16], of job: Job) {
        guard job.generation == generation.value else { return }
        if begun != job.serial {
            begun = job.serial
            sink.begin(job.spoken)
        }
        sink.write(samples)
    }

    private func finish(_ job: Job) {
        guard job.generation == generation.value, pending > 0 else { return }
        pending -= 1
        if pending == 0 { idleHandler?() }
    }

    private func report(_ message: String) {
        guard reportedVoices.insert(message).inserted else { return }
        logger.warning("\(message)")
    }
}

/// The interruption counter, shared by the main actor and the worker.
final class Generation: Sendable {
    private let counter = Atomic<Int>(0)
    var value: Int { counter.load(ordering: .acquiring) }
    func advance() { counter.add(1, ordering: .releasing) }
}

/// One utterance to synthesize: everything the worker needs, as values.
struct Job: Sendable {
    var serial: Int
    var generation: Int
    var spoken: SpokenUtterance
    var silence: Int
    var fallback: String
    var rate: Int
    var volume: Int

    /// Synthesizes, handing chunks to `deliver` until done or the generation moves on; a
    /// missing voice falls back to `fallback` and is reported.
    func run(generation current: Generation, deliver: @escaping ([Int16]) -> Void, report: (String) -> Void) {
        let mine = generation
        if silence > 0 { deliver([Int16](repeating: 0, count: silence)) }
        var voice = spoken.voice
        for _ in 0..<2 {
            do {
                try EspeakEngine.shared.synthesize(spoken.text, voice: voice, rate: rate, volume: volume,
                                                   deliver: { deliver(Array($0)) },
                                                   isCancelled: { current.value != mine })
                return
            } catch {
                if case .unknownVoice = error, voice != fallback {
                    report("\(error); speaking with \"\(fallback)\" instead")
                    voice = fallback
                    continue
                }
                report("\(error)")
                return
            }
        }
    }
}
