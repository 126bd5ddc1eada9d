/// Numbers and dates: each form is matched in full first (as TOML's grammar writes it), then
/// converted, so what follows a value is left to the caller to accept or refuse (`0123` is
/// `0` followed by `123`, which no caller accepts).
extension TOMLParser {
    /// A date-time, date, time, integer, float, `inf` or `nan`, tried in that order.
    mutating func parseScalar() throws(TOMLSyntaxError) -> TOMLNode.Payload {
        let start = position
        if let (date, end) = matchDate(at: index) {
            index = end
            var time: TOMLDateTime.Time?
            var offset: Int?
            // A time after a `T` or a space makes a date-time; else the date stands alone.
            if let separator = peek(), [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(separator),
               let (matched, timeEnd) = matchTime(at: index + 1) {
                time = matched
                index = timeEnd
                if let (minutes, offsetEnd) = matchOffset(at: index) {
                    offset = minutes
                    index = offsetEnd
                }
            }
            guard TOMLDateTime.isValid(year: date.year, month: date.month, day: date.day) else {
                throw error("\(TOMLDateTime(date: date, time: nil)) is not a date: that month has no day \(date.day)", at: start)
            }
            return .dateTime(TOMLDateTime(date: date, time: time, offsetMinutes: offset))
        }
        if let (time, end) = matchTime(at: index) {
            index = end
            return .dateTime(TOMLDateTime(date: nil, time: time))
        }
        if let number = matchNumber(at: index) {
            index = number.end
            let digits = bytes[number.start..<number.end].filter { $0 != UInt8(ascii: "_") }
            if number.isFloat {
                // The standard library's conversion rounds correctly; out of range is ±inf,
                // as in other TOML readers.
                guard let value = Double(String(decoding: digits, as: UTF8.self)) else {
                    throw error("not a number", at: start)
                }
                return .float(value)
            }
            guard let value = integer(digits, radix: number.radix) else {
                throw error("\(String(decoding: bytes[start.offset..<number.end], as: UTF8.self)) is beyond a 64-bit integer "
                            + "(-9223372036854775808 to 9223372036854775807); write it as a float or a string", at: start)
            }
            return .integer(value)
        }
        for (word, value) in [("inf", Double.infinity), ("nan", Double.nan)] {
            for sign in ["", "+", "-"] where matches(sign + word, at: index) {
                index += sign.utf8.count + 3
                return .float(sign == "-" ? -value : value)
            }
        }
        throw error("expected a value (a string in quotes, a number, true, false, a date, [an array] or {an inline table}), found \(found)")
    }

    private func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }

    private func matches(_ word: String, at start: Int) -> Bool {
        var at = start
        for expected in word.utf8 {
            guard byte(at) == expected else { return false }
            at += 1
        }
        return true
    }

    /// Two decimal digits from `at` whose value is in `range`.
    private func twoDigits(at: Int, in range: ClosedRange<Int>) -> Int? {
        guard let high = byte(at).flatMap({ digitValue($0, radix: 10) }),
              let low = byte(at + 1).flatMap({ digitValue($0, radix: 10) }) else { return nil }
        let value = high * 10 + low
        return range.contains(value) ? value : nil
    }

    /// `YYYY-MM-DD` with a month of 1…12 and a day of 1…31 (whether the month has the day is
    /// checked after).
    private func matchDate(at start: Int) -> (TOMLDateTime.Date, Int)? {
        guard let century = twoDigits(at: start, in: 0...99), let year = twoDigits(at: start + 2, in: 0...99),
              byte(start + 4) == UInt8(ascii: "-"), let month = twoDigits(at: start + 5, in: 1...12),
              byte(start + 7) == UInt8(ascii: "-"), let day = twoDigits(at: start + 8, in: 1...31) else { return nil }
        return (TOMLDateTime.Date(year: century * 100 + year, month: month, day: day), start + 10)
    }

    /// `HH:MM:SS` with an optional fraction of any length (nanoseconds kept).
    private func matchTime(at start: Int) -> (TOMLDateTime.Time, Int)? {
        guard let hour = twoDigits(at: start, in: 0...23), byte(start + 2) == UInt8(ascii: ":"),
              let minute = twoDigits(at: start + 3, in: 0...59), byte(start + 5) == UInt8(ascii: ":"),
              let second = twoDigits(at: start + 6, in: 0...59) else { return nil }
        var end = start + 8
        var nanosecond = 0
        if byte(end) == UInt8(ascii: "."), byte(end + 1).flatMap({ digitValue($0, radix: 10) }) != nil {
            end += 1
            var scale = 100_000_000
            while let digit = byte(end).flatMap({ digitValue($0, radix: 10) }) {
                nanosecond += digit * scale
                scale /= 10
                end += 1
            }
        }
        return (TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond), end)
    }

    /// `Z` or `±HH:MM`, in minutes east of UTC.
    private func matchOffset(at start: Int) -> (Int, Int)? {
        if byte(start) == UInt8(ascii: "Z") || byte(start) == UInt8(ascii: "z") { return (0, start + 1) }
        guard let sign = byte(start), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              let hours = twoDigits(at: start + 1, in: 0...23), byte(start + 3) == UInt8(ascii: ":"),
              let minutes = twoDigits(at: start + 4, in: 0...59) else { return nil }
        let total = hours * 60 + minutes
        return (sign == UInt8(ascii: "-") ? -total : total, start + 6)
    }

    /// An integer (`+17`, `1_000`, `0xDEAD_BEEF`, `0o755`, `0b1101`) or a float (`-3.14`,
    /// `6.626e-34`, `1e6`): digits, with single underscores only between digits.
    private func matchNumber(at start: Int) -> (start: Int, end: Int, radix: Int, isFloat: Bool)? {
        if byte(start) == UInt8(ascii: "0"), let letter = byte(start + 1) {
            let radix = letter == UInt8(ascii: "x") ? 16 : letter == UInt8(ascii: "o") ? 8 : letter == UInt8(ascii: "b") ? 2 : 0
            if radix > 0, byte(start + 2).flatMap({ digitValue($0, radix: radix) }) != nil {
                return (start + 2, digits(from: start + 2, radix: radix), radix, false)
            }
        }
        var end = start
        if byte(end) == UInt8(ascii: "+") || byte(end) == UInt8(ascii: "-") { end += 1 }
        guard let first = byte(end), let value = digitValue(first, radix: 10) else { return nil }
        // No leading zeros: a 0 stands alone.
        end = value == 0 ? end + 1 : digits(from: end, radix: 10)
        var isFloat = false
        if byte(end) == UInt8(ascii: "."), byte(end + 1).flatMap({ digitValue($0, radix: 10) }) != nil {
            end = digits(from: end + 1, radix: 10)
            isFloat = true
        }
        if byte(end) == UInt8(ascii: "e") || byte(end) == UInt8(ascii: "E") {
            var exponent = end + 1
            if byte(exponent) == UInt8(ascii: "+") || byte(exponent) == UInt8(ascii: "-") { exponent += 1 }
            if byte(exponent).flatMap({ digitValue($0, radix: 10) }) != nil {
                end = digits(from: exponent, radix: 10)
                isFloat = true
            }
        }
        return (start, end, 10, isFloat)
    }

    /// The end of the digits from `start` (a digit): digits, and underscores each between two.
    private func digits(from start: Int, radix: Int) -> Int {
        var end = start + 1
        while true {
            if byte(end).flatMap({ digitValue($0, radix: radix) }) != nil {
                end += 1
            } else if byte(end) == UInt8(ascii: "_"), byte(end + 1).flatMap({ digitValue($0, radix: radix) }) != nil {
                end += 2
            } else {
                return end
            }
        }
    }

    /// The integer written by `digits` (an optional sign, then digits of `radix`), nil when
    /// it does not fit 64 bits.
    private func integer(_ digits: [UInt8], radix: Int) -> Int64? {
        var magnitude: UInt64 = 0
        var isNegative = false
        for byte in digits {
            if byte == UInt8(ascii: "-") { isNegative = true; continue }
            guard let digit = digitValue(byte, radix: radix) else { continue }   // "+"
            let (shifted, overflowed) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
            let (sum, carried) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflowed, !carried else { return nil }
            magnitude = sum
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}
