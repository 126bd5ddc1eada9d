import Testing
import Vitrine
@testable import VitrineSpeech

/// The synthesizer on real espeak-ng (synchronous mode) into an in-memory sink.
@MainActor
@Suite struct EspeakSynthesizerTests {
    let sink = InMemoryAudioSink()

    func synthesizer(_ configuration: SpeechConfiguration = SpeechConfiguration(mode: .on),
                     scheduling: EspeakSynthesizer.Scheduling = .inline) throws -> EspeakSynthesizer {
        try EspeakSynthesizer(configuration: configuration, sink: sink, scheduling: scheduling)
    }

    @Test func speaksInOrderWithSound() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("Check in"))
        speech.speak(SpeechUtterance("button"))
        #expect(sink.texts == ["Check in", "button"])
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 500 && !$0.interrupted })
        #expect(!speech.isSpeaking)
    }

    @Test func voiceFollowsLanguageThenScript() throws {
        let speech = try synthesizer(SpeechConfiguration(mode: .on, voice: "en-us"))
        speech.speak(SpeechUtterance("Départ", language: "fr-FR"))
        speech.speak(SpeechUtterance("Выход"))
        speech.speak(SpeechUtterance("出口"))
        speech.speak(SpeechUtterance("Exit"))
        speech.speak(SpeechUtterance("Lift", language: "en-GB"))
        speech.speak(SpeechUtterance("Elevator", language: "en"))
        #expect(sink.records.map(\.utterance.voice) == ["fr", "ru", "cmn", "en-us", "en", "en-us"])
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 200 })
    }

    @Test func arabicAndHebrewTextIsSaidInItsVoice() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("المغادرة"))
        speech.speak(SpeechUtterance("יציאה"))
        speech.speak(SpeechUtterance("Gate 4 · البوابة ٤"))
        #expect(sink.records.map(\.utterance.voice) == ["ar", "he", "en", "ar"])
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 200 })
        #expect(TextScript.of(language: "ar-EG") == .arabic && TextScript.of(language: "he") == .hebrew)
        #expect(TextScript.of(language: "sr-Latn") == .latin && TextScript.of(language: "sr") == .cyrillic)
        #expect(TextScript.of(language: "zh-Hant-TW") == .han && TextScript.of(language: "de-CH") == .latin)
    }

    @Test func mixedScriptsAreSaidRunByRunInTheirVoices() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("Welcome · Добро пожаловать · 欢迎", preUtteranceDelay: 0.2))
        #expect(sink.texts == ["Welcome ·", "Добро пожаловать ·", "欢迎"])
        #expect(sink.records.map(\.utterance.voice) == ["en", "ru", "cmn"])
        #expect(sink.records[0].leadingSilence >= speech.sampleRate / 5)
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 200 })
        speech.speak(SpeechUtterance("Bienvenue · Добро", language: "fr"))
        #expect(sink.texts.last == "Bienvenue · Добро", "a language given is the language of the whole text")
    }

    @Test func unknownLanguageFallsBackToTheProfileVoice() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("Hello", language: "xx-YY"))
        #expect(sink.texts == ["Hello"])
        #expect(sink.records[0].loudSampleCount > 200)
    }

    @Test func unknownProfileVoiceIsRefused() {
        #expect(throws: SpeechError.unknownVoice("no-such-voice", message: "not in espeak-ng's voices")) {
            try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on, voice: "no-such-voice"), sink: InMemoryAudioSink())
        }
    }

    @Test func pauseComesBeforeTheWords() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("Double tap to activate", preUtteranceDelay: 0.5))
        #expect(sink.records[0].leadingSilence >= speech.sampleRate / 2)
        speech.speak(SpeechUtterance("Now"))
        #expect(sink.records[1].leadingSilence < speech.sampleRate / 2)
    }

    @Test func volumeScalesTheSamples() throws {
        let loud = try synthesizer(SpeechConfiguration(mode: .on, volume: 1))
        loud.speak(SpeechUtterance("Volume"))
        let quietSink = InMemoryAudioSink()
        let quiet = try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on, volume: 0.1), sink: quietSink, scheduling: .inline)
        quiet.speak(SpeechUtterance("Volume"))
        #expect(quietSink.records[0].loudSampleCount * 4 < sink.records[0].loudSampleCount)
    }

    @Test func emptyTextSaysNothing() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("  "))
        #expect(sink.records.isEmpty)
        speech.stopSpeaking()
        #expect(sink.stopCount == 0)
    }

    @Test func stopInterruptsAtOnce() throws {
        let speech = try synthesizer()
        speech.speak(SpeechUtterance("First"))
        speech.stopSpeaking()
        speech.speak(SpeechUtterance("Second"))
        #expect(sink.records.map(\.interrupted) == [true, false])
        #expect(sink.stopCount == 1)
    }

    /// On the worker, a stop drops the chunks still on their way, and what is queued after it
    /// is spoken whole.
    @Test func workerHandsChunksToTheMainActorAndStops() async throws {
        let speech = try synthesizer(scheduling: .worker)
        speech.speak(SpeechUtterance("one two three four five six seven eight nine ten eleven twelve"))
        speech.stopSpeaking()
        #expect(!speech.isSpeaking)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            speech.idleHandler = { done.resume() }
            speech.speak(SpeechUtterance("Settings"))
        }
        #expect(sink.texts.last == "Settings")
        #expect(sink.records.last?.loudSampleCount ?? 0 > 500)
        // The long text was cut short: whatever of it arrived before the stop is all there is.
        let first = sink.records.first { $0.utterance.text.hasPrefix("one") }
        #expect((first?.sampleCount ?? 0) < speech.sampleRate * 3)
    }
}
