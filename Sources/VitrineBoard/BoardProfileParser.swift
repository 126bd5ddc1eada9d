// Over 500 lines on purpose: one reader turns every section of a profile's TOML into its
// typed configuration with line-precise errors; the sections share the reader's private
// helpers (typed getters, unknown-key checks, error wording), kept together so that every
// field is read and reported the same way.

import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineInput

extension BoardProfile {
    /// Reads a profile from TOML `text`, validating every field. `file` names it in errors
    /// (and is kept as `path`); `name` defaults to the file's name without `.toml`.
    ///
    /// Throws `BoardProfileError` naming the file, the line and the field, and what is allowed:
    /// TOML syntax errors (with the column), unknown sections and keys (typos are errors, not
    /// silently ignored settings), wrong types, values out of range or not among the choices.
    /// A NUL byte is an error at its line and column (before the TOML reader, which would call it
    /// a control character, so the message can say what a NUL in a profile means). A UTF-8 byte-order mark and CRLF line ends are accepted; lines are counted
    /// as an editor does. Values and fields echoed in errors are cut to
    /// `BoardProfileError.echoLimit` characters.
    package static func parse(_ text: String, file: String, name: String? = nil) throws(BoardProfileError) -> BoardProfile {
        var text = text
        if text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst() }
        if let (line, column) = nulBytePosition(in: text) {
            throw BoardProfileError(file: file, line: line, kind: .nulByte(column: column))
        }
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            throw BoardProfileError(file: file, line: error.line, kind: .syntax(message: error.message, column: error.column))
        }
        let reader = ProfileReader(file: file)
        return try reader.profile(from: document.root, name: name ?? profileName(ofFile: file), path: file)
    }
}

/// The 1-based line and byte column of the first NUL byte in `text`, or nil without one.
func nulBytePosition(in text: String) -> (line: Int, column: Int)? {
    var line = 1
    var column = 1
    for byte in text.utf8 {
        if byte == 0 { return (line, column) }
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
    return nil
}

/// The name a profile file gives its profile: the last path component without `.toml`.
func profileName(ofFile file: String) -> String {
    var base = Substring(file.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(file))
    if base.hasSuffix(".toml") { base = base.dropLast(5) }
    return String(base)
}

/// Validates a parsed profile table section by section, turning every problem into a
/// `BoardProfileError` with its line (the TOML reader keeps the place of every key and value).
struct ProfileReader {
    let file: String

    /// The sections and top-level keys of a profile: what `[display]`… and `match` may be.
    static let sections = ["display", "input", "touch", "accelerometer", "switches", "system", "power", "remote", "keyboard", "accessibility", "audio", "language"]
    static let topLevelKeys = ["description", "match"]

    func profile(from root: TOMLTable, name: String, path: String) throws(BoardProfileError) -> BoardProfile {
        try checkTopLevel(root)
        let top = Section(table: root, path: [], reader: self)
        var profile = BoardProfile(name: name, path: path)
        profile.description = try top.string("description", default: "")
        profile.match = try top.stringArray("match", default: [], allowed: "must be a list of strings, e.g. [\"Raspberry Pi 4\"]") {
            !$0.isEmpty
        }

        if let display = try top.section("display", keys: ["backend", "device", "connector", "mode", "rotation",
                                                           "pixel_format", "scale", "buffers", "plane_rotation",
                                                           "modesetting", "safe_area"]) {
            profile.display = try readDisplay(display)
        }
        if let input = try top.section("input", keys: ["seat", "devices", "vt_switching", "pointer_drives_touch", "keymap",
                                                          "encoder", "scanners", "scanner_keymap", "scan_gap", "scan_max_length"],
                                          subsections: ["keymap", "scanner_keymap"]) {
            profile.input = try readInput(input)
        }
        if let touch = try top.section("touch", keys: ["capacity", "calibration"]) {
            profile.touch.capacity = try touch.integer("capacity", default: 10, in: 1...64)
            let limits = BoardProfile.Touch.calibrationLimits
            let allowed = "must be 6 numbers [a, b, c, d, e, f] from -\(Section.format(limits.coefficient)) to "
                + "\(Section.format(limits.coefficient)), identity [1, 0, 0, 0, 1, 0]"
            let calibration = try touch.numbers("calibration", count: 6, default: CalibrationMatrix.identity.values,
                                                in: -limits.coefficient...limits.coefficient, allowed: allowed)
            // The matrix must map the panel onto an area, not a line or a speck: |a·e − b·d| is
            // the share of the screen the panel covers.
            let determinant = calibration[0] * calibration[4] - calibration[1] * calibration[3]
            if !(abs(determinant) >= limits.determinant) {
                throw touch.invalidValue("calibration", "must map the panel onto an area: a·e − b·d is \(Section.format(determinant)) here, "
                                         + "and must be at least \(Section.format(limits.determinant)) in size; " + allowed)
            }
            profile.touch.calibration = CalibrationMatrix(a: calibration[0], b: calibration[1], c: calibration[2],
                                                          d: calibration[3], e: calibration[4], f: calibration[5])
        }
        if let accelerometer = try top.section("accelerometer", keys: ["device", "mount_matrix", "units_per_g", "auto_rotate",
                                                                       "orientation_hysteresis", "shake"],
                                                  subsections: ["shake"]) {
            profile.accelerometer = try readAccelerometer(accelerometer)
        }
        if let switches = try top.section("switches", keys: ["lid"]) {
            profile.switches.lid = try switches.choice("lid", default: .displayOff, BoardProfile.LidPolicy.allCases.map { ($0.rawValue, $0) })
        }
        if let system = try top.section("system", keys: ["watchdog", "console", "session"]) {
            profile.system.watchdog = try system.bool("watchdog", default: true)
            profile.system.console = try system.device("console", default: .automatic, pathPrefixes: ["/dev/tty"],
                                                       what: "a virtual console such as \"/dev/tty1\"")
            profile.system.session = try system.choice("session", default: .automatic,
                                                       BoardProfile.SessionMode.allCases.map { ($0.rawValue, $0) })
        }
        if let power = try top.section("power", keys: ["dim_after", "off_after", "dim_level", "backlight"]) {
            profile.power = try readPower(power)
        }
        if let remote = try top.section("remote", keys: ["vnc", "listen", "password_file"]) {
            profile.remote = try readRemote(remote)
        }
        if let keyboard = try top.section("keyboard", keys: ["on_screen", "layouts"]) {
            profile.keyboard = try readKeyboard(keyboard)
        }
        if let accessibility = try top.section("accessibility", keys: ["speech", "rate", "voice", "volume", "device", "jack"]) {
            profile.speech = try readSpeech(accessibility)
        }
        if let audio = try top.section("audio", keys: ["device"]) {
            if audio.table["device"] != nil {
                profile.audio.device = try audio.string("device",
                    default: "", allowed: "must be an ALSA PCM name such as \"default\", \"hw:0,0\" or \"plughw:1\" (aplay -L lists them)") { name in
                    !name.isEmpty && !name.contains(where: \.isWhitespace)
                }
            }
        }
        if let language = try top.section("language", keys: ["default", "translations", "pseudo"]) {
            profile.language = try readLanguage(language)
        }
        for key in root.keys {
            if let section = root[key], section.kind == .table { profile.sectionLines[key] = Self.line(of: section) }
        }
        return profile
    }

    /// Unknown sections and top-level keys, and known sections written as plain values.
    private func checkTopLevel(_ root: TOMLTable) throws(BoardProfileError) {
        // Keys come in the order first written, so the first problem in the file is reported.
        for key in root.keys {
            guard let value = root[key] else { continue }
            if Self.sections.contains(key) {
                if value.kind != .table {
                    throw error([key], at: value, .wrongType(found: value.kind.description,
                                                             allowed: "must be a section: write [\(key)] on a line of its own"))
                }
            } else if !Self.topLevelKeys.contains(key) {
                if value.kind == .table {
                    throw error([key], at: value, field: tableField([key], value), echo: false,
                                .unknownSection(allowed: Self.sections, suggestion: suggestion(for: key, among: Self.sections)))
                }
                throw error([key], at: value, .unknownKey(allowed: Self.topLevelKeys + Self.sections.map { "[\($0)]" },
                                                            suggestion: suggestion(for: key, among: Self.topLevelKeys)))
            }
        }
    }

    private func readDisplay(_ s: Section) throws(BoardProfileError) -> BoardProfile.Display {
        var display = BoardProfile.Display()
        display.backend = try s.choice("backend", default: .drm, BoardProfile.Backend.allCases.map { ($0.rawValue, $0) })
        display.device = try s.pathOrAuto("device", pathPrefix: "/dev/", what: "a DRM node such as \"/dev/dri/card1\"")
        display.connector = try s.nameOrAuto("connector", what: "a connector name such as \"HDMI-A-1\" or \"DSI-1\" (`vitrine devices` lists them)")
        let allowedMode = "must be \"preferred\" or WIDTHxHEIGHT with an optional @REFRESH, e.g. \"800x480\" or \"1920x1080@60\""
        display.mode = try s.parsed("mode", default: nil, allowed: allowedMode) { text -> ModeRequest?? in
            if text == "preferred" { return .some(nil) }
            return ModeRequest(text).map { .some($0) }
        }
        let rotation = try s.integer("rotation", default: 0, oneOf: [0, 90, 180, 270])
        display.rotation = ScreenRotation(rawValue: rotation) ?? .none
        display.pixelFormat = try s.choice("pixel_format", default: .xrgb8888, [("xrgb8888", PixelFormat.xrgb8888), ("rgb565", .rgb565)])
        display.scale = try s.number("scale", default: 1, in: 0.5...4)
        display.buffers = try s.integer("buffers", default: 2, oneOf: [2, 3])
        display.allowsPlaneRotation = try s.bool("plane_rotation", default: true)
        display.modesetting = try s.choice("modesetting", default: .automatic,
                                            [("auto", DRMDisplay.Modesetting.automatic), ("legacy", .legacy)])
        let safe = try s.numbers("safe_area", count: 4, default: [0, 0, 0, 0], in: 0...BoardProfile.Display.safeAreaLimit,
                                 allowed: "must be 4 numbers of points from 0 to \(Section.format(BoardProfile.Display.safeAreaLimit)), "
                                     + "[top, left, bottom, right] of the unturned panel, e.g. [24, 0, 0, 0]")
        display.safeArea = EdgeInsets(top: safe[0], left: safe[1], bottom: safe[2], right: safe[3])
        return display
    }

    private func readInput(_ s: Section) throws(BoardProfileError) -> BoardProfile.Input {
        var input = BoardProfile.Input()
        input.seat = try s.string("seat", default: "seat0", allowed: "must be a udev seat name such as \"seat0\"") { !$0.isEmpty }
        input.devices = try s.stringArray("devices", default: [],
                                          allowed: "must be a list of event nodes, e.g. [\"/dev/input/event2\"] (or [] for the seat)") {
            $0.hasPrefix("/dev/input/")
        }
        input.allowsVTSwitching = try s.bool("vt_switching", default: false)
        input.pointerDrivesTouch = try s.bool("pointer_drives_touch", default: true)
        if s.table["encoder"] != nil {
            let name = try s.string("encoder", default: "",
                                         allowed: "must be \"none\" or the rotary encoder's device name as `vitrine devices` lists it "
                                            + "(e.g. \"Griffin PowerMate\") or its event node (e.g. \"/dev/input/by-path/…-event\")") {
                let name = trimmingBlanks($0)
                return !name.isEmpty && (!name.hasPrefix("/") || name.hasPrefix("/dev/input/"))
            }
            input.encoder = name == "none" ? nil : name
        }
        if let keymap = try s.section("keymap", keys: ["rules", "model", "layout", "variant", "options"]) {
            input.keymap = try readKeymap(keymap)
        }
        input.scanner = try readScanners(s)
        return input
    }

    /// `[input.keymap]` or `[input.scanner_keymap]`: an xkb keymap by its RMLVO names.
    private func readKeymap(_ keymap: Section) throws(BoardProfileError) -> KeymapNames {
        var names = KeymapNames()
        names.rules = try keymap.string("rules", default: "evdev", allowed: "must be an xkb rules name such as \"evdev\"") { !$0.isEmpty }
        names.model = try keymap.string("model", default: "pc105")
        names.layout = try keymap.string("layout", default: "us", allowed: "must be xkb layouts such as \"us\" or \"us,ru\"") { !$0.isEmpty }
        names.variant = try keymap.string("variant", default: "")
        names.options = try keymap.string("options", default: "")
        return names
    }

    /// `scanners`, `[input.scanner_keymap]`, `scan_gap` and `scan_max_length` of `[input]`.
    private func readScanners(_ s: Section) throws(BoardProfileError) -> ScannerConfiguration {
        var scanner = ScannerConfiguration()
        scanner.devices = try s.stringArray("scanners", default: [],
                                            allowed: "must be a list of the barcode scanners' device names as `vitrine devices` lists them "
                                                + "(e.g. [\"Honeywell Imaging 1900\"]) or their event nodes (e.g. [\"/dev/input/by-id/…-event-kbd\"])") {
            let name = trimmingBlanks($0)
            return !name.isEmpty && (!name.hasPrefix("/") || name.hasPrefix("/dev/input/"))
        }
        if let keymap = try s.section("scanner_keymap", keys: ["rules", "model", "layout", "variant", "options"]) {
            scanner.keymap = try readKeymap(keymap)
        }
        let gaps = ScannerConfiguration.gapRange
        scanner.gap = try s.number("scan_gap", default: 0.25, in: gaps, unit: " seconds")
        let lengths = ScannerConfiguration.maximumLengthRange
        scanner.maximumLength = try s.integer("scan_max_length", default: 1024, in: lengths)
        return scanner
    }

    private func readAccelerometer(_ s: Section) throws(BoardProfileError) -> BoardProfile.Accelerometer {
        var accelerometer = BoardProfile.Accelerometer()
        accelerometer.device = try s.device("device", default: .automatic, pathPrefixes: ["/dev/input/", "/sys/"],
                                            what: "an event node such as \"/dev/input/event3\" or an IIO device such as \"/sys/bus/iio/devices/iio:device0\"")
        if let entries = try s.matrix("mount_matrix", limits: BoardProfile.Accelerometer.mountMatrixLimits) {
            // Within the limits the matrix is invertible, so MountMatrix accepts it; its reason
            // is given should it not.
            do throws(AccelerometerError) {
                accelerometer.mountMatrix = try MountMatrix(rowMajor: entries)
            } catch {
                throw s.invalidValue("mount_matrix", "\(error)")
            }
        }
        let unitsPerG = try s.number("units_per_g", default: 0, in: 0...1_000_000)
        accelerometer.unitsPerG = unitsPerG == 0 ? nil : unitsPerG
        accelerometer.autoRotate = try s.bool("auto_rotate", default: false)
        accelerometer.orientationHysteresis = try s.number("orientation_hysteresis", default: 15, in: 0...45, unit: " degrees")
        if let shake = try s.section("shake", keys: ["enabled", "threshold", "duration", "quiet_period"]) {
            accelerometer.shake.enabled = try shake.bool("enabled", default: false)
            accelerometer.shake.threshold = try shake.number("threshold", default: 0.8, in: 0.1...8, unit: " g")
            accelerometer.shake.duration = try shake.number("duration", default: 0.3, in: 0.05...5, unit: " seconds")
            accelerometer.shake.quietPeriod = try shake.number("quiet_period", default: 1, in: 0...10, unit: " seconds")
        }
        return accelerometer
    }

    /// `[remote]`: a listener beyond loopback needs a password file.
    private func readRemote(_ s: Section) throws(BoardProfileError) -> VNCConfiguration {
        var remote = VNCConfiguration()
        remote.mode = try s.choice("vnc", default: .off, VNCMode.allCases.map { ($0.rawValue, $0) })
        remote.listen = try s.parsed("listen", default: .loopback,
                                     allowed: "must be \"IPV4:PORT\", e.g. \"127.0.0.1:5900\" (reach it over ssh -L)",
                                     VNCListenAddress.parse)
        remote.passwordFile = try s.parsed("password_file", default: nil, allowed: "must be an absolute path, e.g. \"/etc/vitrine/vnc-password\"") {
            $0.hasPrefix("/") && $0.count > 1 ? .some($0) : nil
        }
        if remote.mode != .off && !remote.listen.isLoopback && remote.passwordFile == nil {
            throw s.invalidValue("listen", "must be a loopback address (127.0.0.1) unless password_file is set: anyone on the network could reach the kiosk")
        }
        return remote
    }

    private func readPower(_ s: Section) throws(BoardProfileError) -> BoardProfile.Power {
        var power = BoardProfile.Power()
        power.dimAfter = try s.number("dim_after", default: 0, in: 0...86400, unit: " seconds (0: never)")
        power.offAfter = try s.number("off_after", default: 0, in: 0...86400, unit: " seconds (0: never)")
        if power.dimAfter > 0 && power.offAfter > 0 && power.offAfter <= power.dimAfter {
            throw s.invalidValue("off_after", "must be later than dim_after (\(power.dimAfter) seconds), or 0 (never)")
        }
        power.dimLevel = try s.number("dim_level", default: 0.3, in: 0...1)
        let allowedBacklight = "must be \"auto\", \"none\" or a name in /sys/class/backlight such as \"intel_backlight\""
        power.backlight = try s.parsed("backlight", default: .automatic, allowed: allowedBacklight) { text in
            switch text {
            case "auto": .automatic
            case "none": BoardProfile.BacklightChoice.none
            default: !text.isEmpty && !text.contains("/") && !text.contains(" ") && !text.hasPrefix(".") ? .named(text) : nil
            }
        }
        return power
    }

    // MARK: Errors

    /// The error about `node`, the key or table at `path`: its line, the field, and (when
    /// `echo`) the value as written on its line; a table made by a header or by dotted keys has
    /// no text of its own to echo.
    func error(_ path: [String], at node: TOMLValue, field: String? = nil, echo: Bool = true,
               _ kind: BoardProfileError.Kind) -> BoardProfileError {
        BoardProfileError(file: file, line: Self.line(of: node), field: field ?? Self.fieldName(path),
                          value: echo ? node.firstLineText : nil, kind: kind)
    }

    /// The line an error about `node` names: a table's `[header]`, else where its key is first
    /// written (for a table without a header, the first header or dotted key that made it).
    static func line(of node: TOMLValue) -> Int {
        node.table?.headerPosition?.line ?? node.keyPosition?.line ?? node.position.line
    }

    /// `[display.extra]` for the table `node` at `path`; when only a deeper header made it
    /// (`[display.extra.deeper]`), that header, as the user wrote it.
    func tableField(_ path: [String], _ node: TOMLValue) -> String {
        if let table = node.table, table.headerPosition == nil, let header = table.madeByHeader {
            return "[\(header.joined(separator: "."))]"
        }
        return "[\(path.joined(separator: "."))]"
    }

    /// `[display] rotation` for `["display", "rotation"]`, `[input.keymap]` for a section,
    /// `match` for a top-level key.
    static func fieldName(_ path: [String]) -> String {
        guard path.count > 1 else { return path.first ?? "" }
        return "[\(path.dropLast().joined(separator: "."))] \(path.last!)"
    }

    func suggestion(for key: String, among candidates: [String]) -> String? {
        func normal(_ s: String) -> [Character] { Array(s.lowercased().map { $0 == "-" ? "_" : $0 }) }
        let wanted = normal(key)
        let scored = candidates.map { ($0, editDistance(wanted, normal($0))) }.filter { $0.1 <= max(2, wanted.count / 4) }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// `text` without the blanks (spaces, tabs, line ends) at its ends.
private func trimmingBlanks(_ text: String) -> Substring {
    var trimmed = Substring(text)
    while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    return trimmed
}

/// Levenshtein distance, for "did you mean" hints.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// One table of the profile and the keys it may have: typed, range-checked reads of them.
struct Section {
    let table: TOMLTable
    let path: [String]
    let reader: ProfileReader

    /// The sub-table `key` (nil when absent) after checking that it is a table and has only
    /// `keys`, of which `subsections` are tables.
    func section(_ key: String, keys: [String], subsections: [String] = []) throws(BoardProfileError) -> Section? {
        guard let value = table[key] else { return nil }
        let sectionPath = path + [key]
        guard let sub = value.table else {
            throw reader.error(sectionPath, at: value, .wrongType(
                found: value.kind.description,
                allowed: "must be a section: write [\(sectionPath.joined(separator: "."))] on a line of its own"))
        }
        // Keys come in the order first written, so the first problem in the file is reported.
        for name in sub.keys where !keys.contains(name) {
            guard let subValue = sub[name] else { continue }
            if subValue.kind == .table {
                let allowed = subsections.map { (sectionPath + [$0]).joined(separator: ".") }
                let hint = reader.suggestion(for: name, among: subsections).map { (sectionPath + [$0]).joined(separator: ".") }
                throw reader.error(sectionPath + [name], at: subValue, field: reader.tableField(sectionPath + [name], subValue), echo: false,
                                   .unknownSection(allowed: allowed, suggestion: hint))
            }
            throw reader.error(sectionPath + [name], at: subValue,
                               .unknownKey(allowed: keys, suggestion: reader.suggestion(for: name, among: keys)))
        }
        return Section(table: sub, path: sectionPath, reader: reader)
    }

    private func wrongType(_ key: String, _ value: TOMLValue, _ allowed: String) -> BoardProfileError {
        reader.error(path + [key], at: value, .wrongType(found: value.kind.description, allowed: allowed))
    }

    /// The error for `key`'s value (which is present; else the section is named) not being allowed.
    func invalidValue(_ key: String, _ allowed: String) -> BoardProfileError {
        reader.error(path + [key], at: table[key] ?? table.value, .invalidValue(allowed: allowed))
    }

    private func invalid(_ key: String, _ value: TOMLValue, _ allowed: String) -> BoardProfileError {
        reader.error(path + [key], at: value, .invalidValue(allowed: allowed))
    }

    func bool(_ key: String, default fallback: Bool) throws(BoardProfileError) -> Bool {
        guard let value = table[key] else { return fallback }
        guard let bool = value.bool else { throw wrongType(key, value, "must be true or false") }
        return bool
    }

    func string(_ key: String, default fallback: String, allowed: String = "must be a string in quotes",
                where isValid: (String) -> Bool = { _ in true }) throws(BoardProfileError) -> String {
        guard let value = table[key] else { return fallback }
        guard let string = value.string else { throw wrongType(key, value, allowed) }
        guard isValid(string) else { throw invalid(key, value, allowed) }
        return string
    }

    func integer(_ key: String, default fallback: Int, in range: ClosedRange<Int>) throws(BoardProfileError) -> Int {
        let allowed = "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = table[key] else { return fallback }
        guard let int = value.int else { throw wrongType(key, value, allowed) }
        guard range.contains(int) else { throw invalid(key, value, allowed) }
        return int
    }

    func integer(_ key: String, default fallback: Int, oneOf choices: [Int]) throws(BoardProfileError) -> Int {
        let allowed = "must be one of " + choices.map(String.init).joined(separator: ", ")
        guard let value = table[key] else { return fallback }
        guard let int = value.int else { throw wrongType(key, value, allowed) }
        guard choices.contains(int) else { throw invalid(key, value, allowed) }
        return int
    }

    /// A number (TOML integer or float) in `range`.
    func number(_ key: String, default fallback: Double, in range: ClosedRange<Double>, unit: String = "") throws(BoardProfileError) -> Double {
        let allowed = "must be a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))\(unit)"
        guard let value = table[key] else { return fallback }
        guard let number = Self.number(value) else { throw wrongType(key, value, allowed) }
        guard range.contains(number) else { throw invalid(key, value, allowed) }
        return number
    }

    /// One of `choices` (their TOML spellings).
    func choice<T>(_ key: String, default fallback: T, _ choices: [(String, T)]) throws(BoardProfileError) -> T {
        let allowed = "must be one of " + choices.map { "\"\($0.0)\"" }.joined(separator: ", ")
        guard let value = table[key] else { return fallback }
        guard let string = value.string else { throw wrongType(key, value, allowed) }
        guard let match = choices.first(where: { $0.0 == string }) else { throw invalid(key, value, allowed) }
        return match.1
    }

    /// A string turned into a value by `parse` (nil: not allowed).
    func parsed<T>(_ key: String, default fallback: T, allowed: String, _ parse: (String) -> T?) throws(BoardProfileError) -> T {
        guard let value = table[key] else { return fallback }
        guard let string = value.string else { throw wrongType(key, value, allowed) }
        guard let parsed = parse(string) else { throw invalid(key, value, allowed) }
        return parsed
    }

    /// `"auto"` (nil) or a path starting with `pathPrefix`.
    func pathOrAuto(_ key: String, pathPrefix: String, what: String) throws(BoardProfileError) -> String? {
        try parsed(key, default: nil, allowed: "must be \"auto\" or \(what)") { text -> String?? in
            if text == "auto" { return .some(nil) }
            return text.hasPrefix(pathPrefix) && text.count > pathPrefix.count ? .some(text) : nil
        }
    }

    /// `"auto"` (nil) or a non-empty name without spaces.
    func nameOrAuto(_ key: String, what: String) throws(BoardProfileError) -> String? {
        try parsed(key, default: nil, allowed: "must be \"auto\" or \(what)") { text -> String?? in
            if text == "auto" { return .some(nil) }
            return !text.isEmpty && !text.contains(" ") ? .some(text) : nil
        }
    }

    /// `"auto"`, `"none"` or a path starting with one of `pathPrefixes`.
    func device(_ key: String, default fallback: BoardProfile.DeviceChoice, pathPrefixes: [String],
                what: String) throws(BoardProfileError) -> BoardProfile.DeviceChoice {
        try parsed(key, default: fallback, allowed: "must be \"auto\", \"none\" or \(what)") { text in
            switch text {
            case "auto": .automatic
            case "none": BoardProfile.DeviceChoice.none
            default: pathPrefixes.contains { text.hasPrefix($0) && text.count > $0.count } ? .path(text) : nil
            }
        }
    }

    /// A list of strings, each satisfying `isValid`.
    func stringArray(_ key: String, default fallback: [String], allowed: String,
                     where isValid: (String) -> Bool) throws(BoardProfileError) -> [String] {
        guard let value = table[key] else { return fallback }
        guard let array = value.array else { throw wrongType(key, value, allowed) }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else { throw wrongType(key, value, allowed) }
            guard isValid(string) else { throw invalid(key, value, allowed) }
            strings.append(string)
        }
        return strings
    }

    /// Exactly `count` numbers, each in `range` (so finite).
    func numbers(_ key: String, count: Int, default fallback: [Double], in range: ClosedRange<Double>,
                 allowed: String) throws(BoardProfileError) -> [Double] {
        guard let value = table[key] else { return fallback }
        guard let array = value.array else { throw wrongType(key, value, allowed) }
        var numbers: [Double] = []
        for element in array {
            guard let number = Self.number(element) else { throw wrongType(key, value, allowed) }
            guard range.contains(number) else { throw invalid(key, value, allowed) }
            numbers.append(number)
        }
        guard numbers.count == count else { throw invalid(key, value, allowed + " (found \(numbers.count))") }
        return numbers
    }

    /// A 3×3 matrix written as three rows of three numbers, each within ±`limits.element`, whose
    /// determinant is at least `limits.determinant` in size; nil when absent.
    func matrix(_ key: String, limits: (element: Double, determinant: Double)) throws(BoardProfileError) -> [Double]? {
        let bound = Self.format(limits.element)
        let allowed = "must be 3 rows of 3 numbers from -\(bound) to \(bound), e.g. [[1, 0, 0], [0, 1, 0], [0, 0, 1]]"
        guard let value = table[key] else { return nil }
        guard let rows = value.array else { throw wrongType(key, value, allowed) }
        var numbers: [Double] = []
        for row in rows {
            guard let row = row.array else { throw invalid(key, value, allowed) }
            guard row.count == 3 else { throw invalid(key, value, allowed) }
            for element in row {
                guard let number = Self.number(element), abs(number) <= limits.element else { throw invalid(key, value, allowed) }
                numbers.append(number)
            }
        }
        guard numbers.count == 9 else { throw invalid(key, value, allowed) }
        let m = numbers
        let determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6])
        guard abs(determinant) >= limits.determinant else {
            throw invalid(key, value, "must not flatten the vector (its determinant is \(Self.format(determinant)), and must be at least "
                          + "\(Self.format(limits.determinant)) in size): " + allowed)
        }
        return numbers
    }

    private static func number(_ value: TOMLValue) -> Double? {
        if let double = value.double { return double }
        if let int = value.int { return Double(int) }
        return nil
    }

    /// `value` as a reader writes it: whole numbers without ".0" (and never through an `Int`
    /// conversion that a huge value would trap).
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
