import Vitrine
import VitrineSpeech

/// The desktop window's platform with speech: `vitrine-demo --window --speech on` (or a profile
/// whose `[accessibility] speech` is on) reads the demo aloud on a laptop, through ALSA's
/// default device (PulseAudio or PipeWire there). On the panel, `BoardPlatform` does this itself.
@MainActor
final class SpeakingPlatform: Platform {
    let base: any Platform
    let speech: SpeechService

    init(_ base: any Platform, configuration: SpeechConfiguration) {
        self.base = base
        speech = SpeechService(configuration: configuration, loop: base.mainLoop)
    }

    var mainLoop: any MainLoop { base.mainLoop }
    var display: (any Display)? { base.display }
    var screenScale: Double { base.screenScale }
    var touchCapacity: Int { base.touchCapacity }
    var inputSources: [any InputSource] { base.inputSources }

    func configure(_ application: Application) {
        base.configure(application)
        speech.start(reading: application)
    }

    func shutdown() {
        speech.stop()
        base.shutdown()
    }
}
