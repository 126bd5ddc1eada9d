import Glibc

/// Figures a measuring process reports: one `vitrine-figure NAME=VALUE` line each on standard
/// output, the format `scripts/bench` also reads from the VM ring (`scripts/vm-test`).
public enum Figures {
    /// The prefix of every figure line.
    public static let prefix = "vitrine-figure "

    /// Prints `vitrine-figure name=value` (and flushes, so a parent reading the pipe sees it
    /// even if the process dies afterwards).
    public static func report(_ name: String, _ value: Int) {
        print(prefix + name + "=" + String(value))
        fflush(nil)
    }

    /// The figures in `output` (lines that are not figures are ignored; a later value of a
    /// name wins).
    public static func parse(_ output: String) -> [String: Int] {
        var figures: [String: Int] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix(prefix) {
            let pair = line.dropFirst(prefix.count).split(separator: "=", maxSplits: 1)
            if pair.count == 2, let value = Int(pair[1].trimmingCharacters(in: " \t\r")) {
                figures[String(pair[0])] = value
            }
        }
        return figures
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result.removeFirst() }
        while let last = result.last, set.contains(last) { result.removeLast() }
        return result
    }
}

/// Clocks read straight from the kernel (`clock_gettime`), in nanoseconds.
public enum KernelClock {
    /// `CLOCK_MONOTONIC`: comparable between processes on one machine (it is the clock the
    /// startup figure is taken on, in the parent and in the child).
    public static func monotonicNanoseconds() -> Int { read(CLOCK_MONOTONIC) }

    /// `CLOCK_PROCESS_CPUTIME_ID`: CPU time used by every thread of this process, user and
    /// system.
    public static func processCPUNanoseconds() -> Int { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Int {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}

/// This process's memory as the kernel accounts it, in kibibytes: `/proc/self/smaps_rollup`
/// (what is mapped now, split into pages only this process maps, *private*, and pages shared
/// with other processes) and `/proc/self/status` (the peak resident set, `VmHWM`).
public struct MemoryReading: Sendable {
    /// Resident pages now (`Rss`), private and shared.
    public var residentKiB = 0
    /// Resident pages only this process maps, clean (`Private_Clean`: mostly program and
    /// library code and read-only data no other process has mapped).
    public var privateCleanKiB = 0
    /// Resident pages only this process maps, written to (`Private_Dirty`: heap, stacks,
    /// buffers, relocated data).
    public var privateDirtyKiB = 0
    /// The peak resident set since the process started (`VmHWM`), private and shared.
    public var peakResidentKiB = 0

    /// Private memory: clean plus dirty pages no other process maps.
    public var privateKiB: Int { privateCleanKiB + privateDirtyKiB }

    /// Reads the current figures; fields the kernel does not report stay 0.
    public static func current() -> MemoryReading {
        var reading = MemoryReading()
        for line in readFile("/proc/self/smaps_rollup").split(separator: "\n") {
            if let value = kibibytes(line, "Rss:") { reading.residentKiB = value }
            if let value = kibibytes(line, "Private_Clean:") { reading.privateCleanKiB = value }
            if let value = kibibytes(line, "Private_Dirty:") { reading.privateDirtyKiB = value }
        }
        for line in readFile("/proc/self/status").split(separator: "\n") {
            if let value = kibibytes(line, "VmHWM:") { reading.peakResidentKiB = value }
        }
        return reading
    }

    private static func kibibytes(_ line: Substring, _ key: String) -> Int? {
        guard line.hasPrefix(key) else { return nil }
        return Int(line.dropFirst(key.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    private static func readFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A child process run to completion with its standard output captured.
public struct ChildProcess: Sendable {
    /// Why a child could not be run.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        public let description: String
    }

    /// Its exit status (the signal number + 128 when a signal ended it).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var output: String
    /// `CLOCK_MONOTONIC` just before it was spawned, in nanoseconds.
    public var spawnedAt: Int

    /// Runs `path` with `arguments` (standard error passes through) and waits for it.
    /// Throws when it cannot be started, naming the path.
    public static func run(_ path: String, _ arguments: [String]) throws(Failure) -> ChildProcess {
        guard access(path, X_OK) == 0 else {
            throw Failure(description: "\(path): not found or not executable — build it: "
                + "swift build -c release --product vitrine-bench-app (in Benchmarks/), or run scripts/bench")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawnedAt = KernelClock.monotonicNanoseconds()
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw Failure(description: "\(path): could not be started: \(String(cString: strerror(result)))")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &chunk, chunk.count)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]); continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildProcess(status: exitStatus, output: String(decoding: bytes, as: UTF8.self), spawnedAt: spawnedAt)
    }

    /// The path of `name` next to this process's executable (`/proc/self/exe`): where SwiftPM
    /// puts every executable of a package's build.
    public static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return name }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
