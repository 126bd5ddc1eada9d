import Glibc
import Logging
import SystemPackage
import Testing
@testable import VitrineLinux

/// A fake sysfs in a temporary directory: `class/backlight/NAME/{brightness, max_brightness,
/// actual_brightness, device}`, `class/drm/card0-eDP-1` and `class/drm/card0/device` links
/// into `devices/`, as the kernel lays them out.
final class FakeSysfs {
    let root: String

    init() {
        var template = Array("/tmp/vitrine-sysfs-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        for directory in ["class/backlight", "class/drm/card0", "devices/gpu/card0-eDP-1", "devices/gpu/card0-HDMI-A-1",
                          "devices/acpi", "devices/i2c"] {
            makeDirectory(directory)
        }
        link("class/drm/card0-eDP-1", to: "devices/gpu/card0-eDP-1")
        link("class/drm/card0-HDMI-A-1", to: "devices/gpu/card0-HDMI-A-1")
        link("class/drm/card0/device", to: "devices/gpu")
    }

    deinit { _ = system("rm -rf '\(root)'") }

    var backlights: String { root + "/class/backlight" }
    var directory: BacklightDirectory { BacklightDirectory(path: backlights, drmClassPath: root + "/class/drm") }

    /// Adds backlight `name` of `maximum` steps at `level`, its device being `device` (under devices/).
    func addBacklight(_ name: String, maximum: Int = 100, level: Int = 80, device: String?) {
        makeDirectory("class/backlight/" + name)
        write("class/backlight/\(name)/max_brightness", "\(maximum)\n")
        write("class/backlight/\(name)/brightness", "\(level)\n")
        write("class/backlight/\(name)/actual_brightness", "\(level)\n")
        if let device { link("class/backlight/\(name)/device", to: "devices/" + device) }
    }

    func makeDirectory(_ relative: String) {
        _ = system("mkdir -p '\(root)/\(relative)'")
    }

    func write(_ relative: String, _ text: String) {
        let fd = open(root + "/" + relative, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    func read(_ relative: String) -> String {
        (try? SysfsBacklight.read(root + "/" + relative)) ?? "<unreadable>"
    }

    func link(_ relative: String, to target: String) {
        symlink(root + "/" + target, root + "/" + relative)
    }
}

@MainActor
@Suite struct SysfsBacklightTests {
    let sysfs = FakeSysfs()

    private func logger(_ recorder: LogRecorder) -> Logger {
        Logger(label: "test") { label in SystemdLogHandler(label: label, format: .plain, output: { recorder.append($0) }) }
    }

    @Test func readsTheActualLevelAndWritesTheNearestStep() throws {
        sysfs.addBacklight("intel_backlight", maximum: 937, level: 468, device: "gpu/card0-eDP-1")
        let backlight = try SysfsBacklight(name: "intel_backlight", directory: sysfs.backlights)
        #expect(backlight.maximum == 937)
        #expect(abs(backlight.level - 468.0 / 937) < 1e-12)
        backlight.setLevel(0.25)
        #expect(sysfs.read("class/backlight/intel_backlight/brightness") == "234\n")
        backlight.setLevel(7)
        #expect(sysfs.read("class/backlight/intel_backlight/brightness") == "937\n")
        backlight.setLevel(.nan)
        #expect(sysfs.read("class/backlight/intel_backlight/brightness") == "937\n")
    }

    @Test func automaticPicksTheBacklightOfTheConnectorOverOthers() {
        sysfs.addBacklight("acpi_video0", device: "acpi")
        sysfs.addBacklight("intel_backlight", device: "gpu/card0-eDP-1")
        #expect(sysfs.directory.automatic(card: "card0", connector: "eDP-1")
                == .backlight("intel_backlight", reason: "its device is card0-eDP-1"))
    }

    @Test func automaticFallsBackToTheCardsGPUThenToTheOnlyOne() {
        sysfs.addBacklight("acpi_video0", device: "acpi")
        sysfs.addBacklight("amdgpu_bl0", device: "gpu")
        #expect(sysfs.directory.automatic(card: "card0", connector: "HDMI-A-1")
                == .backlight("amdgpu_bl0", reason: "its device is the GPU of card0"))

        let other = FakeSysfs()
        other.addBacklight("rpi_backlight", device: "i2c")
        #expect(other.directory.automatic(card: "card0", connector: "DSI-1")
                == .backlight("rpi_backlight", reason: "it is the only one"))
    }

    @Test func automaticChoosesNoneAmongSeveralUntiedOrNone() {
        guard case .none(let empty) = sysfs.directory.automatic(card: "card0", connector: "eDP-1") else {
            Issue.record("a backlight was chosen from an empty directory")
            return
        }
        #expect(empty.contains("no backlight"))
        sysfs.addBacklight("acpi_video0", device: "acpi")
        sysfs.addBacklight("rpi_backlight", device: "i2c")
        guard case .none(let reason) = sysfs.directory.automatic(card: "card0", connector: "eDP-1") else {
            Issue.record("one of two untied backlights was chosen")
            return
        }
        #expect(reason.contains("acpi_video0, rpi_backlight") && reason.contains("[power] backlight"))
        #expect(BacklightDirectory(path: "/nonexistent/backlight").names().isEmpty)
    }

    @Test func aMissingBacklightNamesTheOnesThereAre() {
        sysfs.addBacklight("intel_backlight", device: nil)
        #expect(throws: BacklightError.notFound(name: "panel", directory: sysfs.backlights, available: ["intel_backlight"])) {
            try SysfsBacklight(name: "panel", directory: sysfs.backlights)
        }
        let message = BacklightError.notFound(name: "panel", directory: sysfs.backlights, available: ["intel_backlight"]).description
        #expect(message.contains("intel_backlight") && message.contains("[power] backlight"))
    }

    @Test func aBrokenMaximumOrAnUnwritableBrightnessIsATypedErrorWithItsRemedy() {
        sysfs.addBacklight("broken", device: nil)
        sysfs.write("class/backlight/broken/max_brightness", "0\n")
        #expect(throws: BacklightError.malformed(path: sysfs.backlights + "/broken/max_brightness", text: "0\n")) {
            try SysfsBacklight(name: "broken", directory: sysfs.backlights)
        }
        sysfs.addBacklight("locked", device: nil)
        // A directory in place of the attribute: even root cannot write it.
        _ = unlink(sysfs.backlights + "/locked/brightness")
        sysfs.makeDirectory("class/backlight/locked/brightness")
        do {
            _ = try SysfsBacklight(name: "locked", directory: sysfs.backlights)
            Issue.record("an unwritable brightness was accepted")
        } catch {
            guard case .notWritable = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains("udev rule") && error.description.contains("group video"))
        }
    }

    @Test func aWriteThatFailsIsLoggedOnceAndLaterOnesDoNothing() throws {
        sysfs.addBacklight("intel_backlight", device: nil)
        let recorder = LogRecorder()
        let backlight = try SysfsBacklight(name: "intel_backlight", directory: sysfs.backlights, logger: logger(recorder))
        // The device went away under the app.
        _ = unlink(sysfs.backlights + "/intel_backlight/brightness")
        sysfs.makeDirectory("class/backlight/intel_backlight/brightness")
        backlight.setLevel(0.5)
        backlight.setLevel(0.4)
        #expect(backlight.isBroken)
        #expect(recorder.lines.count == 1)
        #expect(recorder.lines.first?.contains("cannot be written") == true)
    }
}
