import Testing
import VitrineGraphics

/// The run storage of `AttributedText`: attributes set, added and removed over ranges, equal
/// neighbours merged, and edits keeping the runs in step with the string.
struct AttributedTextTests {
    let bold = TextAttributes(font: .system(size: 17, weight: .bold))
    let red = TextAttributes(foregroundColor: Color(rgb: 0xCC0000))

    /// The runs as (text, attributes) pairs.
    func pieces(_ text: AttributedText) -> [(String, TextAttributes)] {
        text.attributeRuns.map { (String(text.string[$0.range]), $0.attributes) }
    }

    func range(_ text: AttributedText, _ part: String) -> Range<String.Index> {
        text.string.firstRange(of: part)!
    }

    @Test func aStringIsOneRunAndEmptyTextNone() {
        let text = AttributedText("hello", attributes: red)
        #expect(text.runs.count == 1)
        #expect(text.runs[0].range == 0..<5)
        #expect(text.runs[0].attributes == red)
        #expect(AttributedText("").runs.isEmpty)
        #expect(AttributedText("").scalarCount == 0)
    }

    @Test func settingAMiddleRangeSplitsInThreeAndSettingItBackMergesThem() {
        var text = AttributedText("one two three")
        text.setAttributes(bold, range: range(text, "two"))
        #expect(text.runs.map(\.range) == [0..<4, 4..<7, 7..<13])
        #expect(pieces(text).map(\.0) == ["one ", "two", " three"])
        #expect(pieces(text)[1].1 == bold)
        text.setAttributes(TextAttributes(), range: range(text, "two"))
        #expect(text.runs.count == 1)
        #expect(text.runs[0].range == 0..<13)
    }

    @Test func addingKeepsTheOtherAttributesAndRemovingDropsOneKey() {
        var text = AttributedText("one two three", attributes: red)
        text.addAttributes(bold, range: range(text, "two three"))
        let added = text.attributes(at: range(text, "two").lowerBound)
        #expect(added.attributes.font == bold.font)
        #expect(added.attributes.foregroundColor == red.foregroundColor)
        #expect(text.string[added.range] == "two three")
        text.removeAttribute(.foregroundColor, range: text.fullRange)
        #expect(text.runs.map(\.attributes) == [TextAttributes(), bold])
        text.removeAttribute(.font, range: text.fullRange)
        #expect(text.runs.count == 1)
        #expect(text.runs[0].attributes.isEmpty)
    }

    @Test func appendingMergesEqualNeighboursOnly() {
        var text = AttributedText("ab", attributes: red)
        text.append(AttributedText("cd", attributes: red))
        #expect(text.runs.count == 1)
        text.append(AttributedText("ef", attributes: bold))
        #expect(pieces(text).map(\.0) == ["abcd", "ef"])
        let sum = AttributedText("x", attributes: bold) + AttributedText("y", attributes: bold)
        #expect(sum.runs.count == 1 && sum.string == "xy")
    }

    @Test func replacedTextTakesTheFirstReplacedCharactersAttributes() {
        var text = AttributedText("one ", attributes: red) + AttributedText("two", attributes: bold)
        text.replaceCharacters(in: range(text, "tw"), with: "TW")
        #expect(pieces(text).map(\.0) == ["one ", "TWo"])
        // An insertion takes the character before it…
        text.replaceCharacters(in: range(text, "TWo").lowerBound..<range(text, "TWo").lowerBound, with: "+")
        #expect(pieces(text).map(\.0) == ["one +", "TWo"])
        // …and at the start, the one after.
        text.replaceCharacters(in: text.string.startIndex..<text.string.startIndex, with: ">")
        #expect(pieces(text).map(\.0) == [">one +", "TWo"])
    }

    @Test func deletingShrinksAndDropsRunsAndMergesWhatMeets() {
        var text = AttributedText("aa", attributes: red) + AttributedText("bb", attributes: bold)
            + AttributedText("cc", attributes: red)
        text.deleteCharacters(in: range(text, "abbc"))
        #expect(text.string == "ac")
        #expect(text.runs.count == 1)
        #expect(text.runs[0].range == 0..<2)
        #expect(text.runs[0].attributes == red)
        text.deleteCharacters(in: text.fullRange)
        #expect(text.runs.isEmpty)
    }

    @Test func insertingAttributedTextSplitsTheRunItLandsIn() {
        var text = AttributedText("abcd", attributes: red)
        let middle = text.string.index(text.string.startIndex, offsetBy: 2)
        text.insert(AttributedText("XY", attributes: bold), at: middle)
        #expect(pieces(text).map(\.0) == ["ab", "XY", "cd"])
        #expect(text.runs.map(\.range) == [0..<2, 2..<4, 4..<6])
    }

    @Test func runsCountScalarsSoAnAccentCanDifferFromItsLetter() {
        // "e" + COMBINING ACUTE ACCENT: one Character, two scalars.
        var text = AttributedText("ce\u{301}")
        let scalars = text.string.unicodeScalars
        let accent = scalars.index(scalars.startIndex, offsetBy: 2)
        text.setAttributes(red, range: accent..<text.string.endIndex)
        #expect(text.scalarCount == 3)
        #expect(text.runs.map(\.range) == [0..<2, 2..<3])
        #expect(text.attributedSubstring(from: accent..<text.string.endIndex).runs.map(\.attributes) == [red])
    }

    @Test func aSubstringKeepsItsPartOfEachRun() {
        let text = AttributedText("one ", attributes: red) + AttributedText("two", attributes: bold)
        let part = text.attributedSubstring(from: range(text, "e tw"))
        #expect(part.string == "e tw")
        #expect(part.runs.map(\.range) == [0..<2, 2..<4])
        #expect(part.runs.map(\.attributes) == [red, bold])
    }
}
