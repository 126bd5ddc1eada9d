import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineInput
import VitrineTestSupport
@testable import VitrineBoard

@Suite struct ShippedProfileTests {
    static let names = ["rpi4-dsi7", "rpi4-hdmi-touch", "rpi5-dsi7", "rpi5-hdmi-touch", "virtual", "vkms", "x86-kiosk"]

    @Test func theBoardsDirectoryHoldsEveryProfileTheIssueAsksFor() {
        #expect(BoardDirectories.profileNames(in: [shippedBoardsDirectory]) == Self.names)
    }

    @Test(arguments: names)
    func loadsAndValidates(name: String) throws {
        let profile = try BoardProfile.load(named: name, directories: [shippedBoardsDirectory])
        #expect(profile.name == name)
        #expect(profile.path == shippedBoardsDirectory + "/\(name).toml")
        #expect(!profile.description.isEmpty)
        #expect((1...64).contains(profile.touch.capacity))
    }

    @Test func theRaspberryPiDSIProfilesDriveTheOfficialPanel() throws {
        for name in ["rpi4-dsi7", "rpi5-dsi7"] {
            let profile = try BoardProfile.load(named: name, directories: [shippedBoardsDirectory])
            #expect(profile.display.backend == .drm)
            #expect(profile.display.connector == "DSI-1")
            #expect(profile.display.mode == ModeRequest(width: 800, height: 480, refreshRate: 60))
            #expect(profile.input.devices.isEmpty && profile.input.seat == "seat0")
            #expect(!profile.input.allowsVTSwitching)
            #expect(profile.accelerometer.device == .none)
        }
        #expect(try BoardProfile.load(named: "rpi4-dsi7", directories: [shippedBoardsDirectory]).match
                    .contains("Raspberry Pi 4"))
        #expect(try BoardProfile.load(named: "rpi5-dsi7", directories: [shippedBoardsDirectory]).match
                    .contains("Raspberry Pi 5"))
    }

    @Test func theHDMIProfilesUseThePreferredModeOfHDMIA1() throws {
        for name in ["rpi4-hdmi-touch", "rpi5-hdmi-touch", "x86-kiosk"] {
            let profile = try BoardProfile.load(named: name, directories: [shippedBoardsDirectory])
            #expect(profile.display.connector == "HDMI-A-1")
            #expect(profile.display.mode == nil)
        }
    }

    @Test func theX86ProfileSpellsOutEveryField() throws {
        let profile = try BoardProfile.load(named: "x86-kiosk", directories: [shippedBoardsDirectory])
        #expect(profile.match.isEmpty)
        #expect(profile.input.keymap == KeymapNames())
        #expect(profile.accelerometer.mountMatrix == .identity)
        #expect(profile.accelerometer.shake == BoardProfile.Shake(enabled: false, threshold: 0.8, duration: 0.3, quietPeriod: 1))
        #expect(profile.accelerometer.orientationHysteresis == 15)
        #expect(profile.switches.lid == .displayOff)
        #expect(profile.system == BoardProfile.System(watchdog: true, console: .automatic))
        #expect(profile.audio.device == "default")
        #expect(profile.language == BoardProfile.Language(default: "en"))
    }

    @Test func theVirtualProfileIsTheHeadlessDisplay() throws {
        let profile = try BoardProfile.load(named: "virtual", directories: [shippedBoardsDirectory])
        #expect(profile.display.backend == .virtual)
        #expect(profile.display.virtualMode == DisplayMode(width: 800, height: 480, refreshRate: 60))
        #expect(profile.touch.capacity == 10)
        #expect(profile.system.console == .none)
    }
}

@Suite struct ProfileParsingTests {
    @Test func anEmptyProfileHasTheGenericDefaults() throws {
        let parsed = try profile("", file: "boards/empty.toml")
        var expected = BoardProfile.genericDRM
        expected.name = "empty"
        expected.path = "boards/empty.toml"
        expected.description = ""
        #expect(parsed == expected)
    }

    @Test func everyFieldIsRead() throws {
        let parsed = try profile("""
            description = "all of it"
            match = ["Board X", "Board Y"]
            [display]
            backend = "drm"
            device = "/dev/dri/card1"
            connector = "DSI-2"
            mode = "1024x600@59.94"
            rotation = 270
            pixel_format = "rgb565"
            scale = 1.5
            buffers = 3
            plane_rotation = false
            modesetting = "legacy"
            [input]
            seat = "seat1"
            devices = ["/dev/input/event4", "/dev/input/by-path/platform-touch-event"]
            vt_switching = true
            pointer_drives_touch = false
            [input.keymap]
            rules = "evdev"
            model = "pc104"
            layout = "de,us"
            variant = "nodeadkeys,"
            options = "grp:alt_shift_toggle"
            [touch]
            capacity = 5
            calibration = [0, 1, 0, -1, 0, 1]
            [accelerometer]
            device = "/sys/bus/iio/devices/iio:device0"
            mount_matrix = [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]
            auto_rotate = true
            orientation_hysteresis = 20
            [accelerometer.shake]
            enabled = false
            threshold = 2
            duration = 0.5
            quiet_period = 3
            [switches]
            lid = "ignore"
            [system]
            watchdog = false
            console = "/dev/tty2"
            """)
        #expect(parsed.match == ["Board X", "Board Y"])
        #expect(parsed.display == BoardProfile.Display(
            backend: .drm, device: "/dev/dri/card1", connector: "DSI-2",
            mode: ModeRequest(width: 1024, height: 600, refreshRate: 59.94), rotation: .clockwise270,
            pixelFormat: .rgb565, scale: 1.5, buffers: 3, allowsPlaneRotation: false, modesetting: .legacy))
        #expect(parsed.input == BoardProfile.Input(
            seat: "seat1", devices: ["/dev/input/event4", "/dev/input/by-path/platform-touch-event"],
            allowsVTSwitching: true, pointerDrivesTouch: false,
            keymap: KeymapNames(rules: "evdev", model: "pc104", layout: "de,us", variant: "nodeadkeys,",
                                        options: "grp:alt_shift_toggle")))
        #expect(parsed.touch == BoardProfile.Touch(capacity: 5, calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)))
        #expect(parsed.accelerometer == BoardProfile.Accelerometer(
            device: .path("/sys/bus/iio/devices/iio:device0"), mountMatrix: try MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]),
            autoRotate: true, orientationHysteresis: 20,
            shake: BoardProfile.Shake(enabled: false, threshold: 2, duration: 0.5, quietPeriod: 3)))
        #expect(parsed.switches.lid == .ignore)
        #expect(parsed.system == BoardProfile.System(watchdog: false, console: .path("/dev/tty2")))
    }

    @Test func autoAndPreferredMeanChosenByTheDevice() throws {
        let parsed = try profile("""
            [display]
            device = "auto"
            connector = "auto"
            mode = "preferred"
            [accelerometer]
            device = "none"
            [system]
            console = "none"
            """)
        #expect(parsed.display.device == nil)
        #expect(parsed.display.connector == nil)
        #expect(parsed.display.mode == nil)
        #expect(parsed.accelerometer.device == .none)
        #expect(parsed.system.console == .none)
    }

    @Test func integersAreAcceptedWhereNumbersAreAsked() throws {
        let parsed = try profile("[display]\nscale = 2\n[touch]\ncalibration = [1, 0, 0, 0, 1, 0]")
        #expect(parsed.display.scale == 2)
    }

    @Test func aVirtualModeWithoutRateRunsAt60Hz() throws {
        let parsed = try profile("[display]\nbackend = \"virtual\"\nmode = \"320x240\"")
        #expect(parsed.display.virtualMode == DisplayMode(width: 320, height: 240, refreshRate: 60))
    }
}

@Suite struct ProfileErrorTests {
    @Test func aValueNotAmongTheChoicesNamesFileLineFieldAndTheChoices() throws {
        let error = try #require(profileError("""
            # a comment
            description = "x"

            [display]
            backend = "drm"
            rotation = 45   # upside down?
            """, file: "boards/rpi4-dsi7.toml"))
        #expect(error.description == "boards/rpi4-dsi7.toml:6: [display] rotation = 45: must be one of 0, 90, 180, 270")
        #expect(error.line == 6)
        #expect(error.field == "[display] rotation")
        #expect(error.kind == .invalidValue(allowed: "must be one of 0, 90, 180, 270"))
    }

    @Test func aSyntaxErrorNamesLineAndColumn() throws {
        let error = try #require(profileError("[display]\nrotation = 90\nscale = = 2\n"))
        guard case .syntax(_, let column) = error.kind else {
            Issue.record("not a syntax error: \(error)")
            return
        }
        #expect(error.line == 3)
        #expect(column > 0)
        #expect(error.description.hasPrefix("boards/test.toml:3:\(column): not valid TOML: "))
    }

    @Test func anUnterminatedStringIsASyntaxError() throws {
        let error = try #require(profileError("description = \"open\n[display]\n"))
        #expect(error.line == 1)
        if case .syntax = error.kind {} else { Issue.record("not a syntax error: \(error)") }
    }

    @Test func anUnknownSectionIsAnErrorWithASuggestion() throws {
        let error = try #require(profileError("[display]\nrotation = 0\n\n[dispaly]\nscale = 1\n"))
        #expect(error.line == 4)
        #expect(error.field == "[dispaly]")
        #expect(error.kind == .unknownSection(allowed: ["display", "input", "touch", "accelerometer", "switches", "system", "power", "remote", "keyboard", "accessibility", "audio", "language"],
                                              suggestion: "display"))
        #expect(error.description.hasPrefix("boards/test.toml:4: [dispaly]: no such section (did you mean [display]?) — the sections are [display], "))
    }

    @Test func anUnknownNestedSectionIsAnError() throws {
        let error = try #require(profileError("[input.keymaps]\nlayout = \"us\"\n"))
        #expect(error.line == 1)
        #expect(error.field == "[input.keymaps]")
        #expect(error.kind == .unknownSection(allowed: ["input.keymap", "input.scanner_keymap"], suggestion: "input.keymap"))
    }

    @Test func anUnknownKeyIsAnErrorWithASuggestion() throws {
        let error = try #require(profileError("[display]\nbackend = \"drm\"\npixel-format = \"rgb565\"\n"))
        #expect(error.description.hasPrefix(
            "boards/test.toml:3: [display] pixel-format = \"rgb565\": no such field (did you mean pixel_format?) — the fields here are backend, device, "))
        if case .unknownKey(_, let suggestion) = error.kind { #expect(suggestion == "pixel_format") } else {
            Issue.record("not an unknown key: \(error)")
        }
    }

    @Test func anUnknownTopLevelKeyIsAnError() throws {
        let error = try #require(profileError("name = \"mine\"\n"))
        #expect(error.line == 1)
        #expect(error.field == "name")
        if case .unknownKey = error.kind {} else { Issue.record("not an unknown key: \(error)") }
    }

    @Test func aWrongTypeSaysWhatWasFoundAndWhatIsAllowed() throws {
        let error = try #require(profileError("[touch]\ncapacity = \"ten\"\n"))
        #expect(error.description == "boards/test.toml:2: [touch] capacity = \"ten\": is a string, must be a whole number from 1 to 64")
        #expect(error.kind == .wrongType(found: "string", allowed: "must be a whole number from 1 to 64"))
    }

    @Test func aFloatWhereAWholeNumberIsAskedIsAWrongType() throws {
        let error = try #require(profileError("[display]\nbuffers = 2.5\n"))
        #expect(error.kind == .wrongType(found: "floating-point number", allowed: "must be one of 2, 3"))
    }

    @Test func aNumberOutOfRangeSaysTheRange() throws {
        let error = try #require(profileError("[touch]\ncapacity = 65\n"))
        #expect(error.description == "boards/test.toml:2: [touch] capacity = 65: must be a whole number from 1 to 64")
        let scale = try #require(profileError("[display]\nscale = 0.1\n"))
        #expect(scale.description == "boards/test.toml:2: [display] scale = 0.1: must be a number from 0.5 to 4")
        let threshold = try #require(profileError("[accelerometer.shake]\nthreshold = 20\n"))
        #expect(threshold.description == "boards/test.toml:2: [accelerometer.shake] threshold = 20: must be a number from 0.1 to 8 g")
    }

    @Test func aMalformedModeSaysTheForm() throws {
        let error = try #require(profileError("[display]\nmode = \"800*480\"\n"))
        #expect(error.description.hasPrefix("boards/test.toml:2: [display] mode = \"800*480\": must be \"preferred\" or WIDTHxHEIGHT"))
    }

    @Test func anEnumOfStringsListsItsChoices() throws {
        let error = try #require(profileError("[switches]\nlid = \"sleep\"\n"))
        #expect(error.description == "boards/test.toml:2: [switches] lid = \"sleep\": must be one of \"display-off\", \"ignore\"")
        let backend = try #require(profileError("[display]\nbackend = \"fbdev\"\n"))
        #expect(backend.description == "boards/test.toml:2: [display] backend = \"fbdev\": must be one of \"drm\", \"virtual\"")
    }

    @Test func aDevicePathMustLookLikeOne() throws {
        let error = try #require(profileError("[display]\ndevice = \"card0\"\n"))
        #expect(error.description.hasPrefix("boards/test.toml:2: [display] device = \"card0\": must be \"auto\" or a DRM node"))
        let input = try #require(profileError("[input]\ndevices = [\"event3\"]\n"))
        #expect(input.line == 2)
        if case .invalidValue = input.kind {} else { Issue.record("not an invalid value: \(input)") }
    }

    @Test func aCalibrationNeedsSixNumbersThatSpanAnArea() throws {
        let short = try #require(profileError("[touch]\ncalibration = [1, 0, 0, 0, 1]\n"))
        #expect(short.description == "boards/test.toml:2: [touch] calibration = [1, 0, 0, 0, 1]: must be 6 numbers [a, b, c, d, e, f] from -16 to 16, identity [1, 0, 0, 0, 1, 0] (found 5)")
        let flat = try #require(profileError("[touch]\ncalibration = [1, 1, 0, 1, 1, 0]\n"))
        #expect(flat.description.contains("a·e − b·d is 0"))
        let strings = try #require(profileError("[touch]\ncalibration = [\"1\", 0, 0, 0, 1, 0]\n"))
        if case .wrongType = strings.kind {} else { Issue.record("not a wrong type: \(strings)") }
    }

    @Test func aMountMatrixNeedsThreeRowsOfThreeAndMustNotBeSingular() throws {
        let flat = try #require(profileError("[accelerometer]\nmount_matrix = [1, 0, 0, 0, 1, 0, 0, 0, 1]\n"))
        #expect(flat.description == "boards/test.toml:2: [accelerometer] mount_matrix = [1, 0, 0, 0, 1, 0, 0, 0, 1]: must be 3 rows of 3 numbers from -16 to 16, e.g. [[1, 0, 0], [0, 1, 0], [0, 0, 1]]")
        let singular = try #require(profileError("""
            [accelerometer]
            mount_matrix = [[1, 0, 0],
                            [1, 0, 0],
                            [0, 0, 1]]
            """))
        #expect(singular.line == 2)
        #expect(singular.value == "[[1, 0, 0], …")
        #expect(singular.description.contains("determinant is 0"))
    }

    @Test func aSectionWrittenAsAValueIsAWrongType() throws {
        let error = try #require(profileError("display = \"drm\"\n"))
        #expect(error.line == 1)
        #expect(error.kind == .wrongType(found: "string", allowed: "must be a section: write [display] on a line of its own"))
    }

    @Test func aListOfStringsMustBeOne() throws {
        let error = try #require(profileError("match = \"Raspberry Pi 4\"\n"))
        #expect(error.description == "boards/test.toml:1: match = \"Raspberry Pi 4\": is a string, must be a list of strings, e.g. [\"Raspberry Pi 4\"]")
    }

    @Test func theFirstProblemInTheFileIsReportedForUnknownFields() throws {
        let error = try #require(profileError("[display]\nrotashun = 90\nscael = 2\n"))
        #expect(error.line == 2)
    }

    @Test func aMissingProfileListsTheDirectoriesAndTheProfilesThere() throws {
        do {
            _ = try BoardProfile.load(named: "rpi3-dsi7", directories: ["/nonexistent/boards", shippedBoardsDirectory])
            Issue.record("a missing profile loaded")
        } catch {
            #expect(error.kind == .notFound(name: "rpi3-dsi7", searched: ["/nonexistent/boards", shippedBoardsDirectory],
                                            available: ShippedProfileTests.names))
            #expect(error.description.hasPrefix("rpi3-dsi7: no board profile named rpi3-dsi7 in /nonexistent/boards, "))
            #expect(error.description.contains("rpi4-dsi7, rpi4-hdmi-touch"))
        }
    }

    @Test func anUnreadableFileSaysWhy() throws {
        let directory = try TemporaryDirectory()
        do {
            _ = try BoardProfile.load(path: directory.path)
            Issue.record("a directory loaded as a profile")
        } catch {
            #expect(error.file == directory.path)
            #expect(error.kind == .notAFile(what: "a directory"))
        }
        do {
            _ = try BoardProfile.load(path: directory.path + "/missing.toml")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description == directory.path + "/missing.toml: cannot be read: No such file or directory")
        }
    }

    @Test func aNameWithSlashesOrDotsFirstIsNotAName() throws {
        #expect(throws: BoardProfileError.self) { try BoardProfile.load(named: "../etc/passwd", directories: [shippedBoardsDirectory]) }
        #expect(throws: BoardProfileError.self) { try BoardProfile.load(named: ".hidden", directories: [shippedBoardsDirectory]) }
    }
}
