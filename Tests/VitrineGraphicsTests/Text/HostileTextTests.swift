import Testing
import VitrineGraphics

/// The texts of issue 35 ("Nothing from outside stops the kiosk"), each of which aborted the
/// process inside libunibreak's `set_linebreaks` before the text was made valid for the C
/// libraries (`TextScalars`), and what a text holding controls and noncharacters is shown as.
enum HostileTexts {
    /// Latin, Arabic, Hebrew, CJK, Hangul, emoji ZWJ sequences and flags with bidi overrides and
    /// isolates. The flags (regional indicators) tripped libunibreak 1.1's `lbcNew <= LBP_JT`.
    static let mixedScripts = "Kiosk שָׁלוֹם مرحبا بكم 欢迎光临 안녕하세요 👨‍👩‍👧‍👦 👩🏽‍💻 🇩🇪🇯🇵🇺🇦 "
        + "\u{202E}override\u{202C} \u{202B}embed עברית\u{202C} \u{2067}isolate\u{2069} \u{2066}ltr\u{2069} "
        + "\u{2068}first strong\u{2069} \u{200F}rlm\u{200E}lrm"
    /// Noncharacters, controls, private use and a decoded invalid UTF-8 sequence. U+FFFF is
    /// libunibreak 1.1's end-of-text mark: it tripped `posLast == posCur - 1`.
    static let controlsAndNoncharacters = "a\u{0}b\u{FFFE}c\u{FFFF}d\u{10FFFF}e" + String(Unicode.Scalar(0xFDD0 as UInt32)!) + "\u{E000}\u{F8FF}\u{F0000}\u{10FFFD}f"
        + "\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1C}\u{1F}\u{7F}\u{80}\u{85}\u{9F}g\u{1FFFF}\u{FFFFF}"
        // A C string's bytes that are not UTF-8 (a lone continuation byte, an overlong form, a
        // surrogate's encoding, a cut 4-byte sequence), decoded as a source of text would.
        + String(decoding: [0x68, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x98, 0x69, 0xFF], as: UTF8.self)
    static let all = [mixedScripts, controlsAndNoncharacters]
}

@MainActor
@Suite struct HostileTextTests {
    static let modes: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail,
                                         .byTruncatingHead, .byTruncatingMiddle]

    // By index: the texts themselves would put NULs and controls into the test log.
    @Test(arguments: HostileTexts.all.indices)
    func theReportedTextsLayOutAndDraw(index: Int) {
        let text = HostileTexts.all[index]
        for width in [nil, 0, 40, 120, 400] as [Double?] {
            for mode in Self.modes {
                let limit = width == nil ? 0 : 2
                let layout = TextLayout(text: text, font: body, width: width, numberOfLines: limit, lineBreakMode: mode)
                let setting = "\(mode) at width \(String(describing: width))"
                #expect(LayoutCheck.problem(in: layout, of: text, limit: limit) == nil, "\(setting)")
                #expect(LayoutCheck.drawingProblem(of: layout) == nil, "\(setting)")
                let surface = Surface(width: 420, height: 120)
                layout.draw(in: surface, at: Point(x: 4, y: 4), scale: 1, color: .black)
                #expect(inkBounds(of: surface, background: .clear) != nil, "\(setting): nothing drawn")
            }
        }
    }

    @Test func aFlagBreaksLikeAnIdeographAndStaysWhole() {
        // Each flag is two regional indicators: one grapheme, never split by a wrap, but a line
        // may break between two flags (UAX #14, LB30a) and around them.
        let flags = String(repeating: "🇩🇪", count: 12)
        let layout = TextLayout(text: flags, font: body, width: 60)
        #expect(layout.lines.count > 1)
        let scalars = Array(flags.unicodeScalars)
        for line in layout.lines.dropLast() {
            let end = flags.unicodeScalars.distance(from: flags.unicodeScalars.startIndex, to: line.range.upperBound)
            #expect(end % 2 == 0, "a line ends inside a flag")
            #expect(scalars[end] == "\u{1F1E9}")
        }
    }

    @Test func aNoncharacterIsShownAsTheReplacementCharacter() {
        // U+FFFF, U+FFFE, U+FDD0, U+10FFFF: drawn as U+FFFD, so they take its width.
        let replacement = advance(of: "x\u{FFFD}x")
        for noncharacter in ["\u{FFFF}", "\u{FFFE}", String(Unicode.Scalar(0xFDD0 as UInt32)!), "\u{10FFFF}", "\u{1FFFE}"] {
            let layout = TextLayout(text: "x" + noncharacter + "x", font: body)
            #expect(abs(layout.size.width - replacement) < 0.01, "\(noncharacter.unicodeScalars.first!.value)")
            #expect(layout.lines[0].displayedText == "x\u{FFFD}x")
        }
    }

    @Test func aControlIsShownAsNothing() {
        // C0 and C1 controls that do not end a line take no width and draw no ink.
        let plain = advance(of: "ab")
        for value in [0x00, 0x01, 0x08, 0x1B, 0x1C, 0x1F, 0x7F, 0x80, 0x9F] as [UInt32] {
            let text = "a" + String(Unicode.Scalar(value)!) + "b"
            #expect(abs(advance(of: text) - plain) < 0.01, "U+\(String(value, radix: 16))")
            let layout = TextLayout(text: String(Unicode.Scalar(value)!), font: body)
            let surface = Surface(width: 40, height: 40)
            layout.draw(in: surface, at: Point(x: 4, y: 4), scale: 1, color: .black)
            #expect(inkBounds(of: surface, background: .clear) == nil, "U+\(String(value, radix: 16)) inked")
            #expect(layout.lines.count == 1)
        }
    }

    @Test func lineEndsStillEndLines() {
        // LF, VT, FF, CR, CR LF, NEL, LS, PS end a paragraph; none is drawn.
        for end in ["\n", "\u{B}", "\u{C}", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            let layout = TextLayout(text: "ab" + end + "cd", font: body)
            #expect(layout.lines.map(\.displayedText) == ["ab", "cd"])
        }
    }

    @Test func canonicallyEquivalentTextsAreNotSharedByTheCache() {
        // "é" and "e" + U+0301 are equal Strings, but their scalars differ: each layout's
        // clusters and line ranges must be about its own text.
        let composed = TextLayout(text: "caf\u{E9}", font: body)
        let decomposed = TextLayout(text: "cafe\u{301}", font: body)
        #expect(composed.text.unicodeScalars.count == 4)
        #expect(decomposed.text.unicodeScalars.count == 5)
        #expect(decomposed.lines[0].range.upperBound == decomposed.text.endIndex)
        #expect(String(decomposed.text.unicodeScalars) == "cafe\u{301}" && decomposed.text.utf8.count == 6)
    }
}
