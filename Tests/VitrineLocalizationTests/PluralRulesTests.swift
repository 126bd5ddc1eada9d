import Testing
@testable import VitrineLocalization

/// Plural categories against the samples CLDR 44's plurals.xml gives for each rule (integers and
/// decimals as written).
@Suite struct PluralRulesTests {
    /// `samples[category]` are numbers as written ("1", "1.0", "21"); each must fall in its
    /// category.
    private func check(_ language: String, _ samples: [PluralCategory: [String]], sourceLocation: SourceLocation = #_sourceLocation) {
        let rules = PluralRules(language: language)
        for (category, numbers) in samples {
            #expect(rules.categories.contains(category), "\(language) lists \(category)", sourceLocation: sourceLocation)
            for written in numbers {
                let operands: PluralOperands
                if let point = written.firstIndex(of: ".") {
                    operands = PluralOperands(Double(written)!, fractionDigitCount: written.distance(from: point, to: written.endIndex) - 1)
                } else {
                    operands = PluralOperands(Int64(written)!)
                }
                #expect(rules.category(of: operands) == category, "\(language) \(written)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func english() {
        check("en", [.one: ["1"], .other: ["0", "2", "16", "100", "1000", "0.0", "1.0", "1.5", "10.0"]])
        check("en-GB", [.one: ["1"], .other: ["2", "1.0"]])
    }

    @Test func german() {
        check("de", [.one: ["1"], .other: ["0", "2", "17", "1.0", "0.5"]])
    }

    @Test func french() {
        check("fr", [.one: ["0", "1", "0.0", "1.5"], .many: ["1000000", "2000000"], .other: ["2", "17", "100", "1000", "2.0", "1000000.0"]])
    }

    @Test func spanishItalianPortuguese() {
        check("es", [.one: ["1", "1.0", "1.00"], .many: ["1000000"], .other: ["0", "2", "0.5", "1.5"]])
        check("it", [.one: ["1"], .many: ["1000000"], .other: ["0", "2", "1.0"]])
        check("pt", [.one: ["0", "1", "1.5"], .many: ["1000000"], .other: ["2", "17"]])
        check("pt-PT", [.one: ["1"], .many: ["1000000"], .other: ["0", "2", "1.5"]])
    }

    @Test func russianAndUkrainian() {
        let samples: [PluralCategory: [String]] = [
            .one: ["1", "21", "31", "41", "101", "1001"],
            .few: ["2", "3", "4", "22", "23", "24", "102", "1002"],
            .many: ["0", "5", "6", "11", "12", "13", "14", "19", "20", "100", "111", "1000", "10000"],
            .other: ["0.0", "1.5", "10.0", "100.0"],
        ]
        check("ru", samples)
        check("uk", samples)
    }

    @Test func polishAndCzech() {
        check("pl", [.one: ["1"], .few: ["2", "3", "4", "22", "24", "32"], .many: ["0", "5", "11", "12", "14", "21", "25"], .other: ["0.0", "1.5"]])
        check("cs", [.one: ["1"], .few: ["2", "3", "4"], .many: ["0.0", "1.5", "10.0"], .other: ["0", "5", "21", "100"]])
    }

    @Test func arabic() {
        check("ar", [
            .zero: ["0"], .one: ["1"], .two: ["2"],
            .few: ["3", "4", "10", "103", "110", "1003"],
            .many: ["11", "26", "99", "111", "1011"],
            .other: ["100", "101", "102", "200", "1000", "0.1", "1.5", "2.5"],
        ])
        check("ar-EG", [.two: ["2"], .zero: ["0"]])
    }

    @Test func hebrew() {
        // CLDR 42 and later: no `many`.
        check("he", [.one: ["1", "0.1", "0.5"], .two: ["2"], .other: ["0", "3", "10", "20", "100", "1.0", "2.0"]])
        #expect(PluralRules(language: "he").categories == [.one, .two, .other])
    }

    @Test func languagesWithoutPluralsTakeOther() {
        for language in ["zh-Hans", "zh", "ja", "ko", "th", "vi", "xx-unknown"] {
            check(language, [.other: ["0", "1", "2", "5", "1.5"]])
            #expect(PluralRules(language: language).categories == [.other])
        }
    }

    @Test func otherLanguagesWithRules() {
        check("lt", [.one: ["1", "21", "31"], .few: ["2", "9", "22"], .many: ["0.1", "1.5"], .other: ["0", "10", "11", "19", "20"]])
        check("lv", [.zero: ["0", "10", "11", "19", "20"], .one: ["1", "21", "0.1"], .other: ["2", "9", "22", "0.2"]])
        check("ro", [.one: ["1"], .few: ["0", "2", "19", "101", "119", "0.0", "1.5"], .other: ["20", "99", "120"]])
        check("sl", [.one: ["1", "101"], .two: ["2", "102"], .few: ["3", "4", "103", "0.0"], .other: ["0", "5", "100"]])
        check("da", [.one: ["1", "0.1", "1.5"], .other: ["0", "2", "0.0", "2.0"]])
        check("fa", [.one: ["0", "1", "0.5"], .other: ["2", "1.5"]])
        check("tr", [.one: ["1", "1.0"], .other: ["0", "2", "1.5"]])
    }

    @Test func everyListedLanguageHasOtherLast() {
        for language in PluralRules.languagesWithRules {
            let categories = PluralRules(language: language).categories
            #expect(categories.last == .other, "\(language)")
            #expect(categories.count > 1, "\(language) has a rule of its own")
        }
    }

    @Test func decimalOperands() {
        let operands = PluralOperands(1.5, fractionDigitCount: 2)
        #expect(operands.integerPart == 1)
        #expect(operands.fractionDigits == 50)
        #expect(operands.fractionDigitCount == 2)
        #expect(operands.significantFraction == 5)
        #expect(PluralOperands(-21).integerPart == 21)
        #expect(PluralOperands(Double.nan, fractionDigitCount: 1).integerPart == 0)
    }
}
