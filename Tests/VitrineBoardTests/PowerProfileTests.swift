import Glibc
import Logging
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineLinux
import VitrineTestSupport
@testable import VitrineBoard

/// `[power]`: parsing and its errors, the shipped profiles, and what the platform does with it
/// (the application's idle policy, the backlight chosen on a fake sysfs).
@Suite struct PowerProfileParsingTests {
    @Test func everyPowerFieldIsRead() throws {
        let power = try profile("""
            [power]
            dim_after = 60
            off_after = 300.5
            dim_level = 0.1
            backlight = "intel_backlight"
            """).power
        #expect(power == BoardProfile.Power(dimAfter: 60, offAfter: 300.5, dimLevel: 0.1, backlight: .named("intel_backlight")))
        #expect(power.idlePolicy == IdlePolicy(dimAfter: 60, offAfter: 300.5, dimLevel: 0.1))
        #expect(try profile("[power]\nbacklight = \"none\"\n").power.backlight == .none)
    }

    @Test func withoutPowerTheScreenNeverDimsAndTheBacklightIsFoundAutomatically() throws {
        let power = try profile("").power
        #expect(power == BoardProfile.Power(dimAfter: 0, offAfter: 0, dimLevel: 0.3, backlight: .automatic))
        #expect(!power.idlePolicy.isEnabled)
    }

    @Test func anUnknownPowerKeyIsAnErrorWithASuggestion() throws {
        let error = try #require(profileError("[power]\ndim_afer = 10\n"))
        #expect(error.line == 2)
        #expect(error.kind == .unknownKey(allowed: ["dim_after", "off_after", "dim_level", "backlight"], suggestion: "dim_after"))
    }

    @Test func timesAndLevelsOutOfRangeSayTheRange() throws {
        let negative = try #require(profileError("[power]\ndim_after = -1\n"))
        #expect(negative.description == "boards/test.toml:2: [power] dim_after = -1: must be a number from 0 to 86400 seconds (0: never)")
        let level = try #require(profileError("[power]\n\ndim_level = 1.5\n"))
        #expect(level.description == "boards/test.toml:3: [power] dim_level = 1.5: must be a number from 0 to 1")
        let text = try #require(profileError("[power]\noff_after = \"10m\"\n"))
        #expect(text.kind == .wrongType(found: "string", allowed: "must be a number from 0 to 86400 seconds (0: never)"))
        let infinite = try #require(profileError("[power]\noff_after = inf\n"))
        #expect(infinite.line == 2)
    }

    @Test func offMustComeAfterDim() throws {
        let error = try #require(profileError("[power]\ndim_after = 60\noff_after = 30\n"))
        #expect(error.description == "boards/test.toml:3: [power] off_after = 30: must be later than dim_after (60.0 seconds), or 0 (never)")
        // Off without dimming, or dimming without off, is fine.
        #expect(try profile("[power]\ndim_after = 0\noff_after = 30\n").power.offAfter == 30)
        #expect(try profile("[power]\ndim_after = 30\noff_after = 0\n").power.dimAfter == 30)
    }

    @Test func aBacklightNameIsANameNotAPath() throws {
        let error = try #require(profileError("[power]\nbacklight = \"/sys/class/backlight/x\"\n"))
        #expect(error.description.hasSuffix("must be \"auto\", \"none\" or a name in /sys/class/backlight such as \"intel_backlight\""))
        #expect(profileError("[power]\nbacklight = \"\"\n")?.line == 2)
    }

    @Test func theShippedProfilesStayLitAndTheHDMIOnesHaveNoBacklight() throws {
        for name in ["rpi4-dsi7", "rpi5-dsi7", "rpi4-hdmi-touch", "rpi5-hdmi-touch", "x86-kiosk", "virtual", "vkms"] {
            let power = try BoardProfile.load(named: name, directories: [shippedBoardsDirectory]).power
            #expect(!power.idlePolicy.isEnabled, "\(name) dims or sleeps by default")
            #expect((power.backlight == .none) == name.contains("hdmi"), "\(name): backlight \(power.backlight)")
        }
        let x86 = readFile(shippedBoardsDirectory + "/x86-kiosk.toml") ?? ""
        for key in ["dim_after", "off_after", "dim_level", "backlight"] {
            #expect(x86.contains("\n\(key) = "), "x86-kiosk.toml does not spell out [power] \(key)")
        }
    }
}

@Suite @MainActor struct PowerPlatformTests {
    @Test func theVirtualBoardGivesTheApplicationItsIdlePolicyAndABacklight() throws {
        var profile = try BoardProfile.load(named: "virtual", directories: [shippedBoardsDirectory])
        profile.power = BoardProfile.Power(dimAfter: 5, offAfter: 10, dimLevel: 0.25)
        let platform = try BoardPlatform(profile: profile, notifier: nil)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.idlePolicy == IdlePolicy(dimAfter: 5, offAfter: 10, dimLevel: 0.25))
        let backlight = try #require(platform.backlight as? VirtualBacklight)
        #expect(application.backlight === backlight)
        application.launch()
        let loop = try #require(platform.headless?.manualMainLoop)
        loop.advance(by: 5.5)
        #expect(application.idleState == .dimmed)
        #expect(backlight.level == 0.25)
        loop.advance(by: 5)
        #expect(application.idleState == .off)
        #expect(platform.headless?.virtualDisplay.isPoweredOn == false)
    }

    @Test func backlightNoneGivesNoBacklight() throws {
        var profile = try BoardProfile.load(named: "virtual", directories: [shippedBoardsDirectory])
        profile.power.backlight = .none
        let platform = try BoardPlatform(profile: profile, notifier: nil)
        defer { platform.shutdown() }
        #expect(platform.backlight == nil)
    }

    /// A fake `/sys/class/backlight` and `/sys/class/drm` with `names` (each tied to `devices/NAME`).
    private func sysfs(_ names: [String], in directory: TemporaryDirectory) throws -> BacklightDirectory {
        try directory.makeDirectory("devices/gpu/card0-eDP-1")
        try directory.makeDirectory("class/drm")
        symlink(directory.path + "/devices/gpu/card0-eDP-1", directory.path + "/class/drm/card0-eDP-1")
        for name in names {
            try directory.write("class/backlight/\(name)/max_brightness", "255\n")
            try directory.write("class/backlight/\(name)/brightness", "200\n")
            try directory.write("class/backlight/\(name)/actual_brightness", "200\n")
            let device = name == "intel_backlight" ? "devices/gpu/card0-eDP-1" : "devices/" + name
            try directory.makeDirectory(device)
            symlink(directory.path + "/" + device, directory.path + "/class/backlight/\(name)/device")
        }
        return BacklightDirectory(path: directory.path + "/class/backlight", drmClassPath: directory.path + "/class/drm")
    }

    private func logger(_ lines: LogCapture) -> Logger {
        lines.logger
    }

    @Test func autoOpensTheConnectorsBacklightAndTheApplicationFadesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backlights = try sysfs(["acpi_video0", "intel_backlight"], in: directory)
        let logs = LogCapture()
        let backlight = try #require(BoardPlatform.openBacklight(.automatic, card: "card0", connector: "eDP-1", directory: backlights,
                                                                 profileName: "test", logger: logger(logs)))
        #expect(backlight.name == "intel_backlight")
        #expect(logs.lines.contains { $0.contains("backlight intel_backlight (its device is card0-eDP-1)") })

        let platform = HeadlessPlatform()
        let application = Application(platform: platform)
        application.backlight = backlight
        #expect(abs(application.screen.brightness - 200.0 / 255) < 1e-12)
        application.screen.brightness = 0.5
        platform.manualMainLoop.advance(by: 0.2)
        #expect(readFile(directory.path + "/class/backlight/intel_backlight/brightness") == "128\n")
    }

    @Test func aNamedBacklightThatIsMissingIsLoggedWithTheOnesThereAreAndGivesNone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backlights = try sysfs(["acpi_video0"], in: directory)
        let logs = LogCapture()
        #expect(BoardPlatform.openBacklight(.named("panel"), card: "card0", connector: "HDMI-A-1", directory: backlights,
                                            profileName: "test", logger: logger(logs)) == nil)
        #expect(logs.lines.contains { $0.hasPrefix("error:") && $0.contains("no backlight panel") && $0.contains("acpi_video0") })
    }

    @Test func autoAmongSeveralUntiedChoosesNoneAndSaysToNameOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backlights = try sysfs(["acpi_video0", "rpi_backlight"], in: directory)
        let logs = LogCapture()
        #expect(BoardPlatform.openBacklight(.automatic, card: "card0", connector: "HDMI-A-1", directory: backlights,
                                            profileName: "test", logger: logger(logs)) == nil)
        #expect(logs.lines.contains { $0.contains("name one with [power] backlight") })
        #expect(BoardPlatform.openBacklight(.none, card: "card0", connector: "eDP-1", directory: backlights,
                                            profileName: "test", logger: logger(logs)) == nil)
    }
}
