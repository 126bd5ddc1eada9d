import Testing
import Vitrine
@testable import VitrineInput

/// `ScanAssembler`: a scanner's keys (their characters and the kernel's times) into codes —
/// ended by Return or by a pause read from the keys' times, bounded in length, discarded
/// when the kernel dropped events, dropped when the scanner goes.
struct ScanAssemblerTests {
    /// Presses each character of `text` 4 ms apart from `start` (a release 2 ms after each),
    /// then Return when `returns`; the completions, in order.
    private func type(_ text: String, on assembler: inout ScanAssembler, from start: Double = 10,
                      spacing: Double = 0.004, returns: Bool = true) -> [ScanAssembler.Completion] {
        var completions: [ScanAssembler.Completion] = []
        var time = start
        func press(_ characters: String, isReturn: Bool) {
            if let done = assembler.endIfPaused(at: time) { completions.append(done) }
            if let done = assembler.press(characters: characters, isReturn: isReturn, at: time) { completions.append(done) }
            assembler.release(at: time + spacing / 2)
            time += spacing
        }
        for character in text { press(String(character), isReturn: false) }
        if returns { press("", isReturn: true) }
        return completions
    }

    private func codes(_ completions: [ScanAssembler.Completion]) -> [String] {
        completions.compactMap { if case .scan(let scan) = $0 { scan.code } else { nil } }
    }

    @Test func returnEndsACodeAndIsNotPartOfIt() throws {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 64)
        let done = type("4006381333931", on: &assembler)
        #expect(done.count == 1)
        let scan = try #require(done.first.flatMap { if case .scan(let scan) = $0 { scan } else { nil } })
        #expect(scan.code == "4006381333931" && scan.scanner == "Gun" && scan.ending == .returnKey && !scan.isTruncated)
        // Stamped with Return's time.
        #expect(abs(scan.timestamp - (10 + 13 * 0.004)) < 1e-9)
        #expect(!assembler.isReading && assembler.pauseDeadline == nil)
    }

    @Test func aLoneReturnOrShiftEndsAndBeginsNothing() {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 64)
        #expect(assembler.press(characters: "", isReturn: false, at: 1) == nil)
        #expect(!assembler.isReading)
        #expect(assembler.press(characters: "", isReturn: true, at: 1.01) == nil)
        #expect(type("", on: &assembler).isEmpty)
    }

    @Test func aPauseEndsACodeWithoutReturnAtItsLastKey() throws {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 64)
        #expect(type("ABC", on: &assembler, from: 10, returns: false).isEmpty)
        let deadline = try #require(assembler.pauseDeadline)
        // The last release was at 10.010; the code ends a gap later, not before.
        #expect(abs(deadline - 10.26) < 1e-9)
        #expect(assembler.endIfPaused(at: deadline - 0.001) == nil)
        // The next code's first key, later than the gap, ends the first before it begins.
        let done = type("DEF", on: &assembler, from: 10.3, returns: false)
        #expect(codes(done) == ["ABC"])
        if case .scan(let scan) = done.first {
            #expect(scan.ending == .pause && abs(scan.timestamp - 10.010) < 1e-9)
        }
        #expect(codes([assembler.endIfPaused(at: 11)].compactMap { $0 }) == ["DEF"])
    }

    @Test func keysCloserThanTheGapStayOneCodeHoweverLateTheyAreHandled() {
        // 60 characters, 4 ms apart, handled all at once two seconds later (a stalled main
        // thread): their times, not the moment they are handled, say they are one code.
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.01, maximumLength: 64)
        let code = String(repeating: "0123456789", count: 6)
        let done = type(code, on: &assembler, spacing: 0.009)
        #expect(codes(done) == [code])
    }

    @Test func anOverlongCodeIsCutAndTheRestUpToItsEndIsDropped() {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 8)
        let done = type("0123456789ABCDEF", on: &assembler)
        #expect(done.count == 1)
        if case .scan(let scan) = done.first {
            #expect(scan.code == "01234567" && scan.isTruncated)
        }
        // The next code is whole again.
        if case .scan(let scan) = type("XYZ", on: &assembler, from: 20).first {
            #expect(scan.code == "XYZ" && !scan.isTruncated)
        } else {
            Issue.record("the code after a cut one was not read")
        }
    }

    @Test func aCodeReadWhileEventsWereDroppedIsDiscarded() {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 64)
        _ = type("0123", on: &assembler, returns: false)
        assembler.dropped(at: 10.02)
        let done = type("4567", on: &assembler, from: 10.03)
        #expect(done == [.discarded(characters: 8)])
        #expect(codes(type("89", on: &assembler, from: 11)) == ["89"])
    }

    @Test func abandoningDropsThePartialCode() {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 64)
        _ = type("01234", on: &assembler, returns: false)
        #expect(assembler.pendingCharacters == 5)
        #expect(assembler.abandon() == 5)
        #expect(!assembler.isReading && assembler.endIfPaused(at: 100) == nil)
    }

    @Test func controlCharactersAndWideCharactersAreKeptAndCountedAsCharacters() {
        var assembler = ScanAssembler(scanner: "Gun", gap: 0.25, maximumLength: 4)
        // GS (Ctrl+]) between GS1 fields, and a character of 3 UTF-8 bytes.
        let done = type("01\u{1D}€9", on: &assembler)
        if case .scan(let scan) = done.first {
            #expect(scan.code == "01\u{1D}€" && scan.isTruncated)
        } else {
            Issue.record("no scan")
        }
    }
}
