import Logging
import Vitrine

/// Speech turned on and off as `[accessibility] speech` says: the one owner of the
/// synthesizer, its sound output and the headphone jack.
///
/// - `.off`: `start()` does nothing — no espeak-ng, no sound device, no descriptor, no wake-up.
/// - `.on`: `start()` makes the synthesizer (espeak-ng on a worker queue) and opens the ALSA PCM.
/// - `.onHeadphones`: `start()` opens the jack (`HeadphoneJack`); speech is on while headphones
///   are in, made when they go in and released (engine stopped, PCM closed) when they come out.
///   A jack plugged in after start (a USB headset) is adopted through `headphoneJackKind()`;
///   the jack unplugged counts as headphones out.
///
/// Without a sound device (a VM, CI) the failure is logged once — "no sound device … speech
/// continues silently" — and speech goes to a `SilentAudioSink`: everything else works.
/// Without espeak-ng's data, or with a voice it lacks, speech stays off, logged with the remedy.
/// Each change is one log line ("speech: on …", "speech: off …") that the kernel ring reads.
@MainActor
public final class SpeechService {
    /// The profile's section.
    public let configuration: SpeechConfiguration
    /// The synthesizer while speech is on; nil while off.
    public private(set) var synthesizer: EspeakSynthesizer?
    /// The headphone jack, with `.onHeadphones` once started (nil when none was found).
    public private(set) var jack: HeadphoneJack?
    /// Called with the synthesizer when speech turns on, and with nil when it turns off: where
    /// the screen reader is attached and detached.
    public var synthesizerDidChange: (@MainActor (EspeakSynthesizer?) -> Void)?
    /// Whether speech is on.
    public var isOn: Bool { synthesizer != nil }
    /// The application read aloud (`start(reading:)`): while speech is on, a `ScreenReader` on
    /// it is installed (its accessibility observer and touch interceptor).
    public private(set) weak var application: Application?
    /// The screen reader while speech is on and there is an application; nil otherwise.
    public private(set) var screenReader: ScreenReader?

    let loop: any MainLoop
    let logger: Logger
    private let scheduling: EspeakSynthesizer.Scheduling
    private let makeSink: @MainActor (_ sampleRate: Int) -> Result<any AudioSink, SpeechError>
    private var sink: (any AudioSink)?
    /// Whether `start` ran (a jack plugged in later is adopted only then).
    private(set) var started = false

    /// A service for `configuration` on `loop`. `makeSink` opens the sound output for a sample
    /// rate (default: ALSA on `configuration.device`); tests give an in-memory sink and
    /// `.inline` scheduling.
    public init(configuration: SpeechConfiguration, loop: any MainLoop,
                logger: Logger = Logger(label: "vitrine.speech"),
                scheduling: EspeakSynthesizer.Scheduling = .worker,
                makeSink: (@MainActor (_ sampleRate: Int) -> Result<any AudioSink, SpeechError>)? = nil) {
        self.configuration = configuration
        self.loop = loop
        self.logger = logger
        self.scheduling = scheduling
        self.makeSink = makeSink ?? { [configuration, loop, logger] rate in
            do throws(SpeechError) {
                return .success(try ALSAAudioSink(device: configuration.device, sampleRate: rate, loop: loop, logger: logger))
            } catch {
                return .failure(error)
            }
        }
    }

    isolated deinit {
        stop()
    }

    /// Starts what the mode asks for (see the class's comment), reading `application` aloud
    /// with a `ScreenReader` while speech is on (nil: speech only, for an app's own use);
    /// idempotent.
    public func start(reading application: Application? = nil) {
        start(reading: application, jack: { HeadphoneJack.open(path: configuration.jack, loop: loop, logger: logger) })
    }

    /// `start(reading:)` with the jack made by `openJack` (tests give one on a fake node).
    package func start(reading application: Application? = nil, jack openJack: () -> HeadphoneJack?) {
        guard !started else { return }
        started = true
        self.application = application
        switch configuration.mode {
        case .off:
            return
        case .on:
            turnOn(because: "speech = \"on\"")
        case .onHeadphones:
            // None found: one plugged in later is adopted (`headphoneJackKind`).
            guard let jack = openJack() else { return }
            adopt(jack, because: "headphones in at start")
        }
    }

    /// Makes `jack` the one speech follows: on now when headphones are in (`reason`), then on
    /// and off with its switch.
    func adopt(_ jack: HeadphoneJack, because reason: String) {
        self.jack = jack
        jack.onChange = { [weak self] plugged in
            if plugged {
                self?.turnOn(because: "headphones plugged in")
            } else {
                self?.turnOff(because: "headphones pulled out")
            }
        }
        if jack.isPlugged {
            turnOn(because: reason)
        } else {
            logger.info("speech: off until headphones are plugged into \(jack.path) (\(jack.name))")
        }
    }

    /// The jack went away with its device (a USB headset unplugged): it is closed and
    /// forgotten, and speech is off as with headphones pulled out.
    func dropJack(because reason: String) {
        jack?.close()
        jack = nil
        turnOff(because: reason)
    }

    /// Turns speech off and closes the jack (no jack plugged in later is adopted until `start`
    /// again); idempotent. Called by the board at shutdown.
    public func stop() {
        turnOff(because: nil)
        jack?.close()
        jack = nil
        started = false
    }

    private func turnOn(because reason: String) {
        guard synthesizer == nil else { return }
        let rate: Int
        do throws(SpeechError) {
            rate = try EspeakEngine.shared.start()
        } catch {
            logger.error("speech: stays off — \(error)")
            return
        }
        let output: any AudioSink
        switch makeSink(rate) {
        case .success(let opened):
            output = opened
        case .failure(let error):
            logger.error("speech: \(error)")
            output = SilentAudioSink(logger: logger)
        }
        do throws(SpeechError) {
            synthesizer = try EspeakSynthesizer(configuration: configuration, sink: output, scheduling: scheduling, logger: logger)
        } catch {
            logger.error("speech: stays off — \(error)")
            (output as? ALSAAudioSink)?.close()
            return
        }
        sink = output
        if let application, let synthesizer {
            let reader = ScreenReader(synthesizer: synthesizer, application: application)
            screenReader = reader
            reader.install()
        }
        logger.notice("speech: on — \(reason) (voice \(configuration.voice), \(configuration.espeakRate) words per minute, volume \(configuration.espeakVolume)%)")
        synthesizerDidChange?(synthesizer)
    }

    private func turnOff(because reason: String?) {
        guard let synthesizer else { return }
        screenReader?.uninstall()
        screenReader = nil
        synthesizer.stopSpeaking()
        self.synthesizer = nil
        (sink as? ALSAAudioSink)?.close()
        sink = nil
        if let reason { logger.notice("speech: off — \(reason)") }
        synthesizerDidChange?(nil)
    }
}
