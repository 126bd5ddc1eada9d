import Testing
import Vitrine
@testable import VitrineSpeech

/// The texts that aborted layout (issue 35) and their kin, through what the screen reader does
/// with text: the script runs that choose voices, and espeak-ng itself. Nothing may trap, the
/// runs must cover the text exactly, and each utterance must finish.
@MainActor
@Suite struct SpeechHostileTextTests {
    nonisolated static let texts = [
        "Kiosk שָׁלוֹם مرحبا بكم 欢迎光临 안녕하세요 👨‍👩‍👧‍👦 👩🏽‍💻 🇩🇪🇯🇵🇺🇦 \u{202E}override\u{202C} \u{2067}isolate\u{2069} "
            + "\u{2066}ltr\u{2069} \u{2068}Добро\u{2069} \u{200F}rlm\u{200E}lrm",
        "a\u{0}b\u{FFFE}c\u{FFFF}d\u{10FFFF}e" + String(Unicode.Scalar(0xFDD0 as UInt32)!) + "\u{E000}\u{F0000}f\u{1}\u{1B}\u{7F}\u{80}\u{85}\u{9F}g"
            + String(decoding: [0x68, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x98, 0x69, 0xFF], as: UTF8.self),
        "e" + String(repeating: "\u{301}", count: 10_000),
        String(repeating: "\u{202E}\u{2067}", count: 500) + "Выход 出口",
        "\u{0}", "\u{FFFF}", "\u{1F1E9}",
    ]

    // By index: the texts themselves would put NULs and controls into the test log.
    @Test(arguments: texts.indices)
    func scriptRunsCoverTheText(index: Int) {
        let text = Self.texts[index]
        let runs = TextScript.runs(in: text)
        #expect(!runs.isEmpty)
        #expect(runs.map { String($0.text) }.joined().unicodeScalars.elementsEqual(text.unicodeScalars))
        _ = TextScript.dominant(in: text)
    }

    @Test(arguments: texts.indices)
    func espeakSaysItToTheEnd(index: Int) throws {
        let text = Self.texts[index]
        let sink = InMemoryAudioSink()
        let speech = try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on), sink: sink, scheduling: .inline)
        speech.speak(SpeechUtterance(text))
        speech.speak(SpeechUtterance(text, language: "fr"))
        #expect(sink.records.allSatisfy { !$0.interrupted })
        // Text with letters is heard (a NUL cuts what espeak-ng reads, not what comes before it).
        if text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
            #expect(sink.records.contains { $0.loudSampleCount > 100 })
        }
    }
}
