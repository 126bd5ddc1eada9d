import Glibc
import Testing
import VitrineLinux

extension KernelRing {
    /// Start-up on a real kernel: the demo started as systemd starts the kiosk (with a
    /// `NOTIFY_SOCKET`), timed from the spawn to its READY=1 — which the app sends when its first
    /// frame has reached the screen (`Application.whenFirstFrameIsOnScreen`). A figure, not an
    /// assertion on time; what is asserted is that READY comes, once, and SIGTERM still ends it.
    @Suite("Start-up")
    @MainActor
    struct StartUp {
        @Test("figure: the demo from spawn to its first frame on vkms (READY=1)")
        func demoStartsAndReportsReady() throws {
            let socketPath = "/tmp/vitrine-notify-\(getpid())"
            unlink(socketPath)
            let listener = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(listener >= 0, "socket: errno \(errno)")
            defer { close(listener); unlink(socketPath) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                let bytes = Array(socketPath.utf8)
                for (i, byte) in bytes.enumerated() where i < raw.count - 1 { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "bind \(socketPath): errno \(errno)")

            let start = MonotonicClock.read()
            let child = try ChildProcess(KernelRing.binDirectory + "/vitrine-demo", [],
                                         extraEnvironment: ["NOTIFY_SOCKET=\(socketPath)"])
            var messages: [String] = []
            var readyAt: Double?
            var remaining = 60_000
            while readyAt == nil && remaining > 0 {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 20) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = recv(listener, &buffer, buffer.count, 0)
                    if count > 0 {
                        let message = String(decoding: buffer[0..<count], as: UTF8.self)
                        messages.append(message)
                        if message.split(separator: "\n").contains("READY=1") { readyAt = MonotonicClock.read() }
                    }
                }
                if !child.readOutput(waitingAtMost: 0) && readyAt == nil { break }   // it exited
                remaining -= 20
            }
            let ready = try #require(readyAt, "vitrine-demo never sent READY=1; it sent \(messages):\n\(child.text)")
            Figures.record("startup_to_first_frame_ms", (ready - start) * 1000, decimals: 1)
            kill(child.pid, SIGTERM)
            let ending = child.wait(seconds: 30)
            if case .exited = ending {} else { Issue.record("vitrine-demo did not exit on SIGTERM: \(ending)\n\(child.text)") }
            #expect(messages.filter { $0.contains("READY=1") }.count == 1)
        }
    }
}
