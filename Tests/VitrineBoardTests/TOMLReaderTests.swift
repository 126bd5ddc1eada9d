// One file for the TOML reader's tests, longer than 500 lines on purpose: the hand-picked
// cases, the limits, and the seeded comparison against Python's tomllib (its generator,
// mutator, canonical form and the Python side) belong together, and the comparison's parts
// mean little apart.
import Glibc
import Testing
import VitrineTestSupport
@testable import VitrineBoard

/// Parses `text`, recording an issue (and returning nil) when it is refused.
private func document(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> TOMLDocument? {
    do {
        return try TOMLDocument(parsing: text)
    } catch {
        Issue.record("refused: \(error)\n\(text)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error reading `bytes` gives, recording an issue when they are accepted.
private func syntaxError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> TOMLSyntaxError? {
    do {
        _ = try TOMLDocument(parsing: bytes)
        Issue.record("accepted: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> TOMLSyntaxError? {
    syntaxError(Array(text.utf8), sourceLocation: sourceLocation)
}

/// The value at the dotted `path` (plain names, no quoting) of `document`'s root.
private func value(_ document: TOMLDocument?, _ path: String) -> TOMLValue? {
    var table = document?.root
    var found: TOMLValue?
    for name in path.split(separator: ".", omittingEmptySubsequences: false) {
        found = table?[String(name)]
        table = found?.table
    }
    return found
}

@Suite struct TOMLReaderValueTests {
    @Test func commentsBlankLinesAndCRLFAreSkipped() {
        let parsed = document("# a comment\r\n\r\n  \t\na = 1 # after\r\n#last")
        #expect(parsed?.root.keys == ["a"])
        #expect(value(parsed, "a")?.integer == 1)
        #expect(value(parsed, "a")?.keyPosition == TOMLPosition(line: 4, column: 1, offset: 19))
        #expect(document("")?.root.count == 0)
    }

    @Test func keysBareQuotedAndDottedWithTheirPositions() {
        let parsed = document("""
            bare_key-1 = 1
            "quoted \\u00E9" = 2
            'literal "x"' = 3
            "" = 4
            site . "google.com" .\tenabled = true
            1234 = 5
            """)
        #expect(parsed?.root.keys == ["bare_key-1", "quoted é", "literal \"x\"", "", "site", "1234"])
        #expect(value(parsed, "site")?.keyPosition == TOMLPosition(line: 5, column: 1, offset: 60))
        let enabled = parsed?.root["site"]?.table?["google.com"]?.table?["enabled"]
        #expect(enabled?.bool == true)
        #expect(enabled?.keyPosition?.line == 5)
        #expect(enabled?.keyPosition?.column == 23)
        #expect(enabled?.position.column == 33)
        #expect(enabled?.path == ["site", "google.com", "enabled"])
    }

    @Test func basicStringsTakeEveryEscape() {
        let parsed = document(#"s = "\b\t\n\f\r\"\\\u00E9\U0001F600 é中""#)
        #expect(value(parsed, "s")?.string == "\u{8}\t\n\u{C}\r\"\\é😀 é中")
        #expect(value(parsed, "s")?.text == #""\b\t\n\f\r\"\\\u00E9\U0001F600 é中""#)
    }

    @Test func multiLineBasicStringsTrimTheFirstLineEndAndJoinBackslashedLines() {
        let parsed = document("s = \"\"\"\r\nRoses\r\n  are \\\r\n\n   red\\   \n  \"\"\"\nq = \"\"\"\"two\"\" quotes\"\"\"\"\"\n")
        #expect(value(parsed, "s")?.string == "Roses\n  are red")
        #expect(value(parsed, "q")?.string == "\"two\"\" quotes\"\"")
        #expect(value(parsed, "s")?.firstLineText == "\"\"\" …")
    }

    @Test func literalStringsKeepBackslashes() {
        let parsed = document("a = 'C:\\Users\\x'\nb = '''\nfirst\n\\n second ''\n'''\nc = ''''quoted''''\n")
        #expect(value(parsed, "a")?.string == "C:\\Users\\x")
        #expect(value(parsed, "b")?.string == "first\n\\n second ''\n")
        #expect(value(parsed, "c")?.string == "'quoted'")
    }

    @Test func integersInEveryBase() {
        let parsed = document("""
            a = +99
            b = -17
            c = 0
            d = 1_000_000
            e = 0xDEAD_beef
            f = 0o755
            g = 0b1101_0110
            h = 9223372036854775807
            i = -9223372036854775808
            j = -0
            """)
        let expected: [(String, Int64)] = [("a", 99), ("b", -17), ("c", 0), ("d", 1_000_000), ("e", 0xDEAD_BEEF), ("f", 0o755),
                                           ("g", 0b1101_0110), ("h", .max), ("i", .min), ("j", 0)]
        for (key, number) in expected {
            #expect(value(parsed, key)?.integer == number, "\(key)")
            #expect(value(parsed, key)?.kind == .integer)
        }
    }

    @Test func floatsWithExponentsUnderscoresAndSpecialValues() {
        let parsed = document("""
            a = 3.1415
            b = -0.01
            c = 5e+22
            d = 1E06
            e = -2E-2
            f = 6.626e-34
            g = 224_617.445_991
            h = -0.0
            i = inf
            j = +inf
            k = -inf
            l = nan
            m = -nan
            n = 1e999
            """)
        let expected: [(String, Double)] = [("a", 3.1415), ("b", -0.01), ("c", 5e22), ("d", 1e6), ("e", -0.02), ("f", 6.626e-34),
                                            ("g", 224_617.445_991), ("i", .infinity), ("j", .infinity), ("k", -.infinity), ("n", .infinity)]
        for (key, number) in expected { #expect(value(parsed, key)?.double == number, "\(key)") }
        #expect(value(parsed, "h")?.double?.sign == .minus)
        #expect(value(parsed, "l")?.double?.isNaN == true)
        #expect(value(parsed, "m")?.double?.isNaN == true)
        #expect(value(parsed, "a")?.kind.description == "floating-point number")
        #expect(value(parsed, "a")?.integer == nil)
    }

    @Test func booleans() {
        let parsed = document("yes = true\nno = false")
        #expect(value(parsed, "yes")?.bool == true)
        #expect(value(parsed, "no")?.bool == false)
        #expect(value(parsed, "no")?.kind.description == "boolean")
    }

    @Test func datesAndTimesOfEveryKind() {
        let parsed = document("""
            odt1 = 1979-05-27T07:32:00Z
            odt2 = 1979-05-27t00:32:00.999999-07:00
            odt3 = 1979-05-27 07:32:00+05:30
            ldt = 1979-05-27T07:32:00.1234567891
            ld = 2024-02-29
            lt = 00:32:00.5
            """)
        let date = TOMLDateTime.Date(year: 1979, month: 5, day: 27)
        #expect(value(parsed, "odt1")?.dateTime == TOMLDateTime(date: date, time: .init(hour: 7, minute: 32, second: 0), offsetMinutes: 0))
        #expect(value(parsed, "odt2")?.dateTime?.offsetMinutes == -420)
        #expect(value(parsed, "odt2")?.dateTime?.time?.nanosecond == 999_999_000)
        #expect(value(parsed, "odt3")?.dateTime?.offsetMinutes == 330)
        #expect(value(parsed, "odt3")?.kind == .offsetDateTime)
        #expect(value(parsed, "ldt")?.kind == .localDateTime)
        #expect(value(parsed, "ldt")?.dateTime?.time?.nanosecond == 123_456_789)
        #expect(value(parsed, "ld")?.kind == .localDate)
        #expect(value(parsed, "ld")?.dateTime?.description == "2024-02-29")
        #expect(value(parsed, "lt")?.kind == .localTime)
        #expect(value(parsed, "lt")?.dateTime?.description == "00:32:00.5")
        #expect(value(parsed, "odt2")?.dateTime?.description == "1979-05-27T00:32:00.999999-07:00")
        #expect(value(parsed, "ldt")?.kind.description == "date-time")
    }

    @Test func arraysMixTypesNestAndSpanLines() {
        let parsed = document("""
            a = [ 1, "two", [3.0, [true]], {x = 1}, ]
            b = [  # opening comment
              1,
              # between
              2  # after
              ,
            ]
            c = []
            """)
        let a = value(parsed, "a")?.array
        #expect(a?.map(\.kind) == [.integer, .string, .array, .table])
        #expect(a?[2].array?[1].array?[0].bool == true)
        #expect(a?[3].table?["x"]?.integer == 1)
        #expect(a?[1].position == TOMLPosition(line: 1, column: 10, offset: 9))
        #expect(value(parsed, "b")?.array?.map(\.integer) == [1, 2])
        #expect(value(parsed, "b")?.firstLineText == "[ …")
        #expect(value(parsed, "b")?.array?[1].position.line == 5)
        #expect(value(parsed, "c")?.array?.isEmpty == true)
    }

    @Test func inlineTablesNestAndTakeDottedKeys() {
        let parsed = document("point = { x = 1, y.z = 2, y.w = { deep = \"yes\" } }\nempty = {}\n")
        #expect(value(parsed, "point.x")?.integer == 1)
        #expect(value(parsed, "point.y.z")?.integer == 2)
        #expect(value(parsed, "point.y.w.deep")?.string == "yes")
        #expect(value(parsed, "point.y.w.deep")?.keyPosition?.column == 35)
        #expect(value(parsed, "point")?.text == "{ x = 1, y.z = 2, y.w = { deep = \"yes\" } }")
        #expect(value(parsed, "empty")?.table?.count == 0)
    }

    @Test func tablesArraysOfTablesAndTheirHeaders() {
        let parsed = document("""
            [server]
            name = "a"
            [server.alpha.beta]
            ip = "10.0.0.1"
            [server.alpha]
            x = 1
            [[fruit]]
            name = "apple"
            [fruit.physical]
            color = "red"
            [[fruit]]
            name = "banana"
            [ "quoted" . spaced ]
            """)
        #expect(parsed?.root.keys == ["server", "fruit", "quoted"])
        #expect(parsed?.root["server"]?.table?.headerPosition?.line == 1)
        let alpha = parsed?.root["server"]?.table?["alpha"]?.table
        #expect(alpha?.headerPosition?.line == 5)
        #expect(alpha?.value.keyPosition?.line == 3)
        #expect(value(parsed, "server.alpha.beta.ip")?.string == "10.0.0.1")
        let fruit = value(parsed, "fruit")?.array
        #expect(fruit?.count == 2)
        #expect(fruit?[0].table?["physical"]?.table?["color"]?.string == "red")
        #expect(fruit?[1].table?["name"]?.string == "banana")
        #expect(fruit?[1].table?.headerPosition?.line == 11)
        #expect(fruit?[1].table?["name"]?.path == ["fruit", "name"])
        #expect(value(parsed, "quoted.spaced")?.table?.headerPosition == TOMLPosition(line: 13, column: 1, offset: 159))
        #expect(value(parsed, "quoted.spaced")?.keyPosition?.column == 14)
    }

    @Test func aTableMadeByADeeperHeaderKnowsThatHeader() {
        let parsed = document("[display]\nscale = 1\n[display.extra.deeper]\nx = 1\n[t]\nmade.by.dots = 1\n")
        let extra = parsed?.root["display"]?.table?["extra"]?.table
        #expect(extra?.headerPosition == nil)
        #expect(extra?.madeByHeader == ["display", "extra", "deeper"])
        #expect(extra?.value.keyPosition?.line == 3)
        #expect(parsed?.root["display"]?.table?.madeByHeader == nil)
        #expect(value(parsed, "t.made")?.table?.madeByHeader == nil)
        #expect(value(parsed, "t.made")?.keyPosition?.line == 6)
    }

    /// The redefinition rules as TOML 1.0 and tomllib accept them.
    @Test(arguments: [
        "[a.b.c]\nx = 1\n[a]\ny = 2",                   // a table made by a deeper header may get its own
        "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
        "a.c = 1\n[a.b]\nx = 1",                        // a sub-table of a dotted-key table
        "a.c = 1\n[[a.list]]",
        "[a.b.c]\n[a]\nb.d = 1",                        // dotted keys into a table a header made on the way
        "[[a]]\nb.c = 1\n[[a]]\nb.c = 2",               // each element is new
        "[[a.b]]\n[a]\nx = 1",
        "[t]\n[[t.arr]]\n[t.arr.sub]\n[[t.arr]]\n[t.arr.sub]",
        "x = { a.b = 1, a.c = 2 }",
    ])
    func tableRulesThatAllow(_ text: String) {
        _ = document(text)
    }

    /// What `TOMLSourceMap` used to answer by re-scanning the text, the reader now knows.
    @Test func keysAreFoundUnderTheirTablesWhateverTheQuotingAndComments() {
        let parsed = document("""
            title = "a = b # not a comment"   # a comment
            [display]
            "mode" = '1x1'
            dotted.key = 1
            [ input . keymap ]   # spaces in a header
            layout = "us"
            matrix = [
              [1, 0, 0],  # not = a key
            ]
            text = \"\"\"
            fake = "inside a string"
            [fake]
            \"\"\"
            after = { nested = 9 }
            """)
        #expect(value(parsed, "title")?.firstLineText == "\"a = b # not a comment\"")
        #expect(value(parsed, "display.mode")?.keyPosition?.line == 3)
        #expect(value(parsed, "display.dotted.key")?.keyPosition?.line == 4)
        #expect(value(parsed, "input.keymap")?.table?.headerPosition?.line == 5)
        #expect(value(parsed, "input")?.keyPosition?.line == 5)
        #expect(value(parsed, "input")?.table?.headerPosition == nil)
        #expect(value(parsed, "input.keymap.matrix")?.firstLineText == "[ …")
        #expect(value(parsed, "fake") == nil)
        #expect(value(parsed, "input.keymap.text")?.string == "fake = \"inside a string\"\n[fake]\n")
        #expect(value(parsed, "input.keymap.after.nested")?.keyPosition?.line == 14)
    }
}

@Suite struct TOMLReaderErrorTests {
    /// Each problem with where it is reported and a part of what the message says.
    @Test(arguments: [
        ("a = = 1", 1, 5, "expected a value"),
        ("a = 1\nb = 2 c", 2, 7, "expected the end of the line (or a comment), found 'c'"),
        ("a = \"open\nb = 1", 1, 5, "no closing '\"' on its line"),
        ("a = 1\na = 2", 2, 1, "the key `a` is already defined (line 1, column 1)"),
        ("[t]\nx = 1\n[t]", 3, 2, "the table `t` is already defined (line 1, column 1)"),
        ("[a]\nb = 1\n[a.b]", 3, 4, "`a.b` already holds a value (line 2, column 5), not a table"),
        ("a = {b = 1}\n[a]", 2, 2, "`a` is an inline table, which cannot be extended"),
        ("a = {b = 1}\na.c = 2", 2, 1, "`a` is an inline table (line 1, column 5), which cannot be extended"),
        ("a = [1]\n[[a]]", 2, 3, "`a` is an array, which cannot be extended"),
        ("[[a]]\n[a]", 2, 2, "`a` is an array of tables (line 1, column 1): add an element with a [[header]]"),
        ("[a]\n[[a]]", 2, 3, "`a` is already a table"),
        ("[a]\nb.c = 1\n[a.b]", 3, 4, "the table `a.b` is already defined"),
        ("[a.b]\nx = 1\n[a]\nb.y = 2", 4, 1, "the table `a.b` is defined at line 1, column 1; dotted keys cannot add to it here"),
        ("[x]\ny.z = 1\n[w]\n[x]", 4, 2, "the table `x` is already defined"),
        ("a.b = 1\na.b.c = 2", 2, 3, "`a.b` already holds a value (line 1, column 7), not a table"),
        ("x = {a = {}, a.b = 1}", 1, 14, "`x.a` is an inline table (line 1, column 10), which cannot be extended"),
        ("x = {a = 1, a = 2}", 1, 13, "the key `a` is already defined"),
        ("a = 0123", 1, 6, "found '1'"),
        ("a = 1__0", 1, 6, "found '_'"),
        ("a = 1_", 1, 6, "found '_'"),
        ("a = 1.", 1, 6, "found '.'"),
        ("a = .5", 1, 5, "expected a value (a string in quotes, a number, true, false, a date, [an array] or {an inline table}), found '.'"),
        ("a = +0x1", 1, 7, "found 'x'"),
        ("a = 0xG", 1, 6, "found 'x'"),
        ("a = 9223372036854775808", 1, 5, "is beyond a 64-bit integer"),
        ("a = 0x8000000000000000", 1, 5, "0x8000000000000000 is beyond a 64-bit integer"),
        ("a = 2021-02-29", 1, 5, "2021-02-29 is not a date: that month has no day 29"),
        ("a = 2021-04-31T00:00:00Z", 1, 5, "is not a date"),
        ("a = 24:00:00", 1, 7, "found ':'"),
        ("a = 1979-05-27T07:32", 1, 15, "found 'T'"),
        ("a = 1979-05-27 07:32:00+0700", 1, 24, "found '+'"),
        ("a = tru", 1, 5, "found 't'"),
        ("a = \"\\x41\"", 1, 6, "\\ starts an escape"),
        ("a = \"\\uD800\"", 1, 6, "\\uD800 is not a Unicode scalar value"),
        ("a = \"\\U00110000\"", 1, 6, "is not a Unicode scalar value"),
        ("a = \"\\u12\"", 1, 10, "\\u takes 4 hexadecimal digits, found '\"'"),
        ("a = \"\\ \n\"", 1, 6, "\\ starts an escape"),
        ("a = \"\"\"x\\  y\"\"\"", 1, 12, "a '\\' followed by a blank must end its line"),
        ("a = \"x\u{1}\"", 1, 7, "a string cannot hold the control character U+0001"),
        ("a = '''x\u{7F}'''", 1, 9, "a literal string cannot hold the control character U+007F"),
        ("a = \"\"\"\nno end", 1, 5, "this string has no closing '\"\"\"'"),
        ("a = '''\nno end", 1, 5, "this string has no closing \"'''\""),
        ("a = 'open\n'", 1, 5, "no closing \"'\" on its line"),
        ("a = { b = 1, }", 1, 14, "expected a key"),
        ("a = { b = 1\n}", 1, 12, "expected ',' or '}' in the inline table (written on one line), found the end of the line"),
        ("a = [1 2]", 1, 8, "expected ',' or ']' in the array, found '2'"),
        ("a = [1,,]", 1, 8, "expected a value"),
        ("# comment \u{7F}", 1, 11, "a comment cannot hold the control character U+007F"),
        ("a = 1\r", 1, 6, "found a carriage return without a line feed"),
        ("a = 1\r\r\n", 1, 6, "found a carriage return without a line feed"),
        ("[a\n", 1, 3, "expected ']' to end the header `a`, found the end of the line"),
        ("[" + String(repeating: "k", count: 100_000), 1, 100_002, "expected ']' to end the header `kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…`, found the end of the file"),
        ("[[a]\n", 1, 4, "expected ']]' to end the header `a`, found ']'"),
        ("[a.]", 1, 4, "expected a key"),
        ("\"\"\"k\"\"\" = 1", 1, 1, "a key cannot be a multi-line string"),
        ("key", 1, 4, "expected '=' after the key `key`, found the end of the file"),
        ("\"a b\".c : 1", 1, 9, "expected '=' after the key `\"a b\".c`, found ':'"),
        ("= 1", 1, 1, "expected a key, a [table] header or a comment, found '='"),
        ("a = 1 é", 1, 7, "found 'é'"),
        ("x = 1\n  \u{A0}y = 1", 2, 3, "found '\u{A0}'"),
    ])
    func aProblemIsReportedAtItsLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix("\(line):\(column): "))
    }

    @Test func invalidUTF8IsAnErrorAtItsFirstByte() throws {
        let cases: [([UInt8], Int, Int)] = [
            (Array("a = \"".utf8) + [0xFF, 0x22], 1, 6),
            (Array("a = 1\n# ".utf8) + [0xC3], 2, 3),                       // cut short at the end
            (Array("a = \"".utf8) + [0xC0, 0xAF, 0x22], 1, 6),            // overlong "/"
            (Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22], 1, 6),      // a surrogate
            (Array("a = \"".utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22], 1, 6), // past U+10FFFF
            (Array("a = \"é".utf8) + [0x80, 0x22], 1, 8),                 // a lone continuation byte
        ]
        for (bytes, line, column) in cases {
            let error = try #require(syntaxError(bytes))
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.hasPrefix("invalid UTF-8"), "\(error)")
        }
    }
}

@Suite struct TOMLReaderLimitTests {
    @Test func nestingIsBoundedAt64() throws {
        let deepest = "a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(document(deepest) != nil)
        let tables = "a = " + String(repeating: "{b = ", count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(document(tables) != nil)
        let tooDeep = try #require(syntaxError("a = " + String(repeating: "[", count: 65) + String(repeating: "]", count: 65)))
        #expect(tooDeep.column == 69)
        #expect(tooDeep.message == "arrays and inline tables nest more than 64 deep here")
        // A hostile depth stops at the bound at once, without a deep recursion: the 65th
        // bracket is the first of the 33rd "[{x = ".
        let hostile = try #require(syntaxError("a = " + String(repeating: "[{x = ", count: 200_000)))
        #expect(hostile.column == 4 + 32 * 6 + 1)
    }

    @Test func deepTablesAndManyKeysCostNoRecursion() throws {
        let parts = (1...100_000).map { "k\($0)" }
        let deep = try TOMLDocument(parsing: "[" + parts.joined(separator: ".") + "]\nx = 1\n")
        var table = deep.root
        for part in parts { table = try #require(table[part]?.table) }
        #expect(table["x"]?.integer == 1)
        #expect(table.headerPosition?.line == 1)
        let dotted = try TOMLDocument(parsing: parts.joined(separator: ".") + " = 1\n")
        #expect(dotted.root["k1"]?.table?.count == 1)
        let wide = try TOMLDocument(parsing: parts.map { "\($0) = 1" }.joined(separator: "\n"))
        #expect(wide.root.count == 100_000)
        #expect(wide.root["k99999"]?.keyPosition?.line == 99_999)
    }

    @Test func aDocumentHoldsAtMostMaximumNodeCountValues() throws {
        let limit = TOMLDocument.maximumNodeCount
        // The root and the array are two nodes, so `limit - 2` elements fit and one more does not.
        let full = try TOMLDocument(parsing: "a = [" + String(repeating: "0,", count: limit - 2) + "]")
        #expect(full.root["a"]?.array?.count == limit - 2)
        let over = try #require(syntaxError("a = [" + String(repeating: "0,", count: limit - 1) + "]"))
        #expect(over.column == 5 + 2 * (limit - 2) + 1)
        #expect(over.message == "the document holds more than 250000 keys, tables and values")
        // A hostile megabyte of dotted parts stops at the limit too, while the key is read:
        // at the part after the 250,000th.
        let dotted = try #require(syntaxError(String(repeating: "a.", count: 500_000) + "a = 1"))
        #expect(dotted.line == 1 && dotted.column == 2 * limit + 1)
    }

    /// Every byte after `a = `, at the start, and alone: an answer, never a trap.
    @Test func noByteTraps() {
        for byte in 0...255 {
            for prefix in ["", "a = ", "a = \"", "a = \"\"\"", "a = '", "[", "a = [", "a = {", "a = 1", "a = 1979-05-27", "# "] {
                let bytes = Array(prefix.utf8) + [UInt8(byte)]
                _ = try? TOMLDocument(parsing: bytes)
                _ = try? TOMLDocument(parsing: bytes + Array("\n".utf8))
            }
        }
    }

    @Test func randomBytesNeverTrap() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("[]{}\"'=.,#\\\n\r\t abc019_-+:eExobTZ".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xFF, 0xED]
        var accepted = 0
        for _ in 0..<5_000 {
            let bytes = (0..<random.int(0...40)).map { _ in random.pick(alphabet) }
            if (try? TOMLDocument(parsing: bytes)) != nil { accepted += 1 }
        }
        #expect(accepted > 0 && accepted < 5_000)
    }
}

/// `BoardProfile.sectionLines`, filled from the reader's positions.
@Suite struct ProfileSectionLineTests {
    @Test func eachTopLevelSectionNamesTheLineOfItsHeaderOrWhereItIsFirstWritten() throws {
        let parsed = try profile("""
            description = "lines"
            keyboard = { on_screen = "always" }

            [display]
            scale = 1

            [input.keymap]
            layout = "us"
            [power]
            dim_after = 5
            [touch]
            """)
        #expect(parsed.sectionLines == ["keyboard": 2, "display": 4, "input": 7, "power": 9, "touch": 11])
        // A header after a deeper one that made the section: the header's line.
        let later = try profile("[input.keymap]\nlayout = \"us\"\n[input]\nseat = \"seat0\"\n")
        #expect(later.sectionLines == ["input": 3])
        #expect(BoardProfile().sectionLines.isEmpty)
        #expect(try profile("description = \"none\"\n").sectionLines.isEmpty)
    }
}

// MARK: - The seeded comparison with Python's tomllib

/// Reads a few hundred random valid documents, and random mutations of them, both here and in
/// one `python3` process with `tomllib` (the standard library's TOML 1.0 reader since Python
/// 3.11), and compares what each read: the same values for every valid document, and the same
/// valid-or-invalid answer (and the same values when valid) for every mutation.
///
/// The seed is fixed so a failure repeats; `VITRINE_TOML_SEED=<n>` tries another.
@Suite struct TOMLReaderComparisonTests {
    static let documentCount = 300
    static let mutationsPerDocument = 3

    @Test func randomDocumentsAndTheirMutationsReadAsTomllibReadsThem() throws {
        let python = try #require(pythonWithTomllib(), "python3 3.11 or later (with tomllib) is needed for this test: apt-get install python3")
        let seed = getenv("VITRINE_TOML_SEED").flatMap { UInt64(String(cString: $0)) } ?? 20_240_601
        var generator = TOMLGenerator(seed: seed)
        let documents = (0..<Self.documentCount).map { _ in Array(generator.document().utf8) }
        var mutants: [[UInt8]] = []
        for document in documents {
            for _ in 0..<Self.mutationsPerDocument { mutants.append(generator.mutate(document)) }
        }
        let answers = try tomllibAnswers(python: python, documents + mutants)
        try #require(answers.count == documents.count + mutants.count, "tomllib answered \(answers.count) of \(documents.count + mutants.count)")

        var differences = 0
        for (number, document) in documents.enumerated() {
            let text = String(decoding: document, as: UTF8.self)
            guard answers[number].hasPrefix("ok ") else {
                Issue.record("seed \(seed), document \(number): the generator made a document tomllib refuses (\(answers[number])):\n\(text)")
                continue
            }
            let ours = canonicalAnswer(document)
            if ours != answers[number] {
                differences += 1
                Issue.record("seed \(seed), document \(number) is read differently:\nours:    \(ours)\ntomllib: \(answers[number])\n\(text)")
            }
        }
        var valid = 0
        for (number, mutant) in mutants.enumerated() {
            let theirs = answers[documents.count + number]
            let ours = canonicalAnswer(mutant)
            if theirs.hasPrefix("ok ") { valid += 1 }
            let agree = theirs.hasPrefix("ok ") ? ours == theirs : ours.hasPrefix("err ")
            if !agree {
                differences += 1
                let text = String(decoding: mutant, as: UTF8.self).debugDescription
                Issue.record("seed \(seed), mutation \(number) is read differently:\nours:    \(ours)\ntomllib: \(theirs)\n\(text)")
            }
        }
        print("TOML comparison, seed \(seed): \(documents.count) documents, \(mutants.count) mutations "
              + "(\(valid) valid, \(mutants.count - valid) invalid), \(differences) differences")
        // Mutations must exercise both answers, or they compare nothing.
        #expect(valid > mutants.count / 20 && valid < mutants.count * 19 / 20, "\(valid) of \(mutants.count) mutations valid")
    }
}

/// The path of a python3 that has tomllib, or nil.
private func pythonWithTomllib() -> String? {
    guard let python = which("python3") else { return nil }
    return run([python, "-c", "import tomllib"]).status == 0 ? python : nil
}

/// `ok <canonical form>` for a document our reader accepts, `err <message>` otherwise.
private func canonicalAnswer(_ bytes: [UInt8]) -> String {
    do {
        return "ok " + canonical(try TOMLDocument(parsing: bytes).root.value)
    } catch {
        return "err \(error)"
    }
}

/// A form two readers can compare as text: tables with keys sorted by their UTF-8, strings and
/// keys as UTF-8 in hex, floats as their bits (NaN as `nan`, its sign being the reader's
/// choice), times to the microsecond (what Python keeps).
private func canonical(_ value: TOMLValue) -> String {
    func hexUTF8(_ text: String) -> String { text.utf8.map { hex(Int($0), digits: 2).lowercased() }.joined() }
    func fields(_ dateTime: TOMLDateTime) -> String {
        var parts: [Int] = []
        if let date = dateTime.date { parts += [date.year, date.month, date.day] }
        if let time = dateTime.time { parts += [time.hour, time.minute, time.second, time.nanosecond / 1000] }
        if let offset = dateTime.offsetMinutes { parts.append(offset) }
        return parts.map(String.init).joined(separator: "_")
    }
    switch value.kind {
    case .string: return "s:" + hexUTF8(value.string ?? "")
    case .integer: return "i:\(value.integer ?? 0)"
    case .float:
        let number = value.double ?? 0
        return number.isNaN ? "f:nan" : "f:\(number.bitPattern)"
    case .boolean: return "b:\(value.bool ?? false)"
    case .offsetDateTime: return "odt:" + fields(value.dateTime!)
    case .localDateTime: return "ldt:" + fields(value.dateTime!)
    case .localDate: return "d:" + fields(value.dateTime!)
    case .localTime: return "t:" + fields(value.dateTime!)
    case .array: return "[" + (value.array ?? []).map(canonical).joined(separator: ",") + "]"
    case .table:
        let table = value.table!
        let keys = table.keys.map { (hexUTF8($0), $0) }.sorted { $0.0 < $1.0 }
        return "{" + keys.map { "\($0.0)=" + canonical(table[$0.1]!) }.joined(separator: ",") + "}"
    }
}

/// The Python side: reads length-prefixed documents from the file argv[1] and writes one line
/// per document to argv[2], in the form `canonical` writes.
private let tomllibScript = #"""
import datetime, struct, sys, tomllib

def canon(v):
    if isinstance(v, bool):
        return "b:" + ("true" if v else "false")
    if isinstance(v, int):
        if not -2**63 <= v < 2**63:
            raise ValueError("integer beyond 64 bits")  # TOML asks readers to refuse it
        return "i:%d" % v
    if isinstance(v, float):
        return "f:nan" if v != v else "f:%d" % struct.unpack("<Q", struct.pack("<d", v))[0]
    if isinstance(v, str):
        return "s:" + v.encode("utf-8").hex()
    if isinstance(v, datetime.datetime):
        f = [v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond]
        off = v.utcoffset()
        if off is None:
            return "ldt:" + "_".join(map(str, f))
        return "odt:" + "_".join(map(str, f + [off.days * 1440 + off.seconds // 60]))
    if isinstance(v, datetime.date):
        return "d:" + "_".join(map(str, [v.year, v.month, v.day]))
    if isinstance(v, datetime.time):
        return "t:" + "_".join(map(str, [v.hour, v.minute, v.second, v.microsecond]))
    if isinstance(v, list):
        return "[" + ",".join(canon(x) for x in v) + "]"
    if isinstance(v, dict):
        keys = sorted(v, key=lambda k: k.encode("utf-8"))
        return "{" + ",".join(k.encode("utf-8").hex() + "=" + canon(v[k]) for k in keys) + "}"
    raise TypeError(type(v))

data = open(sys.argv[1], "rb").read()
out, pos = [], 0
while pos < len(data):
    end = data.index(b"\n", pos)
    size = int(data[pos:end])
    doc = data[end + 1:end + 1 + size]
    pos = end + 1 + size
    try:
        out.append("ok " + canon(tomllib.loads(doc.decode("utf-8"))))
    except Exception as e:
        out.append("err " + type(e).__name__ + ": " + str(e).replace("\n", " "))
with open(sys.argv[2], "w") as f:
    f.write("\n".join(out) + "\n")
"""#

/// What tomllib answers for each of `documents`, read by one python3 process.
private func tomllibAnswers(python: String, _ documents: [[UInt8]]) throws -> [String] {
    let directory = try TemporaryDirectory()
    var input: [UInt8] = []
    for document in documents { input += Array("\(document.count)\n".utf8) + document }
    let inputPath = directory.path + "/documents"
    let outputPath = directory.path + "/answers"
    let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw TestFailure(description: "cannot write \(inputPath): \(errno)") }
    let written = input.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == input.count else { throw TestFailure(description: "short write to \(inputPath)") }
    let result = run([python, "-c", tomllibScript, inputPath, outputPath])
    guard result.status == 0, let output = readFile(outputPath) else {
        throw TestFailure(description: "python3 failed (\(result.status)): \(result.output)")
    }
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// Draws from `SeededRandom` as the generator needs.
extension SeededRandom {
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True `percent` times in 100.
    fileprivate mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    fileprivate mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}

/// Writes random valid TOML 1.0 documents using every part of the syntax, and mutates them.
///
/// Valid by construction: every key and table name is new (a counter is part of each), tables
/// are defined once, and only where the rules allow (a sub-table of a defined one, the
/// table a deeper header made, elements of arrays of tables with their own sub-tables).
private struct TOMLGenerator {
    var random: SeededRandom
    private var counter = 0
    private var newline = "\n"

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func document() -> String {
        newline = random.chance(20) ? "\r\n" : "\n"
        var text = ""
        func line(_ content: String) { text += content + newline }
        if random.chance(30) { line("# a document \(counter) ✓") }
        text += keyValues().joined()
        var tables: [String] = []
        var madeOnTheWay: [String] = []
        for _ in 0..<random.int(0...5) {
            if random.chance(20), let table = madeOnTheWay.popLast() {
                line("[\(table)]\(comment())")
                tables.append(table)
            } else if random.chance(70) {
                let parent = !tables.isEmpty && random.chance(40) ? random.pick(tables) + "." : ""
                let between = random.chance(30) ? key() : ""
                if !between.isEmpty { madeOnTheWay.append(parent + between) }
                let table = parent + (between.isEmpty ? "" : between + pick([".", " . ", "\t.\t"])) + key()
                line("[" + pick(["", " ", "\t"]) + table + pick(["", " "]) + "]" + comment())
                tables.append(table)
            } else {
                let array = (!tables.isEmpty && random.chance(30) ? random.pick(tables) + "." : "") + key()
                for _ in 0..<random.int(1...3) {
                    line("[[\(array)]]\(comment())")
                    text += keyValues().joined()
                    if random.chance(40) { line("[\(array).\(key())]") }
                }
            }
            text += keyValues().joined()
            if random.chance(30) { line("") }
        }
        if random.chance(20) { text += "# the end without a line end" }
        return text
    }

    /// Changes 1 to 3 bytes: drops one, inserts one (often a byte that means something in
    /// TOML, sometimes invalid UTF-8 or a control character) or replaces one; or copies a
    /// line to another place, which defines keys and tables twice or out of their section.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("[]{}\"'=.,#\\\n\r\t _-+:0123456789eExobTZzin".utf8) + [0, 1, 0x7F, 0xC3, 0xA9, 0xFF, 0x80]
        var result = bytes
        if random.chance(25) {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            var moved = lines
            moved.insert(random.pick(lines), at: random.int(0...lines.count))
            return Array(moved.joined(separator: [UInt8(ascii: "\n")]))
        }
        for _ in 0..<random.int(1...3) {
            let at = random.int(0...result.count)
            switch random.int(0...2) {
            case 0 where at < result.count: result.remove(at: at)
            case 1 where at < result.count: result[at] = random.pick(alphabet)
            default: result.insert(random.pick(alphabet), at: at)
            }
        }
        return result
    }

    private mutating func pick(_ choices: [String]) -> String { random.pick(choices) }

    private mutating func comment() -> String { random.chance(25) ? pick([" # note", "\t#", " # ünïcödé # \"x\""]) : "" }

    /// A new key part, in one of the ways keys are written.
    private mutating func key() -> String {
        counter += 1
        switch random.int(0...6) {
        case 0, 1, 2: return "k\(counter)"
        case 3: return "key-\(counter)_x"
        case 4: return "\"quoted \(counter) é\""
        case 5: return "'literal.\(counter)'"
        default: return "\"esc\\t\(counter)\\u00E9\""
        }
    }

    /// 0 to 4 `key = value` lines, some with dotted keys sharing a new prefix.
    private mutating func keyValues() -> [String] {
        var lines: [String] = []
        var prefix: String?
        for _ in 0..<random.int(0...4) {
            if prefix == nil || random.chance(50) { prefix = random.chance(40) ? key() + pick([".", " . "]) : "" }
            let written = (prefix ?? "") + key()
            lines.append(written + pick([" = ", "=", "\t=  "]) + value(depth: 0) + comment() + newline)
        }
        return lines
    }

    private mutating func value(depth: Int) -> String {
        switch random.int(0...(depth < 3 ? 12 : 10)) {
        case 0, 1: return integer()
        case 2: return float()
        case 3: return random.chance(50) ? "true" : "false"
        case 4, 5: return basicString()
        case 6: return "'" + literalText() + "'"
        case 7: return multilineBasicString()
        case 8: return "'''" + (random.chance(50) ? newline : "") + literalText() + newline + literalText()
            + pick(["", "'", "''"]) + "'''"
        case 9, 10: return dateTime()
        case 11: return array(depth: depth)
        default: return inlineTable(depth: depth)
        }
    }

    private mutating func digits(_ value: Int, radix: Int = 10, underscores: Bool) -> String {
        var text = String(value, radix: radix, uppercase: random.chance(50))
        if underscores && text.count > 2 && random.chance(30) {
            let at = text.index(text.startIndex, offsetBy: random.int(1...(text.count - 1)))
            text.insert("_", at: at)
        }
        return text
    }

    private mutating func integer() -> String {
        switch random.int(0...5) {
        case 0: return "0x" + digits(random.int(0...0xFF_FFFF), radix: 16, underscores: true)
        case 1: return "0o" + digits(random.int(0...0o7777), radix: 8, underscores: true)
        case 2: return "0b" + digits(random.int(0...255), radix: 2, underscores: true)
        default: return pick(["", "+", "-"]) + digits(random.int(0...99_999_999), underscores: true)
        }
    }

    private mutating func float() -> String {
        switch random.int(0...9) {
        case 0: return pick(["inf", "+inf", "-inf", "nan", "+nan", "-nan", "-0.0", "0.0", "0e0"])
        case 1, 2: return pick(["", "-", "+"]) + digits(random.int(1...99_999), underscores: true)
            + pick(["e", "E"]) + pick(["", "+", "-"]) + digits(random.int(0...300), underscores: false)
        default:
            var text = pick(["", "-", "+"]) + digits(random.int(0...99_999), underscores: true) + "."
                + String(repeating: "0", count: random.int(0...3)) + digits(random.int(0...999_999), underscores: true)
            if random.chance(30) { text += pick(["e", "E"]) + pick(["", "+", "-"]) + digits(random.int(0...30), underscores: false) }
            return text
        }
    }

    private mutating func basicString() -> String {
        let pieces = ["plain", " ", "é", "中文", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\u00E9", "\\U0001F600", "\\b", "\\f", "\\r", "'", "#", "="]
        return "\"" + (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined() + "\""
    }

    private mutating func literalText() -> String {
        let pieces = ["raw", " ", "\\n", "\\", "\"", "é", "🙂", "#", "\t"]
        return (0..<random.int(0...5)).map { _ in random.pick(pieces) }.joined()
    }

    private mutating func multilineBasicString() -> String {
        var text = "\"\"\"" + (random.chance(50) ? newline : "")
        for _ in 0..<random.int(0...3) {
            text += basicString().dropFirst().dropLast()
            text += pick([newline, " \\" + newline + "   ", "\\" + newline + newline + "\t", "\"x", "x\"\"y"])
        }
        return text + pick(["", "\"", "\"\""]) + "\"\"\""
    }

    private mutating func dateTime() -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(random.int(1000...2999))-\(two(random.int(1...12)))-\(two(random.int(1...28)))"
        var time = "\(two(random.int(0...23))):\(two(random.int(0...59))):\(two(random.int(0...59)))"
        if random.chance(40) { time += "." + String(random.int(0...999_999_999_999)) }
        let offset = pick(["Z", "z", "+05:30", "-07:00", "+00:00", "-00:00", "+23:59"])
        switch random.int(0...3) {
        case 0: return date + pick(["T", "t", " "]) + time + offset
        case 1: return date + pick(["T", "t", " "]) + time
        case 2: return date
        default: return time
        }
    }

    private mutating func array(depth: Int) -> String {
        var text = "[" + pick(["", " ", newline + "  ", " # open" + newline])
        let count = random.int(0...4)
        for number in 0..<count {
            text += value(depth: depth + 1)
            if number < count - 1 || random.chance(30) {
                text += pick([", ", ",", " ,", "," + newline + "  ", ", # next" + newline])
            }
        }
        return text + pick(["", " ", newline]) + "]"
    }

    private mutating func inlineTable(depth: Int) -> String {
        let entries = (0..<random.int(0...3)).map { _ -> String in
            let prefix = random.chance(30) ? key() + "." : ""
            return prefix + key() + pick([" = ", "="]) + value(depth: depth + 1)
        }
        return "{" + pick(["", " "]) + entries.joined(separator: pick([", ", ","])) + pick(["", " "]) + "}"
    }
}
