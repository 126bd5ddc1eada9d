import CSDL2
import Glibc
import VitrineGraphics

/// A child process started with posix_spawn (the tests use no Foundation).
struct Child {
    let pid: pid_t
    /// The read end of its standard output, when captured.
    let output: Int32?

    /// Starts `arguments` (a path, or a name looked up in PATH) with `environment` added to
    /// ours; captures its standard output when `capture`, else sends it to /dev/null.
    static func spawn(_ arguments: [String], environment: [String: String] = [:], capture: Bool = false,
                      keepDescriptor: Int32? = nil) -> Child? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if capture {
            guard pipe(&pipeEnds) == 0 else { return nil }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var merged: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        for (key, value) in environment { merged[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // A child starts with no signal blocked and default handlers, whatever the spawning
        // thread had (Dispatch's workers block every signal: Xvfb would ignore SIGTERM).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        if capture { close(pipeEnds[1]) }
        guard status == 0 else {
            if capture { close(pipeEnds[0]) }
            return nil
        }
        return Child(pid: pid, output: capture ? pipeEnds[0] : nil)
    }

    /// Reads its output to the end (blocking).
    func readAll() -> String {
        guard let output else { return "" }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(output)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for it to end; its exit status, or 128 + the signal that killed it.
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// Waits at most `seconds` for it to end; nil when it is still running (it is then killed).
    func wait(atMost seconds: Int) -> Int32? {
        var status: Int32 = 0
        for _ in 0..<(seconds * 20) {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        _ = wait()
        return nil
    }

    /// Runs `arguments` to the end: its status and output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String)? {
        guard let child = spawn(arguments, environment: environment, capture: true) else { return nil }
        let output = child.readAll()
        return (child.wait(), output)
    }
}

/// A private X server (Xvfb) for one test: it picks its own free display number (-displayfd),
/// so tests never collide with a desktop or with each other.
struct Xvfb {
    let child: Child
    /// `:N`.
    let display: String

    /// Whether a program is on PATH.
    static func has(_ program: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// Starts Xvfb with one 24-bit screen of `width`×`height`; nil when it cannot start.
    static func start(width: Int = 1024, height: Int = 768) -> Xvfb? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // The write end is inherited by Xvfb, which writes its display number there once ready.
        guard let child = Child.spawn(["Xvfb", "-displayfd", "\(ends[1])", "-screen", "0", "\(width)x\(height)x24",
                                       "-nolisten", "tcp", "-noreset"]) else {
            close(ends[0]); close(ends[1])
            return nil
        }
        close(ends[1])
        var text = ""
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1, byte != 10 { text.append(Character(Unicode.Scalar(byte))) }
        close(ends[0])
        guard let number = Int(text) else {
            kill(child.pid, SIGTERM)
            child.wait()
            return nil
        }
        return Xvfb(child: child, display: ":\(number)")
    }

    /// Stops the server.
    func stop() {
        kill(child.pid, SIGTERM)
        _ = child.wait(atMost: 5)
    }
}

/// Reads an X window dump (`xwd`, format 7, ZPixmap, 32 bits per pixel, true colour) into an
/// XRGB surface. Nil for anything else.
func readXWD(_ bytes: [UInt8]) -> Surface? {
    guard bytes.count >= 100 else { return nil }
    func field(_ index: Int) -> Int {
        let at = index * 4
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    let headerSize = field(0), version = field(1), format = field(2), width = field(4), height = field(5)
    let byteOrder = field(7), bitsPerPixel = field(11), bytesPerLine = field(12)
    let redMask = field(14), greenMask = field(15), blueMask = field(16), colours = field(19)
    guard version == 7, format == 2, bitsPerPixel == 32, redMask == 0xff0000, greenMask == 0xff00, blueMask == 0xff,
          width > 0, height > 0 else { return nil }
    let start = headerSize + colours * 12
    guard bytes.count >= start + bytesPerLine * height else { return nil }
    let surface = Surface(width: width, height: height, format: .xrgb8888)
    for y in 0..<height {
        let row = surface.baseAddress.advanced(by: y * surface.stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
            let at = start + y * bytesPerLine + x * 4
            let b0 = UInt32(bytes[at]), b1 = UInt32(bytes[at + 1]), b2 = UInt32(bytes[at + 2]), b3 = UInt32(bytes[at + 3])
            let word = byteOrder == 0 ? b3 << 24 | b2 << 16 | b1 << 8 | b0 : b0 << 24 | b1 << 16 | b2 << 8 | b3
            row[x] = 0xff00_0000 | (word & 0xff_ffff)
        }
    }
    return surface
}

/// Reads a whole file.
func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

/// Sends WM_DELETE_WINDOW to `window` on `display`, as a window manager's close button does.
func sendDeleteWindow(display name: String, window: UInt) -> Bool {
    guard let display = XOpenDisplay(name) else { return false }
    defer { XCloseDisplay(display) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    let sent = XSendEvent(display, window, 0, NoEventMask, &event) != 0
    XFlush(display)
    return sent
}
