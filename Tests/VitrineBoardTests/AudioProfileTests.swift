import Testing
import Vitrine
@testable import VitrineBoard

/// `[audio]`: the ALSA device an app's sound goes to, read, checked and applied.
@MainActor
@Suite struct AudioProfileTests {
    @Test func theDeviceIsReadAndTheSystemChoosesByDefault() throws {
        #expect(try profile("[audio]\ndevice = \"plughw:1\"\n").audio.device == "plughw:1")
        #expect(try profile("").audio.device == nil)
        #expect(try profile("[audio]\n").audio.device == nil)
    }

    @Test func badValuesAreErrorsOnTheirLine() throws {
        let spaced = try #require(profileError("[audio]\n\ndevice = \"plug hw\"\n"))
        #expect(spaced.line == 3)
        #expect(spaced.description.contains("ALSA PCM name") && spaced.description.contains("aplay -L"))
        let empty = try #require(profileError("[audio]\ndevice = \"\"\n"))
        #expect(empty.line == 2)
        let number = try #require(profileError("[audio]\ndevice = 1\n"))
        #expect(number.line == 2)
        let typo = try #require(profileError("[audio]\ndevcie = \"default\"\n"))
        #expect(typo.kind == .unknownKey(allowed: ["device"], suggestion: "device"))
    }

    @Test func theApplicationMadeOnTheBoardTakesTheDevice() throws {
        var profile = BoardProfile.virtual
        profile.audio.device = "plughw:1"
        let platform = try BoardPlatform(profile: profile, notifier: nil)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.audioDevice == "plughw:1")
        let quiet = try BoardPlatform(profile: .virtual, notifier: nil)
        defer { quiet.shutdown() }
        #expect(Application(platform: quiet).audioDevice == nil)
    }
}
