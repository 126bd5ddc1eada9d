// Kept below the speech module (VitrineSpeech) so that a profile can be read, and a request for
// speech refused with its line, by an app built without that optional part.

/// How a kiosk speaks: the board profile's `[accessibility]` section (`speech`, `rate`,
/// `voice`, `volume`, `device`), checked by the profile reader.
public struct SpeechConfiguration: Sendable, Hashable {
    /// When the screen reader speaks.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Never: no engine is loaded, no sound device opened, nothing wakes (the default).
        case off
        /// Always, from start.
        case on
        /// While headphones are plugged into the jack (its switch, SW_HEADPHONE_INSERT, read
        /// with libevdev): off until they are, and off again when they are pulled out.
        case onHeadphones = "on-headphones"
    }

    /// The words-per-minute range espeak-ng accepts (espeakRATE_MINIMUM…espeakRATE_MAXIMUM).
    public static let rateRange = 80...450

    /// `speech`: when to speak.
    public var mode: Mode
    /// `rate`: words per minute, in `rateRange` (default 175, espeak-ng's normal).
    public var rate: Int
    /// `voice`: the espeak-ng voice for Latin-script text without a language of its own
    /// ("en", "en-us", "fr", "de"…; default "en").
    public var voice: String
    /// `volume`: 0…1 (default 1), espeak-ng's amplitude 0…100.
    public var volume: Double
    /// `device`: the ALSA PCM to play on (default "default").
    public var device: String
    /// `jack`: the evdev node of the headphone jack's switch for `.onHeadphones`
    /// ("/dev/input/event5"); nil ("auto", the default): the first node with SW_HEADPHONE_INSERT.
    public var jack: String?

    /// A configuration; the defaults are speech off, 175 words per minute, English, full volume.
    public init(mode: Mode = .off, rate: Int = 175, voice: String = "en", volume: Double = 1, device: String = "default",
                jack: String? = nil) {
        self.mode = mode
        self.rate = rate
        self.voice = voice
        self.volume = volume
        self.device = device
        self.jack = jack
    }
}
