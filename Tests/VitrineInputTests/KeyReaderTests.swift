import CEvdev
import Glibc
import Testing
import VitrineInput

/// The key reader (issue 35, "no key lost"): its thread reads keyboards as soon as keys arrive
/// and queues them, in order, in a ring that never grows; the main actor drains it. Scripted
/// streams stand in for the evdev clients; the thread, its epoll and the lock are the real ones.
@MainActor
struct KeyReaderTests {
    private let path = "/dev/input/event7"

    /// Drains `reader` until `count` entries came (or five seconds pass).
    private func drain(_ reader: KeyReader, count: Int) -> [QueuedKey] {
        var got: [QueuedKey] = []
        got.reserveCapacity(count)
        _ = eventually {
            reader.drain { got.append($0) }
            return got.count >= count
        }
        return got
    }

    @Test func keysArriveInTheOrderTypedExactlyOnceAndTheQueueNeverGrows() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader(capacity: 512)
        let token = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        let storage = reader.queueStorageAddress
        // 5 000 strokes, ten times the queue: the thread waits for room and goes on.
        let codes: [Int32] = (0..<5_000).map { Int32(KEY_Q) + Int32($0 % 10) }
        for code in codes { stream.tap(code) }
        let got = drain(reader, count: 10_000)
        #expect(got.count == 10_000)
        let expected = codes.flatMap { [(UInt16($0), QueuedKey.Kind.pressed), (UInt16($0), .released)] }
        #expect(got.map(\.code) == expected.map(\.0))
        #expect(got.map(\.kind) == expected.map(\.1))
        #expect(got.allSatisfy { $0.device == token })
        #expect(zip(got, got.dropFirst()).allSatisfy { $0.time < $1.time }, "kernel times in order")
        #expect(reader.queueStorageAddress == storage, "the queue's storage was reallocated")
        #expect(reader.queuedCount == 0)
    }

    @Test func keysQueuedWhileTheMainActorIsBusyAreAllThereAfterwards() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader()
        _ = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        // The main actor does not drain: the thread reads and queues all of it meanwhile.
        for code in Int32(KEY_1)...Int32(KEY_0) { stream.tap(code) }
        #expect(eventually { reader.queuedCount == 20 })
        #expect(stream.nextCalls > 0)
        var codes: [UInt16] = []
        reader.drain { codes.append($0.code) }
        #expect(codes == (Int32(KEY_1)...Int32(KEY_0)).flatMap { [UInt16($0), UInt16($0)] })
    }

    @Test func aFullQueueStopsTheThreadReadingUntilADrainMakesRoomWithoutSpinning() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader(capacity: 8)
        _ = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        for _ in 0..<10 { stream.tap(Int32(KEY_A)) }
        #expect(eventually { reader.queuedCount == 8 })
        let calls = stream.nextCalls
        usleep(50_000)
        #expect(stream.nextCalls == calls, "the thread read on with the queue full")
        let got = drain(reader, count: 20)
        #expect(got.map(\.kind) == Array(repeating: [QueuedKey.Kind.pressed, .released], count: 10).flatMap { $0 })
    }

    @Test func onlyKeyPressesAndReleasesAreQueued() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader()
        _ = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        stream.key(Int32(KEY_A), 1)
        stream.key(Int32(KEY_A), 2) // auto-repeat: the app repeats
        stream.push([.event(stream.event(Int32(EV_MSC), Int32(MSC_SCAN), 0x70004))])
        stream.key(Int32(BTN_LEFT), 1) // a button: libinput's
        stream.key(Int32(KEY_A), 0)
        stream.key(Int32(KEY_OK), 1) // a key of the second range (remotes)
        let got = drain(reader, count: 3)
        #expect(got.map(\.code) == [UInt16(KEY_A), UInt16(KEY_A), UInt16(KEY_OK)])
        #expect(got.map(\.kind) == [.pressed, .released, .pressed])
    }

    @Test func aSynDroppedIsQueuedAndTheResyncsKeysFollow() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader()
        _ = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        stream.key(Int32(KEY_A), 1)
        // The kernel's buffer overflowed; libevdev's resync says B is down now, then it is done.
        stream.push([.dropped(stream.event(Int32(EV_SYN), Int32(SYN_DROPPED), 0)),
                     .event(stream.event(Int32(EV_KEY), Int32(KEY_B), 1)),
                     .event(stream.event(Int32(EV_SYN), Int32(SYN_REPORT), 0)), .empty])
        stream.key(Int32(KEY_C), 1)
        let got = drain(reader, count: 4)
        #expect(got.map(\.kind) == [.pressed, .dropped, .pressed, .pressed])
        #expect(got.map(\.code) == [UInt16(KEY_A), 0, UInt16(KEY_B), UInt16(KEY_C)])
    }

    @Test func aFailedReadIsQueuedAsLostAndTheKeyboardClosed() throws {
        let keyboards = ScriptedKeyboards([path])
        let reader = try keyboards.reader()
        let token = try reader.add(path: path)
        let stream = try #require(keyboards.stream(at: path))
        stream.key(Int32(KEY_A), 1)
        stream.push([.failed(.operationNotSupportedByDevice)])
        let got = drain(reader, count: 2)
        #expect(got.map(\.kind) == [.pressed, .lost])
        #expect(got.last?.code == UInt16(ENODEV))
        #expect(got.last?.device == token)
        #expect(eventually { stream.isClosed })
    }

    @Test func aRemovedKeyboardIsClosedByTheThreadAndAReleasedReaderClosesTheRest() throws {
        let keyboards = ScriptedKeyboards([path, "/dev/input/event8"])
        var reader: KeyReader? = try keyboards.reader()
        let first = try #require(reader).add(path: path)
        _ = try #require(reader).add(path: "/dev/input/event8")
        let removed = try #require(keyboards.stream(at: path))
        let kept = try #require(keyboards.stream(at: "/dev/input/event8"))
        reader?.remove(first)
        #expect(eventually { removed.isClosed })
        #expect(!kept.isClosed)
        reader = nil // joins the thread
        #expect(kept.isClosed)
    }

    @Test func aKeyboardThatCannotBeOpenedThrowsAndIsNotRead() throws {
        let keyboards = ScriptedKeyboards()
        let reader = try keyboards.reader()
        #expect(throws: EvdevError.permissionDenied(path: path)) { try reader.add(path: path) }
        #expect(reader.readTokens.isEmpty)
    }
}
