#if Speech
import Vitrine
import VitrineSpeech

extension BoardPlatform {
    /// Starts the profile's `[accessibility]` speech on `application` unless it is off (then
    /// nothing is made: no engine, no sound device, no wake-up). With `"on-headphones"` the
    /// headphone jack is watched and speech follows it. Failures (no sound device, no jack, no
    /// espeak-ng data) are logged with what to do, and the kiosk runs on.
    func startSpeech(on application: Application) {
        guard profile.speech.mode != .off, speech == nil else { return }
        let service = SpeechService(configuration: profile.speech, loop: application.mainLoop, logger: logger)
        speech = service
        service.start(reading: application)
    }
}
#endif
