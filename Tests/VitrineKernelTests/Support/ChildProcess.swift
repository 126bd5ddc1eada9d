import Glibc

/// A program the tests start (`vitrine flip-test`, `vitrine-demo`), with its standard output and
/// error read through a pipe. Waiting is bounded: a child that outlives its deadline is killed.
@MainActor
final class ChildProcess {
    /// How a child ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case stillRunning

        var description: String {
            switch self {
            case .exited(let status): "exited with \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            case .stillRunning: "still running"
            }
        }
    }

    let pid: pid_t
    let commandLine: String
    private let output: Int32
    private var isOutputOpen = true
    private(set) var text = ""
    private(set) var ending = Ending.stillRunning

    /// Starts `path` with `arguments`, its stdout and stderr into one pipe, with this
    /// process's environment plus `extraEnvironment` (`NAME=value` entries).
    init(_ path: String, _ arguments: [String], extraEnvironment: [String] = []) throws {
        commandLine = ([path] + arguments).joined(separator: " ")
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw KernelSetupError("pipe: errno \(errno)") }
        // Close-on-exec, so that children started later do not inherit this one's pipe.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        // The child starts with the signals the test's run loop blocked: unblock them, or its
        // own loop could not be stopped by SIGTERM the ordinary way.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            envp.append(strdup(entry))
            index += 1
        }
        envp += extraEnvironment.map { strdup($0) }
        envp.append(nil)
        defer { for pointer in envp { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            throw KernelSetupError("cannot start \(path): errno \(result) — was it built (swift build --build-tests builds every product)?")
        }
        pid = child
        output = ends[0]
    }

    isolated deinit {
        if ending == .stillRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if isOutputOpen { close(output) }
    }

    /// Reads what the child wrote, waiting at most `milliseconds` for something to arrive.
    /// Returns false once its output is closed (it exited, or closed it).
    @discardableResult
    func readOutput(waitingAtMost milliseconds: Int32) -> Bool {
        guard isOutputOpen else { return false }
        var poll = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(output, &buffer, buffer.count)
        if count > 0 {
            text += String(decoding: buffer.prefix(count), as: UTF8.self)
            return true
        }
        if count < 0 && errno == EINTR { return true }
        close(output)
        isOutputOpen = false
        return false
    }

    /// Waits until the child exits, at most `seconds`; then kills it. Returns how it ended.
    @discardableResult
    func wait(seconds: Double) -> Ending {
        var remaining = Int32(seconds * 1000)
        while remaining > 0 && readOutput(waitingAtMost: min(remaining, 100)) {
            remaining -= 100
        }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            // Its output closed but it lives on, or the time is up: give it what is left, then kill.
            if remaining <= 0 { kill(pid, SIGKILL) }
            waitpid(pid, &status, 0)
            if remaining <= 0 {
                ending = .signalled(SIGKILL)
                return ending
            }
        }
        ending = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        return ending
    }
}
