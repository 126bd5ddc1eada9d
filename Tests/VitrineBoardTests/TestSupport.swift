import Glibc
import Testing
@testable import VitrineBoard

/// The checkout this test file is in (Tests/VitrineBoardTests/TestSupport.swift → the root).
let checkoutDirectory: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// The shipped profiles.
let shippedBoardsDirectory = checkoutDirectory + "/boards"

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// Reads a whole file, or nil.
func readFile(_ path: String) -> String? {
    try? FileSystem.readText(path).get()
}

/// What a child process did.
struct ProcessResult {
    var status: Int32
    var output: String
}

/// Runs `arguments` (the first is the program's path) to completion, its standard output and
/// error captured together, standard input from /dev/null; the environment is this process's
/// plus `environment`.
@discardableResult
func run(_ arguments: [String], environment: [String: String] = [:]) -> ProcessResult {
    var template = Array("/tmp/vitrine-run-XXXXXX".utf8CString)
    let outputFD = mkstemp(&template)
    let outputPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    defer { unlink(outputPath); close(outputFD) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
    posix_spawn_file_actions_adddup2(&actions, outputFD, 2)

    var environmentStrings: [String] = []
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        let name = String(text.prefix { $0 != "=" })
        if environment[name] == nil { environmentStrings.append(text) }
        index += 1
    }
    for (name, value) in environment { environmentStrings.append("\(name)=\(value)") }

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environmentStrings.map { strdup($0) } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
    guard spawned == 0 else { return ProcessResult(status: -1, output: "posix_spawn \(arguments[0]): \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ProcessResult(status: exitStatus, output: readFile(outputPath) ?? "")
}

/// The path of `program` found on PATH (and in the sbin directories), or nil.
func which(_ program: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"] {
        let candidate = directory + "/" + program
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// Parses a profile, recording the error as a test failure.
func profile(_ text: String, file: String = "boards/test.toml") throws -> BoardProfile {
    try BoardProfile.parse(text, file: file)
}

/// The error parsing `text` gives, or a recorded failure when it parses.
func profileError(_ text: String, file: String = "boards/test.toml",
                  sourceLocation: SourceLocation = #_sourceLocation) -> BoardProfileError? {
    do {
        _ = try BoardProfile.parse(text, file: file)
        Issue.record("the profile was accepted:\n\(text)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
