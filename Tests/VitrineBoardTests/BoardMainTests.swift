import Testing
import Vitrine
import VitrineBoard
import VitrineGraphics

/// An app that ends itself once its first frame is on the screen.
@MainActor
private final class ShortLivedApp: ApplicationDelegate {
    var window: Window?
    var framesShown = 0
    func applicationDidFinishLaunching(_ application: Application) {
        window = Window(frame: application.screen.bounds)
        window?.rootViewController = ViewController()
        window?.makeKeyAndVisible(in: application)
        application.whenFirstFrameIsOnScreen { [weak self, weak application] in
            self?.framesShown += 1
            application?.terminate()
        }
    }
}

/// `BoardPlatform.main`: one `main` for every app, choosing the screen, refusing a profile that
/// asks for a part the app was built without.
@MainActor
@Suite struct BoardMainTests {
    @Test func withNoScreenTheAppRunsLiveUntilItEnds() throws {
        let app = ShortLivedApp()
        let status = BoardPlatform.main(delegate: app, selector: BoardSelector(arguments: ["app", "--board", "virtual"]),
                                        arguments: ["app", "--headless"], bootstrapsLogging: false)
        #expect(status == 0)
        // The live loop paced a real frame onto the virtual display before the app ended.
        #expect(app.framesShown == 1)
        #expect(try #require(app.window).bounds.size == Size(width: 800, height: 480))
    }

    @Test func aMissingProfileGivesTheProfileExitStatus() {
        let status = BoardPlatform.main(delegate: ShortLivedApp(),
                                        selector: BoardSelector(arguments: ["app", "--board", "no-such-board"]),
                                        arguments: ["app"], bootstrapsLogging: false)
        #expect(status == 2)
    }

    @Test func aMalformedSizeIsRefusedWithAnExample() {
        for size in ["800", "0x480", "800x", "x480", "800x480x2", "99999x10", "wide"] {
            #expect(throws: BoardPlatformError.self) { try LaunchOptions(arguments: ["app", "--size", size]) }
            do {
                _ = try LaunchOptions(arguments: ["app", "--size", size])
            } catch {
                #expect("\(error)".contains("for example --size 800x480"), "\(size): \(error)")
            }
        }
        #expect(throws: BoardPlatformError.self) { try LaunchOptions(arguments: ["app", "--window", "--headless"]) }
        let options = try? LaunchOptions(arguments: ["app", "--app-option", "--size", "1024x600", "--window"])
        #expect(options?.size?.width == 1024 && options?.size?.height == 600 && options?.window == true)
    }

    @Test func theScreenIsChosenFromOptionsDesktopAndProfile() throws {
        let drm = BoardProfile(name: "panel")
        var virtual = BoardProfile(name: "virtual")
        virtual.display.backend = .virtual
        let none: (String) -> String? = { _ in nil }
        let desktop: (String) -> String? = { $0 == "DISPLAY" ? ":1" : nil }
        let window = BoardPlatform.Screen.window(title: "T")
        func choose(_ arguments: [String], _ profile: BoardProfile, windowBuilt: Bool = true,
                    _ environment: @escaping (String) -> String?) throws -> BoardPlatform.Screen {
            BoardPlatform.chooseScreen(try LaunchOptions(arguments: ["app"] + arguments), profile: profile, title: "T",
                                       windowBuilt: windowBuilt, environment: environment)
        }
        #expect(try choose([], drm, none) == .asProfileSays)
        #expect(try choose([], virtual, none) == .screenless)
        #expect(try choose([], drm, desktop) == window)
        #expect(try choose([], drm, windowBuilt: false, desktop) == .asProfileSays, "no window part: the desktop is not used")
        #expect(try choose(["--headless"], drm, desktop) == .screenless)
        #expect(try choose(["--window"], drm, windowBuilt: false, none) == window, "asked for: refused later, with the remedy")
        #expect(try choose(["--window", "--size", "640x400"], virtual, none) == .window(title: "T", width: 640, height: 400))
    }

    @Test func theScreenlessLineSaysHowToSeeTheAppWithWhatWasBuilt() {
        var profile = BoardProfile(name: "virtual")
        let bare = BoardPlatform.screenlessHint(profile: profile, parts: [])
        #expect(bare.contains("build with the trait \"RemoteView\"") && bare.contains("build with the trait \"Window\""))
        let built = BoardPlatform.screenlessHint(profile: profile, parts: [.remoteView, .window])
        #expect(built.contains("[remote] vnc = \"view\"") && built.contains("--window"))
        profile.remote.mode = .view
        #expect(BoardPlatform.screenlessHint(profile: profile, parts: [.remoteView]).contains("127.0.0.1:5900"))
    }

    @Test func aProfileAskingForAPartNotBuiltNamesItsLineAndTheTrait() throws {
        let text = """
            description = "a kiosk"

            [display]
            backend = "virtual"

            [remote]
            vnc = "view"

            [accessibility]
            speech = "on"
            """
        let profile = try BoardProfile.parse(text, file: "boards/lobby.toml")
        #expect(profile.requestedParts.map(\.part) == [.remoteView, .speech])
        do {
            try profile.checkParts(isBuilt: { $0 != .remoteView })
            Issue.record("a profile asking for the remote view was accepted without it")
        } catch {
            #expect("\(error)" == "boards/lobby.toml:6: [remote] asks for the remote view (VNC), and this app was built without it — "
                    + OptionalPart.remoteView.remedy + ", or remove [remote] from the profile")
            #expect(error.exitStatus == 2)
        }
        do {
            try profile.checkParts(isBuilt: { $0 != .speech })
            Issue.record("a profile asking for speech was accepted without it")
        } catch {
            #expect("\(error)".hasPrefix("boards/lobby.toml:9: [accessibility] asks for speech"))
        }
        try profile.checkParts(isBuilt: { _ in true })
    }
}
