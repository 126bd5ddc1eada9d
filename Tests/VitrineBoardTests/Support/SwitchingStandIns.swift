import Glibc
import VitrineDRM
import VitrineInput
@testable import VitrineBoard

// Stand-ins shared by the VT-switch tests (`VTSwitchingTests`) and the seat-session tests
// (`SeatSessionBoardTests`): both drive the board's switch wiring and read back, in one ordered
// list, what it asked of the display and input. The console and seat stand-ins stay with their tests;
// what the board logs is read with `LogCapture` (VitrineTestSupport).

/// Stands in for the outside world's record of a switch: console or seat requests, display
/// and input calls, and cancelled touches, in the order they happened.
@MainActor
final class SwitchingJournal {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// Stands in for the DRM display's side of a switch (`VTSwitchDisplay`): pause and resume are
/// journalled as "display paused[, dropping master]" and "display resumed[, taking master]";
/// `resumeFailure` is thrown by `resume` after it is journalled.
@MainActor
final class SwitchingDisplay: VTSwitchDisplay {
    let journal: SwitchingJournal
    var resumeFailure: DRMError?

    init(journal: SwitchingJournal) { self.journal = journal }

    func pause(droppingMaster: Bool) {
        journal.record(droppingMaster ? "display paused, dropping master" : "display paused")
    }

    func resume(takingMaster: Bool) throws(DRMError) {
        journal.record(takingMaster ? "display resumed, taking master" : "display resumed")
        if let resumeFailure { throw resumeFailure }
    }
}

/// Stands in for libinput (`LibInputBackend`) with one keyboard (device 1) whose keys the test
/// scripts; suspend and resume are journalled as "input suspended" and "input resumed", and
/// remove and re-add the keyboard as libinput does.
@MainActor
final class SwitchingKeyboard: LibInputBackend {
    /// Not a real descriptor: the tests dispatch the source themselves.
    let fileDescriptor: Int32 = 1_000
    let origin = "seat seat0"
    let openFailures: [InputDeviceOpenFailure] = []
    let journal: SwitchingJournal
    private var queue: [RawInputEvent] = []
    private var time: UInt64 = 1_000_000
    private let device = RawDeviceHandle(1)

    init(journal: SwitchingJournal) {
        self.journal = journal
        queue.append(.deviceAdded(RawDeviceInfo(handle: device, name: "keyboard", sysname: "event1", capabilities: .keyboard)))
    }

    /// Queues key presses and releases (evdev code, pressed), 1 ms apart.
    func keys(_ keys: [(Int32, Bool)]) {
        for (code, pressed) in keys {
            time += 1_000
            queue.append(.key(device, code: Int(code), isPressed: pressed, seatKeyCount: pressed ? 1 : 0, time: time))
        }
    }

    func dispatch(panelWidth: Int, panelHeight: Int, _ body: (RawInputEvent) -> Void) throws(InputError) {
        let events = queue
        queue.removeAll()
        for event in events { body(event) }
    }

    func setCalibration(_ matrix: CalibrationMatrix, for device: RawDeviceHandle) -> Bool { false }
    func requestDispatch() {}

    func suspend() {
        journal.record("input suspended")
        queue.append(.deviceRemoved(device))
    }

    func resume() throws(InputError) {
        journal.record("input resumed")
        queue.append(.deviceAdded(RawDeviceInfo(handle: device, name: "keyboard", sysname: "event1", capabilities: .keyboard)))
    }
}
