import CEspeakNG
import Synchronization

/// espeak-ng in its synchronous mode: text in, 16-bit mono samples out, in memory
/// (`espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS)`; nothing is played by espeak-ng).
///
/// espeak-ng keeps one state per process, so this is one shared engine behind a lock: one
/// synthesis at a time, from any thread (the synthesizer's worker, or a test on the main
/// actor). It is initialized on first use only — a kiosk with speech off never loads it.
public final class EspeakEngine: Sendable {
    /// The engine of this process.
    public static let shared = EspeakEngine()

    /// One synthesis: what the callback hands samples to and asks whether to stop.
    final class Run {
        let deliver: (UnsafeBufferPointer<Int16>) -> Void
        let isCancelled: () -> Bool
        init(deliver: @escaping (UnsafeBufferPointer<Int16>) -> Void, isCancelled: @escaping () -> Bool) {
            self.deliver = deliver
            self.isCancelled = isCancelled
        }
    }

    private struct State {
        var sampleRate = 0
        var failure: SpeechError?
        var voice = ""
        var rate = 0
        var volume = -1
    }
    private let state = Mutex(State())

    private init() {}

    /// Milliseconds of audio per callback: how often a cancellation is noticed and how big a
    /// chunk handed on is.
    static let chunkMilliseconds: Int32 = 100

    /// Starts espeak-ng if it is not started (idempotent) and returns its sample rate (22050 Hz
    /// with the Debian voices). Throws `.engineUnavailable` when its data is missing.
    public func start() throws(SpeechError) -> Int {
        try state.withLock { (state) throws(SpeechError) -> Int in try Self.start(&state) }
    }

    private static func start(_ state: inout State) throws(SpeechError) -> Int {
        if state.sampleRate > 0 { return state.sampleRate }
        if let failure = state.failure { throw failure }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        var status = espeak_ng_Initialize(&context)
        if status == ENS_OK {
            status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, chunkMilliseconds, nil)
        }
        espeak_ng_ClearErrorContext(&context)
        guard status == ENS_OK else {
            let failure = SpeechError.engineUnavailable(message(status))
            state.failure = failure
            throw failure
        }
        espeak_SetSynthCallback(synthCallback)
        state.sampleRate = Int(espeak_ng_GetSampleRate())
        return state.sampleRate
    }

    /// Whether espeak-ng has a voice `name` (a language such as "fr", "en-us", "cmn").
    public func hasVoice(_ name: String) -> Bool {
        do {
            try state.withLock { (state) throws(SpeechError) -> Void in
                _ = try Self.start(&state)
                try Self.select(&state, voice: name)
            }
            return true
        } catch {
            return false
        }
    }

    /// Synthesizes `text` with `voice` at `rate` words per minute (80…450) and `volume` (0…200,
    /// 100 normal), handing the samples to `deliver` in chunks of about 100 ms as they are made
    /// and stopping early when `isCancelled` says so. Blocks the calling thread until done; the
    /// engine's lock is held meanwhile. Returns whether it ran to the end.
    @discardableResult
    public func synthesize(_ text: String, voice: String, rate: Int, volume: Int,
                           deliver: @escaping (UnsafeBufferPointer<Int16>) -> Void,
                           isCancelled: @escaping () -> Bool = { false }) throws(SpeechError) -> Bool {
        try state.withLock { (state) throws(SpeechError) -> Bool in
            _ = try Self.start(&state)
            try Self.select(&state, voice: voice)
            if state.rate != rate {
                _ = espeak_ng_SetParameter(espeakRATE, Int32(rate), 0)
                state.rate = rate
            }
            if state.volume != volume {
                _ = espeak_ng_SetParameter(espeakVOLUME, Int32(volume), 0)
                state.volume = volume
            }
            let run = Run(deliver: deliver, isCancelled: isCancelled)
            let status = withExtendedLifetime(run) {
                text.withCString { bytes in
                    espeak_ng_Synthesize(bytes, text.utf8.count + 1, 0, POS_CHARACTER, 0,
                                         UInt32(espeakCHARS_UTF8), nil, Unmanaged.passUnretained(run).toOpaque())
                }
            }
            // A callback returning 1 ends the synthesis with ENS_SPEECH_STOPPED: a cancellation, not a failure.
            guard status == ENS_OK || status == ENS_SPEECH_STOPPED else { throw .synthesisFailed(Self.message(status)) }
            return !isCancelled()
        }
    }

    private static func select(_ state: inout State, voice: String) throws(SpeechError) {
        guard state.voice != voice else { return }
        let status = espeak_ng_SetVoiceByName(voice)
        guard status == ENS_OK else { throw .unknownVoice(voice, message: message(status)) }
        state.voice = voice
    }

    private static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// espeak-ng's callback in synchronous mode: called on the synthesizing thread with the next
/// chunk of samples and the events of that chunk, whose `user_data` is the current `Run`.
/// Returning 1 aborts the synthesis.
private func synthCallback(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int32,
                           _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let user = events?.pointee.user_data else { return 0 }
    let run = Unmanaged<EspeakEngine.Run>.fromOpaque(user).takeUnretainedValue()
    if let samples, count > 0 {
        run.deliver(UnsafeBufferPointer(start: samples, count: Int(count)))
    }
    return run.isCancelled() ? 1 : 0
}
