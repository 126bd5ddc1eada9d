import CEvdev
import Glibc
import SystemPackage

/// One keyboard's own evdev client, as the key reader's thread reads it: the seam between
/// `KeyReader` and libevdev (`LibEvdevKeyboardStream`), so tests feed scripted streams to the
/// real thread without a kernel.
///
/// Contract: one owner at a time. The main actor opens a stream and hands it to the reader
/// (`KeyReader.add`), which from then on is the only one to touch it, on its thread: it waits
/// for `fileDescriptor` to be readable (epoll), calls `nextEvent(syncing:)` until `.empty`, and
/// calls `close()` once when it is done with it. Times are seconds of CLOCK_MONOTONIC.
package protocol KeyboardEventStream: AnyObject, Sendable {
    /// The descriptor that is readable when `nextEvent` has something; valid until `close()`.
    var fileDescriptor: Int32 { get }
    /// Reads the next event without blocking: normally, or, after `.dropped`, in sync mode
    /// until `.empty` (libevdev's `libevdev_next_event`).
    func nextEvent(syncing: Bool) -> EvdevRead
    /// Releases the device (libevdev state, then the descriptor); idempotent.
    func close()
}

/// A keyboard's event node opened once more, read-only, with libevdev: a client of its own,
/// so the kernel keeps a buffer for it beside libinput's (each open of an evdev node gets one)
/// and reading it takes nothing from libinput.
///
/// `@unchecked Sendable`: libevdev is not thread-safe, and this is safe because the stream is
/// used by one thread at a time. It is opened on the main actor, passes to the reader thread
/// through `KeyReader`'s locked command queue (the lock orders the hand-over), and is then
/// read and closed only on that thread.
package final class LibEvdevKeyboardStream: KeyboardEventStream, @unchecked Sendable {
    /// The node's descriptor (read-only, non-blocking, close-on-exec).
    package let fileDescriptor: Int32
    private var device: OpaquePointer?
    private var isClosed = false

    /// Opens `path` read-only and asks the kernel to stamp its events on CLOCK_MONOTONIC (the
    /// clock libinput sets too, and the run loop's). Throws `EvdevError`: the node is gone,
    /// may not be opened (not in group `input`, or a seat that opened libinput's devices),
    /// or is no evdev device.
    ///
    /// With `grabbing`, the client also takes the device for itself (EVIOCGRAB, through
    /// `libevdev_grab`): from then on the kernel hands its events to this client alone, so
    /// libinput, the console and every other reader see none of its keys — what a barcode
    /// scanner's node is opened with. A device another client grabbed first throws
    /// `.systemCall(path:operation: "EVIOCGRAB", errno: EBUSY)`. The grab ends with `close()`.
    package init(path: String, grabbing: Bool = false) throws(EvdevError) {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw EvdevError.opening(path, errno: Errno(rawValue: errno)) }
        var made: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor, &made)
        guard status == 0, let made else {
            _ = Glibc.close(descriptor)
            throw .notEvdev(path: path, errno: Errno(rawValue: -status))
        }
        let clock = libevdev_set_clock_id(made, CLOCK_MONOTONIC)
        guard clock == 0 else {
            libevdev_free(made)
            _ = Glibc.close(descriptor)
            throw .systemCall(path: path, operation: "EVIOCSCLOCKID", errno: Errno(rawValue: -clock))
        }
        if grabbing {
            let grab = libevdev_grab(made, LIBEVDEV_GRAB)
            guard grab == 0 else {
                libevdev_free(made)
                _ = Glibc.close(descriptor)
                throw .systemCall(path: path, operation: "EVIOCGRAB", errno: Errno(rawValue: -grab))
            }
        }
        self.fileDescriptor = descriptor
        self.device = made
    }

    deinit {
        close()
    }

    /// Opens `path` (for use as `KeyReader`'s opener).
    package static func open(_ path: String) throws(EvdevError) -> any KeyboardEventStream {
        try LibEvdevKeyboardStream(path: path)
    }

    /// Opens `path` and grabs it (for use as a scanner's `KeyReader`'s opener).
    package static func openGrabbing(_ path: String) throws(EvdevError) -> any KeyboardEventStream {
        try LibEvdevKeyboardStream(path: path, grabbing: true)
    }

    /// `libevdev_next_event`, in normal or sync mode; allocates nothing.
    package func nextEvent(syncing: Bool) -> EvdevRead {
        guard let device else { return .failed(.badFileDescriptor) }
        var event = input_event()
        let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let status = libevdev_next_event(device, flags, &event)
        if status == -EAGAIN { return .empty }
        if status < 0 { return .failed(Errno(rawValue: -status)) }
        let read = EvdevEvent(type: event.type, code: event.code, value: event.value,
                              time: Double(event.time.tv_sec) + Double(event.time.tv_usec) / 1_000_000)
        // In normal mode SYNC marks the SYN_DROPPED that asks for a resync; in sync mode every
        // event comes with it.
        if !syncing && status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { return .dropped(read) }
        return .event(read)
    }

    /// Frees libevdev's state, then closes the descriptor (the reverse of opening).
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        if let device { libevdev_free(device) }
        device = nil
        _ = Glibc.close(fileDescriptor)
    }
}
