import Testing
import Vitrine
import VitrineBoard
import VitrineGraphics

/// `[display] safe_area`: read, checked, and applied to the screen.
@MainActor
struct SafeAreaProfileTests {
    @Test func theSafeAreaIsReadCheckedAndAppliedToThePanel() throws {
        let profile = try BoardProfile.parse("[display]\nsafe_area = [24, 0, 8, 0]\n", file: "t.toml")
        #expect(profile.display.safeArea == EdgeInsets(top: 24, left: 0, bottom: 8, right: 0))
        #expect(try BoardProfile.parse("[display]\n", file: "t.toml").display.safeArea == .zero)
        #expect(throws: BoardProfileError.self) { try BoardProfile.parse("[display]\nsafe_area = [24, 0, 8]\n", file: "t.toml") }
        #expect(throws: BoardProfileError.self) { try BoardProfile.parse("[display]\nsafe_area = [-1, 0, 0, 0]\n", file: "t.toml") }
        var board = BoardProfile.virtual
        board.display.safeArea = profile.display.safeArea
        let platform = try BoardPlatform(profile: board, notifier: nil)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.screen.panelSafeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 8, right: 0))
    }
}
