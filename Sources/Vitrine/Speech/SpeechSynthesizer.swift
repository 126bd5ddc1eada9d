/// One thing for a `SpeechSynthesizer` to say (AVFoundation's `AVSpeechUtterance`, reduced to
/// what a kiosk's screen reader needs).
public struct SpeechUtterance: Sendable, Hashable {
    /// The words, as shown (no markup).
    public var text: String
    /// The language of `text` as a BCP 47 tag ("fr-FR", "ru", "zh-Hans"), from the element's
    /// `accessibilityLanguage`; `nil`: the synthesizer chooses by the text's script (Latin →
    /// the configured voice, Cyrillic → Russian, Han → Mandarin).
    public var language: String?
    /// Seconds of silence before the words (`AVSpeechUtterance.preUtteranceDelay`): the pause
    /// before a hint. Finite and not negative; anything else is taken as 0.
    public var preUtteranceDelay: Double

    /// An utterance of `text`, in `language` (nil: by script), after `preUtteranceDelay` seconds.
    public init(_ text: String, language: String? = nil, preUtteranceDelay: Double = 0) {
        self.text = text
        self.language = language
        self.preUtteranceDelay = preUtteranceDelay.isFinite && preUtteranceDelay > 0 ? preUtteranceDelay : 0
    }
}

/// The seam between the screen reader and a speech engine (`EspeakSynthesizer` in
/// VitrineSpeech; tests use it with an in-memory audio sink).
///
/// Contract, all on the main actor:
/// - `speak(_:)` queues the utterance after those already queued; they are spoken in order,
///   each whole. It returns at once: it never waits for the words to be synthesized or heard.
/// - `stopSpeaking()` stops at once: the utterance being spoken is cut where it is, the queue is
///   dropped, and audio already handed to the device but not yet heard is dropped with it (the
///   screen reader calls it on every focus change, so the old element's words never trail the
///   new one's). Idempotent; the next `speak(_:)` starts afresh.
/// - `isSpeaking` is true from `speak(_:)` until the last queued utterance has been handed to
///   the sound output (or `stopSpeaking()`).
/// - A failure (a voice missing, no sound device) is logged by the implementation and survived:
///   speech goes on silently, never a trap.
///
/// Differs from UIKit: AVSpeechSynthesizer's `stopSpeaking(at:)` takes a boundary; here it is
/// always `.immediate`, which is what VoiceOver does on a focus change.
@MainActor
public protocol SpeechSynthesizer: AnyObject {
    /// Queues `utterance` to be spoken after those already queued.
    func speak(_ utterance: SpeechUtterance)
    /// Stops at once and drops the queue (see the protocol's contract).
    func stopSpeaking()
    /// Whether something is being spoken or waits to be.
    var isSpeaking: Bool { get }
}
