import Testing
import Vitrine
@testable import VitrineBoard

/// `[keyboard]`: the on-screen keyboard's policy and layouts, and their errors.
@Suite struct KeyboardProfileTests {
    @Test func onScreenAndLayoutsAreRead() throws {
        let keyboard = try profile("""
            [keyboard]
            on_screen = "always"
            layouts = ["us", "fr", "de", "ru"]
            """).keyboard
        #expect(keyboard == BoardProfile.Keyboard(onScreen: .always, layouts: ["us", "fr", "de", "ru"]))
        #expect(try profile("").keyboard == BoardProfile.Keyboard(onScreen: .auto, layouts: ["us"]))
    }

    @Test func badValuesAreErrorsOnTheirLine() throws {
        let policy = try #require(profileError("[keyboard]\n\non_screen = \"sometimes\"\n"))
        #expect(policy.line == 3)
        #expect(policy.description == "boards/test.toml:3: [keyboard] on_screen = \"sometimes\": must be one of \"auto\", \"always\", \"never\"")
        let layout = try #require(profileError("[keyboard]\nlayouts = [\"us\", \"no such\"]\n"))
        #expect(layout.line == 2)
        let empty = try #require(profileError("[keyboard]\nlayouts = []\n"))
        #expect(empty.line == 2)
        let typo = try #require(profileError("[keyboard]\nlayout = [\"us\"]\n"))
        #expect(typo.kind == .unknownKey(allowed: ["on_screen", "layouts"], suggestion: "layouts"))
    }
}
