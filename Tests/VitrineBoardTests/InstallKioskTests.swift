import Glibc
import Testing
import VitrineTestSupport
@testable import VitrineBoard

/// `scripts/install-kiosk` into a staging root (`--root`): the files it writes, that systemd
/// accepts the unit (`systemd-analyze verify`), that the udev rules are well formed
/// (`udevadm verify` where it exists; a checker of the rule grammar otherwise), and that
/// running it again changes nothing.
@Suite(.serialized) struct InstallKioskTests {
    static let script = checkoutDirectory + "/scripts/install-kiosk"

    /// A staging root with an app to install. The host's unit files are copied in, so that
    /// `systemd-analyze verify --root` finds the targets the unit refers to.
    final class Staging {
        let directory: TemporaryDirectory
        let root: String
        let app: String

        init() throws {
            directory = try TemporaryDirectory()
            root = try directory.makeDirectory("root")
            app = try directory.write("build/my-kiosk", "#!/bin/sh\nexit 0\n")
            chmod(app, 0o755)
        }

        func install(_ options: [String]) -> ProcessResult {
            run(["/bin/bash", InstallKioskTests.script] + options)
        }

        func file(_ path: String) -> String? { readFile(root + path) }

        func link(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink(root + path, &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    static var hasSystemdTools: Bool {
        which("systemctl") != nil && which("systemd-sysusers") != nil && which("systemd-analyze") != nil
    }

    @Test(.enabled(if: hasSystemdTools, "needs systemctl, systemd-sysusers and systemd-analyze (Debian package systemd)"))
    func installsEveryPartIntoTheStagingRoot() throws {
        let staging = try Staging()
        let result = staging.install(["--root", staging.root, "--board", "rpi4-dsi7", "--vt", "2", staging.app,
                                      "--", "--verbose", "two words"])
        #expect(result.status == 0, "\(result.output)")

        // 1. The app and the profiles.
        #expect(access(staging.root + "/usr/local/bin/my-kiosk", X_OK) == 0)
        #expect(BoardDirectories.profileNames(in: [staging.root + "/usr/local/share/vitrine/boards"]) == ShippedProfileTests.names)
        // The installed layout is one BoardDirectories looks in: <prefix>/bin → <prefix>/share/vitrine/boards.
        #expect(BoardDirectories.standard(environment: [:], executablePath: "/usr/local/bin/my-kiosk")
                    .contains("/usr/local/share/vitrine/boards"))

        // 2. The user, in groups video, input and render.
        let passwd = try #require(staging.file("/etc/passwd"))
        #expect(passwd.split(separator: "\n").contains { $0.hasPrefix("kiosk:x:") })
        let groups = try #require(staging.file("/etc/group")).split(separator: "\n")
        for group in ["video", "input", "render"] {
            #expect(groups.contains { $0.hasPrefix("\(group):") && $0.split(separator: ":").last?.split(separator: ",").contains("kiosk") == true },
                    "kiosk is not in group \(group)")
        }

        // 3. The udev rules.
        #expect(staging.file("/etc/udev/rules.d/70-vitrine-kiosk.rules") == readFile(checkoutDirectory + "/deploy/70-vitrine-kiosk.rules"))

        // 4. The unit.
        let unit = try #require(staging.file("/etc/systemd/system/vitrine-kiosk.service"))
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for expected in [
            "Type=notify", "NotifyAccess=main", "Restart=always", "RestartSec=1", "WatchdogSec=10",
            "ExecStart=/usr/local/bin/my-kiosk \"--verbose\" \"two words\"",
            "Environment=VITRINE_BOARD=rpi4-dsi7", "Environment=VITRINE_BOARDS_DIR=/usr/local/share/vitrine/boards",
            "User=kiosk", "TTYPath=/dev/tty2", "StandardInput=tty", "Conflicts=getty@tty2.service autovt@tty2.service",
            "After=systemd-user-sessions.service plymouth-quit-wait.service systemd-udev-trigger.service",
            "WantedBy=multi-user.target",
        ] {
            #expect(lines.contains(expected), "the unit lacks \(expected)")
        }
        #expect(!unit.contains(/@[A-Z_]+@/), "a placeholder was left: \(unit)")

        // 5. The console's login prompt masked, the unit enabled.
        #expect(staging.link("/etc/systemd/system/getty@tty2.service") == "/dev/null")
        #expect(staging.link("/etc/systemd/system/autovt@tty2.service") == "/dev/null")
        #expect(staging.link("/etc/systemd/system/multi-user.target.wants/vitrine-kiosk.service")
                    == "/etc/systemd/system/vitrine-kiosk.service")
    }

    @Test(.enabled(if: hasSystemdTools, "needs systemctl, systemd-sysusers and systemd-analyze (Debian package systemd)"))
    func systemdAcceptsTheUnit() throws {
        let staging = try Staging()
        #expect(staging.install(["--root", staging.root, "--board", "x86-kiosk", staging.app]).status == 0)
        // verify --root resolves ExecStart= inside the root (the app is there) and needs the
        // targets the unit names: give it the host's unit files.
        let units = try staging.directory.makeDirectory("root/usr/lib/systemd")
        #expect(run(["/bin/cp", "-r", "/usr/lib/systemd/system", units + "/"]).status == 0)
        let verified = run([try #require(which("systemd-analyze")), "verify", "--root=\(staging.root)", "vitrine-kiosk.service"],
                           environment: ["SYSTEMD_LOG_COLOR": "0"])
        #expect(verified.status == 0, "\(verified.output)")
        // systemd-analyze exits 0 even for unknown keys and unparsable values (it ignores
        // them): any line it prints about the unit is a fault.
        #expect(!verified.output.contains("vitrine-kiosk.service"), "\(verified.output)")

        // The check is real: a typo and a bad value in the unit are reported.
        let unitPath = staging.root + "/etc/systemd/system/vitrine-kiosk.service"
        let broken = try #require(readFile(unitPath)).replacingFirst("WatchdogSec=10", with: "WatchdogSec=soon")
            .replacingFirst("TTYReset=yes", with: "TTYReste=yes")
        try staging.directory.write("root/etc/systemd/system/vitrine-kiosk.service", broken)
        let complaints = run([try #require(which("systemd-analyze")), "verify", "--root=\(staging.root)", "vitrine-kiosk.service"])
        #expect(complaints.output.contains("Unknown key") && complaints.output.contains("TTYReste"), "\(complaints.output)")
        #expect(complaints.output.contains("soon"), "\(complaints.output)")

        // And without the app in the root, ExecStart= is refused.
        unlink(staging.root + "/usr/local/bin/my-kiosk")
        let noApp = run([try #require(which("systemd-analyze")), "verify", "--root=\(staging.root)", "vitrine-kiosk.service"])
        #expect(noApp.status != 0 && noApp.output.contains("/usr/local/bin/my-kiosk"), "\(noApp.output)")
    }

    @Test func theUdevRulesAreWellFormed() throws {
        let path = checkoutDirectory + "/deploy/70-vitrine-kiosk.rules"
        if let udevadm = which("udevadm"), run([udevadm, "verify", "--help"]).status == 0 {
            let verified = run([udevadm, "verify", path])
            #expect(verified.status == 0, "\(verified.output)")
        }
        // udevadm verify arrived in systemd 254 (Debian 12 has 252): the grammar is checked here
        // either way, with a checker of udev's KEY[{attr}]OP"value" form.
        let text = try #require(readFile(path))
        #expect(UdevRulesChecker.problems(in: text) == [])
        let rules = UdevRulesChecker.rules(in: text)
        #expect(rules.count == 3)
        #expect(rules.contains { $0.contains("KERNEL==\"card[0-9]*\"") && $0.contains("GROUP=\"video\"") && $0.contains("TAG+=\"uaccess\"") })
        #expect(rules.contains { $0.contains("SUBSYSTEM==\"input\"") && $0.contains("GROUP=\"input\"") })
    }

    @Test func theRulesCheckerFindsMistakes() {
        #expect(UdevRulesChecker.problems(in: "SUBSYSTEM==\"drm\", GROUP=\"video\"\n") == [])
        #expect(UdevRulesChecker.problems(in: "SUBSYTEM==\"drm\", GROUP=\"video\"\n") == ["line 1: unknown key SUBSYTEM"])
        #expect(UdevRulesChecker.problems(in: "SUBSYSTEM=\"drm\"\n") == ["line 1: SUBSYSTEM takes ==, !=, not ="])
        #expect(UdevRulesChecker.problems(in: "GROUP==\"video\"\n") == ["line 1: GROUP takes :=, =, not =="])
        #expect(UdevRulesChecker.problems(in: "KERNEL==card0\n") == ["line 1: the value of KERNEL is not in double quotes"])
        #expect(UdevRulesChecker.problems(in: "KERNEL==\"card0\" GROUP=\"video\"\n") == ["line 1: a comma is missing before GROUP"])
        #expect(UdevRulesChecker.problems(in: "ATTRS{idVendor}==\"1234\", MODE=\"0660\"\n") == [])
        #expect(UdevRulesChecker.problems(in: "MODE=\"0660\"\n") == ["line 1: the rule matches nothing (only assignments)"])
    }

    @Test(.enabled(if: hasSystemdTools, "needs systemctl and systemd-sysusers (Debian package systemd)"))
    func runningItAgainChangesNothing() throws {
        let staging = try Staging()
        #expect(staging.install(["--root", staging.root, "--board", "vkms", staging.app]).status == 0)
        let first = snapshot(staging.root)
        let again = staging.install(["--root", staging.root, "--board", "vkms", staging.app])
        #expect(again.status == 0, "\(again.output)")
        #expect(snapshot(staging.root) == first)
    }

    @Test func aDryRunWritesNothingAndSaysEveryStep() throws {
        let staging = try Staging()
        let result = staging.install(["--dry-run", "--root", staging.root, "--user", "signage", staging.app])
        #expect(result.status == 0, "\(result.output)")
        #expect(FileSystem.entries(of: staging.root).isEmpty)
        for step in ["== 0. the app", "== 1.", "== 2. the user signage", "== 3. udev rules", "== 4. the unit",
                     "== 5. no login prompt on tty1", "systemctl --root=\(staging.root) enable vitrine-kiosk.service",
                     "# VITRINE_BOARD is not set"] {
            #expect(result.output.contains(step), "the dry run does not say \(step)")
        }
    }

    @Test func aProfileThatTurnsTheWatchdogOffGivesNoWatchdog() throws {
        let staging = try Staging()
        let board = try staging.directory.write("boards/quiet.toml", "[system]\nwatchdog = false   # no pings\n")
        let result = staging.install(["--dry-run", "--root", staging.root, "--board", board, staging.app])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("WatchdogSec=0"))
        #expect(result.output.contains("Environment=VITRINE_BOARD=quiet"))
    }

    @Test func badRequestsAreRefusedWithTheReason() throws {
        let staging = try Staging()
        let cases: [([String], String)] = [
            (["--vt", "0"], "--vt 0: must be a console number from 1 to 63"),
            (["--board", "rpi3"], "no board profile"),
            (["--user", "Kiosk User"], "must be a lower-case user name"),
            (["--watchdog", "ten"], "must be whole seconds"),
            (["--frobnicate"], "unknown option --frobnicate"),
            (["--root", staging.root + "/missing"], "no such directory"),
            ([staging.directory.path + "/build"], "is not an executable file"),
        ]
        for (options, message) in cases {
            var arguments = ["--root", staging.root] + options
            if !options.contains(where: { $0.hasPrefix(staging.directory.path + "/build") }) { arguments.append(staging.app) }
            let result = staging.install(arguments)
            #expect(result.status != 0, "\(options) was accepted")
            #expect(result.output.contains(message), "\(options): \(result.output)")
        }
        #expect(FileSystem.entries(of: staging.root).isEmpty)
        let help = staging.install(["--help"])
        #expect(help.status == 0 && help.output.contains("Usage: scripts/install-kiosk"))
    }

    /// Every file and link under `root` with its content or target.
    private func snapshot(_ root: String) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ directory: String) {
            for name in FileSystem.entries(of: directory) {
                let path = directory + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(path)
                case S_IFLNK:
                    var buffer = [CChar](repeating: 0, count: 4096)
                    let length = readlink(path, &buffer, buffer.count - 1)
                    result[path] = "-> " + String(decoding: buffer[0..<max(0, length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                default: result[path] = readFile(path) ?? "?"
                }
            }
        }
        walk(root)
        return result
    }
}

/// The grammar of udev rules files (udev(7)) for the keys a kiosk's rules use: one rule per
/// line (a trailing `\` continues it), comma-separated `KEY[{attribute}]OP"value"` items;
/// match keys take `==`/`!=`, assignment keys `=`, `+=`, `-=`, `:=` (some only `=`/`:=`).
enum UdevRulesChecker {
    static let matchKeys: Set<String> = [
        "ACTION", "DEVPATH", "KERNEL", "KERNELS", "NAME", "SYMLINK", "SUBSYSTEM", "SUBSYSTEMS", "DRIVER", "DRIVERS",
        "ATTR", "ATTRS", "SYSCTL", "TAG", "TAGS", "TEST", "PROGRAM", "RESULT", "ENV", "CONST",
    ]
    static let assignmentKeys: [String: Set<String>] = [
        "NAME": ["=", ":="], "SYMLINK": ["=", "+=", "-=", ":="], "OWNER": ["=", ":="], "GROUP": ["=", ":="],
        "MODE": ["=", ":="], "SECLABEL": ["=", "+=", ":="], "ATTR": ["="], "SYSCTL": ["="],
        "ENV": ["=", "+=", ":="], "TAG": ["=", "+=", "-=", ":="], "RUN": ["=", "+=", ":="], "LABEL": ["="],
        "GOTO": ["="], "IMPORT": ["=", "+="], "OPTIONS": ["=", "+=", ":="],
    ]
    static let attributeKeys: Set<String> = ["ATTR", "ATTRS", "SYSCTL", "ENV", "TEST", "IMPORT", "RUN", "SECLABEL", "CONST"]

    /// The rules (continuations joined), without comments and blank lines.
    static func rules(in text: String) -> [String] {
        rulesWithLines(in: text).map(\.rule)
    }

    /// What is wrong, one message per problem, "line N: …".
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        for (line, rule) in rulesWithLines(in: text) {
            problems += check(rule).map { "line \(line): \($0)" }
        }
        return problems
    }

    private static func rulesWithLines(in text: String) -> [(line: Int, rule: String)] {
        var result: [(Int, String)] = []
        var pending = ""
        var start = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if pending.isEmpty {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                start = index + 1
            }
            let continues = line.hasSuffix("\\")
            if continues { line.removeLast() }
            pending += line
            if !continues {
                result.append((start, pending))
                pending = ""
            }
        }
        if !pending.isEmpty { result.append((start, pending)) }
        return result
    }

    private static func check(_ rule: String) -> [String] {
        var problems: [String] = []
        let characters = Array(rule)
        var index = 0
        var hasMatch = false
        var first = true
        func skipSpaces() { while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 } }
        while true {
            skipSpaces()
            if index >= characters.count { break }
            if !first {
                if characters[index] == "," {
                    index += 1
                    skipSpaces()
                } else {
                    var key = ""
                    var peek = index
                    while peek < characters.count, characters[peek].isLetter || characters[peek] == "_" { key.append(characters[peek]); peek += 1 }
                    problems.append("a comma is missing before \(key.isEmpty ? "\"\(characters[index])\"" : key)")
                    return problems
                }
            }
            first = false
            var key = ""
            while index < characters.count, characters[index].isUppercase || characters[index] == "_" {
                key.append(characters[index]); index += 1
            }
            guard !key.isEmpty else { problems.append("expected a KEY at \"\(String(characters[index...]))\""); return problems }
            if index < characters.count, characters[index] == "{" {
                guard attributeKeys.contains(key) else { problems.append("\(key) takes no {attribute}"); return problems }
                guard let close = characters[index...].firstIndex(of: "}") else { problems.append("\(key){ is not closed"); return problems }
                index = close + 1
            }
            var op = ""
            while index < characters.count, "=!+-:".contains(characters[index]) { op.append(characters[index]); index += 1 }
            let isMatch = op == "==" || op == "!="
            let isAssignment = ["=", "+=", "-=", ":="].contains(op)
            guard isMatch || isAssignment else { problems.append("\(key) has no valid operator (\(op))"); return problems }
            guard matchKeys.contains(key) || assignmentKeys[key] != nil else {
                problems.append("unknown key \(key)")
                return problems
            }
            if isMatch {
                guard matchKeys.contains(key) else {
                    problems.append("\(key) takes \(assignmentKeys[key]!.sorted().joined(separator: ", ")), not \(op)")
                    return problems
                }
                hasMatch = true
            } else if let allowed = assignmentKeys[key] {
                guard allowed.contains(op) else {
                    problems.append("\(key) takes \(allowed.sorted().joined(separator: ", ")), not \(op)")
                    return problems
                }
            } else {
                problems.append("\(key) takes ==, !=, not \(op)")
                return problems
            }
            guard index < characters.count, characters[index] == "\"" else {
                problems.append("the value of \(key) is not in double quotes")
                return problems
            }
            index += 1
            while index < characters.count, characters[index] != "\"" {
                if characters[index] == "\\" { index += 1 }
                index += 1
            }
            guard index < characters.count else { problems.append("the value of \(key) is not closed"); return problems }
            index += 1
        }
        if !hasMatch { problems.append("the rule matches nothing (only assignments)") }
        return problems
    }
}

extension String {
    /// The string with the first `target` replaced by `replacement`.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        replacing(target, with: replacement, maxReplacements: 1)
    }
}
