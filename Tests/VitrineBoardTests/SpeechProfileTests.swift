import Testing
import Vitrine
@testable import VitrineBoard
#if Speech
import VitrineSpeech
#endif

/// `[accessibility]`: speech mode, rate, voice, volume, device and jack, and their errors.
@Suite struct SpeechProfileTests {
    @Test func speechIsReadAndOffByDefault() throws {
        let speech = try profile("""
            [accessibility]
            speech = "on-headphones"
            rate = 220
            voice = "en-us"
            volume = 0.5
            device = "plughw:1"
            jack = "/dev/input/event7"
            """).speech
        #expect(speech == SpeechConfiguration(mode: .onHeadphones, rate: 220, voice: "en-us", volume: 0.5,
                                              device: "plughw:1", jack: "/dev/input/event7"))
        #expect(try profile("").speech == SpeechConfiguration())
        #expect(try profile("").speech.mode == .off)
        #expect(try profile("[accessibility]\nspeech = \"on\"\nvolume = 1\njack = \"auto\"\n").speech
                == SpeechConfiguration(mode: .on, volume: 1))
    }

    @Test func badValuesAreErrorsOnTheirLine() throws {
        let mode = try #require(profileError("[accessibility]\n\nspeech = \"loud\"\n"))
        #expect(mode.description == "boards/test.toml:3: [accessibility] speech = \"loud\": must be one of \"off\", \"on\", \"on-headphones\"")
        let rate = try #require(profileError("[accessibility]\nrate = 1000\n"))
        #expect(rate.line == 2)
        #expect(rate.description.contains("must be a whole number from 80 to 450"))
        let fraction = try #require(profileError("[accessibility]\nrate = 175.5\n"))
        #expect(fraction.line == 2)
        let volume = try #require(profileError("[accessibility]\nvolume = 1.5\n"))
        #expect(volume.description.contains("must be a number from 0 to 1"))
        let voice = try #require(profileError("[accessibility]\nvoice = \"en us\"\n"))
        #expect(voice.description.contains("espeak-ng voice"))
        let jack = try #require(profileError("[accessibility]\njack = \"event5\"\n"))
        #expect(jack.description.contains("/dev/input/event5"))
        let typo = try #require(profileError("[accessibility]\nspeed = 200\n"))
        #expect(typo.kind == .unknownKey(allowed: ["speech", "rate", "voice", "volume", "device", "jack"], suggestion: "speech"))
    }
}

#if Speech
/// The board starts speech only when the profile asks for it (with the Speech part built).
@MainActor
@Suite struct BoardSpeechTests {
    @Test func speechOffMakesNothingAndOnInstallsTheReader() throws {
        let quiet = try BoardPlatform(profile: .virtual, notifier: nil)
        defer { quiet.shutdown() }
        let app = Application(platform: quiet)
        #expect(quiet.speech == nil)
        #expect(app.accessibilityObserver == nil && app.touchInterceptor == nil)

        var profile = BoardProfile.virtual
        profile.speech.mode = .on
        profile.speech.device = "null"   // alsa-lib's discarding PCM: no sound card needed
        let speaking = try BoardPlatform(profile: profile, notifier: nil)
        let reading = Application(platform: speaking)
        #expect(speaking.speech?.isOn == true)
        #expect(reading.accessibilityObserver === speaking.speech?.screenReader)
        speaking.shutdown()
        #expect(speaking.speech?.isOn == false)
        #expect(reading.accessibilityObserver == nil && reading.touchInterceptor == nil)
    }
}
#endif
