import VitrineSeams

/// Puts one scanner's keys together into codes: the characters of each key press (already
/// translated with the scanner's keymap) are gathered until Return or keypad Enter ends the
/// code, or until no key came for the gap. Pure bookkeeping on the keys' times: no clock, no
/// thread, no timer (the source asks `endIfPaused(at:)` with a key's time or the loop's now).
///
/// - A code ends at Return or keypad Enter (`Scan.Ending.returnKey`), which is not part of it;
///   Return with nothing before it ends nothing.
/// - A key pressed `gap` seconds or more after the code's last key (press or release) begins
///   a new code: the old one ended at its last key (`.pause`). Times are the kernel's, so keys
///   read during a stall of the main thread keep their spacing and are not split.
/// - At most `maximumLength` characters are kept: the rest of a longer code, up to its end, is
///   dropped, and the code is delivered cut (`Scan.isTruncated`).
/// - After the kernel dropped key events (SYN_DROPPED) the code being read has holes: it is
///   discarded when it ends, never delivered.
///
/// Its buffer (4 bytes a character, UTF-8's most) is allocated once: a key appends without
/// allocating; a finished code is one `String`.
package struct ScanAssembler {
    /// How a code ended, as the source reports it.
    package enum Completion: Sendable, Equatable {
        /// A code to deliver (cut when `isTruncated`).
        case scan(Scan)
        /// A code with holes (the kernel dropped events while it was typed): `characters` were
        /// read and thrown away.
        case discarded(characters: Int)
    }

    /// The scanner's name, which every scan carries.
    package let scanner: String
    /// Seconds without a key that end a code.
    package let gap: Double
    /// The most characters a code keeps.
    package let maximumLength: Int

    private var bytes: [UInt8]
    private var byteCount = 0
    /// Characters (Unicode scalars) read into the code so far, kept or not.
    private var characterCount = 0
    /// The time of the code's last key, press or release (nil: no code begun).
    private var lastKeyTime: Double?
    private var hasHoles = false

    /// An empty assembler for `scanner`.
    package init(scanner: String, gap: Double, maximumLength: Int) {
        self.scanner = scanner
        self.gap = gap
        self.maximumLength = max(1, maximumLength)
        bytes = [UInt8](repeating: 0, count: self.maximumLength * 4)
    }

    /// Whether a code is begun and not ended.
    package var isReading: Bool { lastKeyTime != nil }
    /// How many characters the code being read has so far.
    package var pendingCharacters: Int { characterCount }
    /// When the code being read ends by a pause if no key comes (its last key's time plus
    /// the gap), in the keys' seconds; nil when none is being read.
    package var pauseDeadline: Double? { lastKeyTime.map { $0 + gap } }

    /// Ends the code being read if `time` is at or past its `pauseDeadline`: what a key
    /// pressed at `time` asks first, and what the loop's now asks when no key came (the same
    /// comparison, so a timer armed at the deadline always ends the code).
    package mutating func endIfPaused(at time: Double) -> Completion? {
        guard let last = lastKeyTime, let deadline = pauseDeadline, time >= deadline else { return nil }
        return finish(ending: .pause, at: last)
    }

    /// A key of the scanner went down at `time`, giving `characters` (empty for Shift and the
    /// like); `isReturn` for KEY_ENTER and KEY_KPENTER. Returns the code it ended, if any.
    /// Call `endIfPaused(at: time)` before.
    package mutating func press(characters: String, isReturn: Bool, at time: Double) -> Completion? {
        if isReturn {
            guard lastKeyTime != nil, characterCount > 0 || hasHoles else {
                reset()
                return nil
            }
            return finish(ending: .returnKey, at: time)
        }
        if characters.isEmpty && lastKeyTime == nil { return nil }  // a lone Shift begins nothing
        lastKeyTime = time
        for scalar in characters.unicodeScalars {
            characterCount += 1
            guard characterCount <= maximumLength else { continue }
            for byte in scalar.utf8 {
                bytes[byteCount] = byte
                byteCount += 1
            }
        }
        return nil
    }

    /// A key of the scanner came up at `time`: it keeps the code being read from pausing.
    package mutating func release(at time: Double) {
        if lastKeyTime != nil { lastKeyTime = time }
    }

    /// The kernel dropped events at `time` (SYN_DROPPED): the code being read, or the one
    /// that begins now, has holes and is discarded when it ends.
    package mutating func dropped(at time: Double) {
        hasHoles = true
        lastKeyTime = time
    }

    /// Forgets the code being read (the scanner went away); returns how many characters it had.
    package mutating func abandon() -> Int {
        let count = characterCount
        reset()
        return count
    }

    private mutating func finish(ending: Scan.Ending, at time: Double) -> Completion? {
        defer { reset() }
        if hasHoles { return .discarded(characters: characterCount) }
        guard characterCount > 0 else { return nil }
        let code = bytes.withUnsafeBufferPointer { String(decoding: $0.prefix(byteCount), as: UTF8.self) }
        return .scan(Scan(code: code, scanner: scanner, ending: ending, isTruncated: characterCount > maximumLength,
                          timestamp: time))
    }

    private mutating func reset() {
        byteCount = 0
        characterCount = 0
        lastKeyTime = nil
        hasHoles = false
    }
}
