import Testing
import Vitrine
import VitrineHeadless
@testable import VitrineSpeech

/// The ALSA sink on alsa-lib's "null" PCM (a real PCM that discards), and without a device.
@MainActor
@Suite struct ALSAAudioSinkTests {
    @Test func missingDeviceIsATypedErrorThatSaysWhatToDo() {
        do {
            _ = try ALSAAudioSink(device: "hw:97,0", sampleRate: 22050, loop: ManualMainLoop())
            Issue.record("opened a card that does not exist")
        } catch {
            guard case .audioUnavailable(let device, _) = error else { Issue.record("\(error)"); return }
            #expect(device == "hw:97,0")
            #expect(error.description.contains("speech continues silently"))
        }
    }

    @Test func nullDeviceTakesSpeechAndLeavesNoWatchBehind() throws {
        let loop = ManualMainLoop()
        let sink = try ALSAAudioSink(device: "null", sampleRate: 22050, loop: loop)
        let synthesizer = try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on), sink: sink, scheduling: .inline)
        synthesizer.speak(SpeechUtterance("Welcome to the museum"))
        loop.runUntilIdle()
        #expect(loop.watchCount == 0)
        synthesizer.stopSpeaking()
        #expect(loop.watchCount == 0)
        sink.close()
        sink.close()
    }
}
