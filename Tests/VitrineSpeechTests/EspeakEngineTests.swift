import Testing
@testable import VitrineSpeech

/// espeak-ng itself, in memory: the voices the kiosk needs exist and make sound.
@Suite struct EspeakEngineTests {
    @Test(arguments: ["en", "en-us", "fr", "ru", "cmn"])
    func voiceMakesSamples(voice: String) throws {
        var count = 0
        var loud = 0
        let rate = try EspeakEngine.shared.start()
        #expect(rate == 22050)
        let finished = try EspeakEngine.shared.synthesize("123", voice: voice, rate: 175, volume: 100, deliver: { chunk in
            count += chunk.count
            loud += chunk.filter { abs(Int($0)) > 1000 }.count
        })
        #expect(finished)
        #expect(count > 22050 / 10)
        #expect(loud > 100)
    }

    @Test func unknownVoiceIsATypedError() {
        #expect(!EspeakEngine.shared.hasVoice("no-such-voice"))
        #expect(throws: SpeechError.self) {
            try EspeakEngine.shared.synthesize("x", voice: "no-such-voice", rate: 175, volume: 100, deliver: { _ in })
        }
    }

    @Test func fasterRateMakesFewerSamples() throws {
        func samples(_ rate: Int) throws -> Int {
            var count = 0
            try EspeakEngine.shared.synthesize("The quick brown fox jumps over the lazy dog", voice: "en", rate: rate, volume: 100, deliver: { count += $0.count })
            return count
        }
        let fast = try samples(350), slow = try samples(100)
        #expect(fast * 3 < slow * 2)
    }

    @Test func cancellingStopsEarly() throws {
        var chunks = 0
        let finished = try EspeakEngine.shared.synthesize("one two three four five six seven eight nine ten", voice: "en", rate: 175, volume: 100,
                                                          deliver: { _ in chunks += 1 }, isCancelled: { chunks >= 2 })
        #expect(!finished)
        #expect(chunks == 2)
    }
}
