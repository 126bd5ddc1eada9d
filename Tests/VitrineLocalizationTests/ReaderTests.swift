import Testing
import VitrineTestSupport
@testable import VitrineLocalization

@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let text = #"{"a": [1, -2.5e2, true, false, null], "b": "x\"y\\\n\u00e9\ud83d\ude00", "c": {}}"#
        let value = try JSONReader.parse(Array(text.utf8))
        #expect(value["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\"y\\\né😀"))
        #expect(value["c"] == .object([]))
    }

    @Test func errorsSayWhereAndWhat() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  \"a\" 1\n}", 2, 7, "expected ':' after the key \"a\""),
            ("[1, 2,]", 1, 7, "expected a value, found ']'"),
            ("{\"a\": 1} x", 1, 10, "expected the end of the file"),
            ("\"abc", 1, 5, "not closed"),
            ("[01]", 1, 3, "expected ',' or ']'"),
            ("{\"k\": \"\\q\"}", 1, 10, "unknown escape"),
            ("", 1, 1, "found the end of the file"),
        ]
        for (text, line, column, message) in cases {
            #expect {
                try JSONReader.parse(Array(text.utf8))
            } throws: { error in
                guard let error = error as? LocalizationError else { return false }
                return error.kind == .syntax && error.line == line && error.column == column && error.message.contains(message)
            }
        }
    }

    @Test func depthAndSizeAreBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: LocalizationError.self) { try JSONReader.parse(Array(deep.utf8)) }
        let limits = StringsReaderLimits(maximumFileSize: 4, maximumDepth: 8)
        #expect(throws: LocalizationError.self) { try JSONReader.parse(Array("[1, 2]".utf8), limits: limits) }
    }

    /// Seeded random documents: written out (with escapes), read back equal; and every
    /// truncation and single-byte change of them either reads or throws (never traps).
    @Test func seededRandomDocumentsRoundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_0037)
        for _ in 0..<200 {
            let value = randomValue(&random, depth: 0)
            let text = write(value)
            #expect(try JSONReader.parse(Array(text.utf8)) == value, "\(text)")
            var bytes = Array(text.utf8)
            for _ in 0..<5 {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
                _ = try? JSONReader.parse(bytes)
                _ = try? JSONReader.parse(Array(bytes.prefix(index)))
            }
        }
    }

    private func randomValue(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch random.next() % (depth > 4 ? 4 : 6) {
        case 0: return .number(Double(Int64(bitPattern: random.next()) % 100_000) / 8)
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .null
        case 3: return .string(randomString(&random))
        case 4: return .array((0..<random.next() % 4).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object((0..<random.next() % 4).map { index in (randomString(&random) + "\(index)", randomValue(&random, depth: depth + 1)) })
        }
    }

    private func randomString(_ random: inout SeededRandom) -> String {
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "\n", "\t", "\u{01}", "é", "ع", "ש", "中", "😀", "%", "/"]
        var text = ""
        for _ in 0..<random.next() % 8 { text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
        return text
    }

    private func write(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return "\(number)"
        case .string(let text): return quote(text)
        case .array(let items): return "[" + items.map(write).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { quote($0.key) + ": " + write($0.value) }.joined(separator: ",\n") + "}"
        }
    }

    private func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "😀": result += "\\ud83d\\ude00"
            default:
                if scalar.value < 0x20 { result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) }
                else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}

@Suite struct StringsFileReaderTests {
    @Test func readsEntriesCommentsAndEscapes() throws {
        let text = """
        /* The welcome screen. */
        "welcome" = "Willkommen";
        // A line comment
        "quote" = "Er sagte \\"Hallo\\"\\n";
        unquoted_key = value.with/dots;
        "same";
        "unicode" = "\\U00E9\\UD83D\\UDE00";
        "welcome" = "Hallo";
        """
        let entries = try StringsFileReader.read(Array(text.utf8))
        #expect(entries["welcome"] == Translation("Hallo"))
        #expect(entries["quote"] == Translation("Er sagte \"Hallo\"\n"))
        #expect(entries["unquoted_key"] == Translation("value.with/dots"))
        #expect(entries["same"] == Translation("same"))
        #expect(entries["unicode"] == Translation("é😀"))
    }

    @Test func readsUTF16WithByteOrderMark() throws {
        let text = "\"ok\" = \"حسنا\";"
        let units = Array(text.utf16)
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in units {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        #expect(try StringsFileReader.read(little)["ok"] == Translation("حسنا"))
        #expect(try StringsFileReader.read(big)["ok"] == Translation("حسنا"))
    }

    @Test func errorsSayWhere() {
        let cases: [(String, Int, Int, String)] = [
            ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, 1, "expected ';'"),
            ("\"a\" = ;", 1, 7, "expected a value"),
            ("/* open", 1, 1, "not closed"),
            ("\"a\" = \"b", 1, 7, "not closed"),
        ]
        for (text, line, column, message) in cases {
            #expect {
                try StringsFileReader.read(Array(text.utf8))
            } throws: { error in
                guard let error = error as? LocalizationError else { return false }
                return error.line == line && error.column == column && error.message.contains(message)
            }
        }
    }
}

@Suite struct StringsDictionaryReaderTests {
    static let rooms = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <!-- one variable -->
        <key>%d rooms</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@rooms@</string>
            <key>rooms</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>d</string>
                <key>one</key>
                <string>%d комната</string>
                <key>few</key>
                <string>%d комнаты</string>
                <key>many</key>
                <string>%d комнат</string>
                <key>other</key>
                <string>%d комнаты</string>
            </dict>
        </dict>
        <key>%d files in %d folders</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@files@ &amp; %#@folders@</string>
            <key>files</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>один файл</string>
                <key>other</key><string>%d файлов</string>
            </dict>
            <key>folders</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d папка</string>
                <key>other</key><string>%d папок</string>
            </dict>
        </dict>
    </dict>
    </plist>
    """

    @Test func readsPluralRulesAndFormatsThem() throws {
        let entries = try StringsDictionaryReader.read(Array(Self.rooms.utf8))
        #expect(entries.count == 2)
        let bundle = bundle(language: "ru", entries: entries)
        let russian = Localizer(bundle: bundle, preferredLanguages: ["ru-RU"])
        #expect(russian.language == "ru")
        #expect(russian.string(forKey: "%d rooms", arguments: [.integer(1)]) == "1 комната")
        #expect(russian.string(forKey: "%d rooms", arguments: [.integer(3)]) == "3 комнаты")
        #expect(russian.string(forKey: "%d rooms", arguments: [.integer(5)]) == "5 комнат")
        #expect(russian.string(forKey: "%d rooms", arguments: [.integer(21)]) == "21 комната")
        // A form without a number does not shift the next variable's argument.
        #expect(russian.string(forKey: "%d files in %d folders", arguments: [.integer(1), .integer(21)]) == "один файл & 21 папка")
        #expect(russian.string(forKey: "%d files in %d folders", arguments: [.integer(7), .integer(5)]) == "7 файлов & 5 папок")
    }

    @Test func malformedListsSayWhat() {
        let missingOther = Self.rooms.replacing("<key>other</key>\n            <string>%d комнаты</string>", with: "")
        #expect(throws: LocalizationError.self) { try StringsDictionaryReader.read(Array(missingOther.utf8)) }
        #expect {
            try StringsDictionaryReader.read(Array("<plist><dict><key>a</key><string>b</dict></plist>".utf8))
        } throws: { error in
            (error as? LocalizationError)?.message.contains("expected </string>") == true
        }
        #expect(throws: LocalizationError.self) { try StringsDictionaryReader.read(Array("<plist><dict><key>a</key><string>&bogus;</string></dict></plist>".utf8)) }
    }

    private func bundle(language: String, entries: [String: Translation]) -> StringsBundle {
        var bundle = StringsBundle(sourceLanguage: "en")
        bundle.add(StringTable(name: "Localizable", language: language, entries: entries))
        return bundle
    }
}
