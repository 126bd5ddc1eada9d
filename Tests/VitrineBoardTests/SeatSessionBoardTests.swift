import CEvdev
import Glibc
import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineDRM
import VitrineHeadless
import VitrineInput
import VitrineLinux
import VitrineTestSupport
@testable import VitrineBoard

/// `[system] session` in profiles.
@Suite struct SeatProfileTests {
    @Test func theSessionIsChosenAutomaticallyUnlessTheProfileSays() throws {
        #expect(try profile("").system.session == .automatic)
        #expect(try profile("[system]\nsession = \"auto\"\n").system.session == .automatic)
        #expect(try profile("[system]\nsession = \"seat\"\n").system.session == .seat)
        #expect(try profile("[system]\nsession = \"direct\"\n").system.session == .direct)
        #expect(BoardProfile.System() == BoardProfile.System(watchdog: true, console: .automatic, session: .automatic))
    }

    @Test func anUnknownSessionIsAnErrorOnItsLineNamingTheChoices() throws {
        let error = try #require(profileError("[system]\nwatchdog = true\nsession = \"logind\"\n"))
        #expect(error.description
                == "boards/test.toml:3: [system] session = \"logind\": must be one of \"auto\", \"seat\", \"direct\"")
        let wrongType = try #require(profileError("[system]\nsession = true\n"))
        #expect(wrongType.line == 2)
        #expect(wrongType.description.contains("must be one of \"auto\", \"seat\", \"direct\""))
        let misspelt = try #require(profileError("[system]\nsesion = \"seat\"\n"))
        #expect(misspelt.description.contains("did you mean session"))
    }

    @Test func theShippedProfilesSayHowTheyOpenDevices() throws {
        let x86 = try BoardProfile.load(named: "x86-kiosk", directories: [shippedBoardsDirectory])
        #expect(x86.system.session == .automatic)
        let text = try #require(readText(shippedBoardsDirectory + "/x86-kiosk.toml"))
        #expect(text.contains("session = \"auto\""))
        #expect(text.contains("\"seat\"") && text.contains("\"direct\""))
        // The VM ring runs as root and tests opening devices directly.
        #expect(try BoardProfile.load(named: "vkms", directories: [shippedBoardsDirectory]).system.session == .direct)
    }

    private func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 1024)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }
}

/// Which seat the board opens (`BoardPlatform.openSeat`) and how a seat's disable, enable and
/// Ctrl+Alt+Fn run through the board's parts (`BoardPlatform.startSeatSession`), on stand-ins:
/// a seat, a display and the real `LibInputSource` reading a scripted keyboard.
@MainActor
@Suite
struct SeatSessionBoardTests {
    private let journal = SwitchingJournal()
    private let loop = ManualMainLoop()
    private let logs = LogCapture()

    private var logger: Logger {
        logs.logger
    }

    private func profile(session: BoardProfile.SessionMode = .automatic, allowsVTSwitching: Bool = false) -> BoardProfile {
        var profile = BoardProfile(name: "test-board")
        profile.system.session = session
        profile.input.allowsVTSwitching = allowsVTSwitching
        return profile
    }

    // MARK: Choosing

    @Test func directOpensNoSeat() throws {
        var asked: [String?] = []
        let seat = try BoardPlatform.openSeat(for: profile(session: .direct), reachable: { .seatd(socket: "/run/seatd.sock") },
                                              open: { backend throws(SeatError) in
                                                  asked.append(backend)
                                                  throw .closed
                                              }, logger: logger)
        #expect(seat == nil)
        #expect(asked.isEmpty)
    }

    @Test func seatLetsLibseatChooseAndFailsWithTheRemedy() throws {
        var asked: [String?] = []
        let failure = SeatError.noSeat(errno: .noSuchFileOrDirectory, messages: [])
        do {
            _ = try BoardPlatform.openSeat(for: profile(session: .seat), reachable: { nil },
                                           open: { backend throws(SeatError) in
                                               asked.append(backend)
                                               throw failure
                                           }, logger: logger)
            Issue.record("no seat, yet the board started")
        } catch {
            #expect(asked == [nil])
            guard case .session(let seatError, let name) = error else {
                Issue.record("not a session error: \(error)")
                return
            }
            #expect(seatError == failure)
            #expect(name == "test-board")
            #expect(error.exitStatus == 4)
            #expect(error.description.hasPrefix("board test-board: no seat"))
            #expect(error.description.contains("[system] session = \"direct\""))
        }
        let opened = try BoardPlatform.openSeat(for: profile(session: .seat), reachable: { nil },
                                                open: { _ throws(SeatError) in try SeatSession(backend: BoardSeat(journal: journal)) },
                                                logger: logger)
        #expect(opened?.isActive == true)
    }

    @Test func autoUsesTheSeatManagerItFindsElseOpensDirectly() throws {
        var asked: [String?] = []
        let none = try BoardPlatform.openSeat(for: profile(), reachable: { nil }, open: { backend throws(SeatError) in
            asked.append(backend)
            throw .closed
        }, logger: logger)
        #expect(none == nil)
        #expect(asked.isEmpty)
        #expect(logs.lines.contains { $0.contains("devices are opened directly") })

        let seat = try BoardPlatform.openSeat(for: profile(), reachable: { .logind(session: "3") },
                                              open: { backend throws(SeatError) in
                                                  asked.append(backend)
                                                  return try SeatSession(backend: BoardSeat(journal: journal))
                                              }, logger: logger)
        #expect(seat != nil)
        #expect(asked == ["logind"])
    }

    @Test func autoFallsBackToDirectWhenTheSeatFailsAndSaysSo() throws {
        let seat = try BoardPlatform.openSeat(for: profile(), reachable: { .seatd(socket: "/run/seatd.sock") },
                                              open: { _ throws(SeatError) in
                                                  throw .noSeat(errno: .permissionDenied, messages: [])
                                              }, logger: logger)
        #expect(seat == nil)
        #expect(logs.lines.contains {
            $0.hasPrefix("warning:") && $0.contains("seatd at /run/seatd.sock is reachable") && $0.contains("opening devices directly")
        })
    }

    // MARK: Disable, enable, Ctrl+Alt+Fn

    private struct Wired {
        let seat: BoardSeat
        let session: SeatSession
        let display: SwitchingDisplay
        let keyboard: SwitchingKeyboard
        let input: LibInputSource
        let switches: Bool
    }

    private func wire(allowsVTSwitching: Bool) throws -> Wired {
        let profile = profile(session: .seat, allowsVTSwitching: allowsVTSwitching)
        let seat = BoardSeat(journal: journal)
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        session.watch(on: loop)
        let display = SwitchingDisplay(journal: journal)
        let keyboard = SwitchingKeyboard(journal: journal)
        let input = try LibInputSource(backend: keyboard, configuration: BoardPlatform.inputConfiguration(profile),
                                       display: VirtualDisplay(mainLoop: loop), screenScale: 1, clock: loop.clock)
        let switches = BoardPlatform.startSeatSession(
            profile: profile, session: session, display: display, input: input,
            resignActive: { [journal] in journal.record("resigned active") },
            becomeActive: { [journal] in journal.record("became active") }, logger: logger)
        journal.clear()
        return Wired(seat: seat, session: session, display: display, keyboard: keyboard, input: input, switches: switches)
    }

    private func pressCtrlAltF2(_ wired: Wired) -> [String] {
        wired.keyboard.keys([(KEY_LEFTCTRL, true), (KEY_LEFTALT, true), (KEY_F2, true), (KEY_F2, false),
                             (KEY_LEFTALT, false), (KEY_LEFTCTRL, false)])
        var delivered: [String] = []
        wired.input.dispatch { event in
            if case .key(let code, let state, _, _, _, _) = event { delivered.append("key \(code) \(state)") }
        }
        return delivered
    }

    @Test func aDisabledSeatPausesEverythingBeforeTheDisableIsAcknowledged() throws {
        let wired = try wire(allowsVTSwitching: false)
        wired.seat.send(.disabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["resigned active", "display paused", "input suspended", "libseat_disable_seat"])
        #expect(!wired.session.isActive)
        #expect(logs.lines.contains { $0.contains("seat0 disabled") })
    }

    @Test func anEnabledSeatResumesTheDisplayThenInputKeepingMasterToTheSeat() throws {
        let wired = try wire(allowsVTSwitching: false)
        wired.seat.send(.disabled)
        loop.runUntilIdle()
        journal.clear()
        wired.seat.send(.enabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["display resumed", "input resumed", "became active"])
        #expect(wired.session.isActive)
    }

    @Test func aDisplayThatCannotResumeIsLoggedAndInputStillResumes() throws {
        let wired = try wire(allowsVTSwitching: false)
        wired.seat.send(.disabled)
        loop.runUntilIdle()
        wired.display.resumeFailure = .systemCall(path: "/dev/dri/card0", operation: "drmModeAtomicCommit", errno: .ioError)
        journal.clear()
        wired.seat.send(.enabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["display resumed", "input resumed", "became active"])
        #expect(logs.lines.contains { $0.hasPrefix("error:") && $0.contains("switch away and back") })
    }

    @Test func lockedDownCtrlAltFnAreOrdinaryKeys() throws {
        let wired = try wire(allowsVTSwitching: false)
        #expect(!wired.switches)
        #expect(wired.input.vtSwitchHandler == nil)
        let delivered = pressCtrlAltF2(wired)
        #expect(delivered.contains("key \(KEY_F2) pressed"))
        #expect(!journal.entries.contains { $0.hasPrefix("libseat_switch_session") })
    }

    @Test func allowedCtrlAltF2AsksTheSeatToSwitch() throws {
        let wired = try wire(allowsVTSwitching: true)
        #expect(wired.switches)
        let delivered = pressCtrlAltF2(wired)
        #expect(!delivered.contains { $0.hasPrefix("key \(KEY_F2)") })
        #expect(journal.entries == ["libseat_switch_session 2"])
        // The switch itself arrives as a disable.
        wired.seat.send(.disabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["libseat_switch_session 2", "resigned active", "display paused", "input suspended",
                                    "libseat_disable_seat"])
    }

    @Test func aRefusedSwitchIsLogged() throws {
        let wired = try wire(allowsVTSwitching: true)
        wired.seat.switchFailure = .invalidArgument
        _ = pressCtrlAltF2(wired)
        #expect(logs.lines.contains { $0.contains("Ctrl+Alt+F2") && $0.contains("would not switch to session 2") })
        #expect(wired.session.isActive)
    }
}

// MARK: Stand-ins

/// An enabled seat whose events wait until dispatched; calls journalled.
@MainActor
private final class BoardSeat: SeatBackend {
    let seatName = "seat0"
    var fileDescriptor: Int32? { nil }
    var readinessHandler: (@MainActor () -> Void)?
    let journal: SwitchingJournal
    var switchFailure: Errno?
    private var connection: [SeatEvent] = [.enabled]
    private var received: [SeatEvent] = []

    init(journal: SwitchingJournal) { self.journal = journal }

    func send(_ event: SeatEvent) {
        connection.append(event)
        readinessHandler?()
    }

    func dispatch(timeoutMilliseconds: Int32) throws(Errno) -> Int {
        received += connection
        defer { connection.removeAll() }
        return connection.count
    }

    func takeEvents() -> [SeatEvent] {
        defer { received.removeAll() }
        return received
    }

    func openDevice(atPath path: String) throws(Errno) -> (descriptor: Int32, id: Int32) {
        journal.record("libseat_open_device \(path)")
        return (open("/dev/null", O_RDWR | O_CLOEXEC), 1)
    }

    func closeDevice(id: Int32) throws(Errno) { journal.record("libseat_close_device \(id)") }
    func disableSeat() throws(Errno) { journal.record("libseat_disable_seat") }

    func switchSession(_ number: Int32) throws(Errno) {
        if let switchFailure { throw switchFailure }
        journal.record("libseat_switch_session \(number)")
    }

    func close() { journal.record("libseat_close_seat") }
}
