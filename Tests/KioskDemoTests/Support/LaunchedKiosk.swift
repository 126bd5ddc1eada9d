import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// The folder of this target's reference images: Tests/KioskDemoTests/Goldens.
func kioskGoldensFolder(_ filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Goldens"
}

/// The whole demo launched on a headless display, its clock at 09:41:00, optionally
/// pseudo-localized as the board profile's `--pseudo-language` sets it up (the localizer, then
/// the forced direction, before the app launches). `finish()` puts the process-wide language
/// back to English: `String(localized:)` reads one value for every test.
@MainActor
final class LaunchedKiosk {
    let platform: HeadlessPlatform
    let app: Application
    let kiosk = KioskDelegate(secondsOfDay: 9 * 3600 + 41 * 60)
    var messages: [String] = []

    init(width: Int = 800, height: Int = 480, scale: Double = 1, pseudo: PseudoLocalization = [], rightToLeft: Bool = false) {
        platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), scale: scale)
        app = Application(platform: platform)
        if !pseudo.isEmpty || rightToLeft {
            app.localizer = Localizer(bundle: StringsBundle(), preferredLanguages: ["en"], pseudoLocalization: pseudo)
            if rightToLeft { app.userInterfaceLayoutDirection = .rightToLeft }
        }
        kiosk.log = { [unowned self] in self.messages.append($0) }
        app.delegate = kiosk
        app.launch()
        settle()
    }

    /// Back to English without pseudo-localization, for the tests that follow.
    func finish() {
        app.localizer = Localizer()
        Localization.current = Localizer()
    }

    var welcome: WelcomeController { kiosk.welcome }
    var navigation: NavigationController? { kiosk.welcome.navigationController }

    /// The controller on top: the last presented one, else the navigation's top.
    var topController: ViewController? {
        var top: ViewController? = navigation?.topViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    /// Runs turns and the animations' frames until nothing changes any more.
    func settle() {
        platform.manualMainLoop.advance(by: 0.6)  // slides and pushes end
        var rounds = 0
        while (platform.virtualDisplay.isFlipPending || app.hasPendingCommit) && rounds < 200 {
            platform.manualMainLoop.advance(by: 0.025)
            rounds += 1
        }
        #expect(rounds < 200, "the screen keeps changing")
    }

    /// Taps `point` (screen points).
    func tap(_ point: Point) {
        platform.input.down(0, at: point)
        platform.input.frame()
        platform.manualMainLoop.advance(by: 0.05)
        platform.input.up(0)
        platform.input.frame()
        settle()
    }

    /// Taps segment `index` of `control`, counted from its leading edge.
    func tap(segment index: Int, of control: SegmentedControl) {
        let width = control.bounds.width / Double(control.numberOfSegments)
        var x = (Double(index) + 0.5) * width
        if control.effectiveUserInterfaceLayoutDirection == .rightToLeft { x = control.bounds.width - x }
        tap(control.convert(Point(x: x, y: control.bounds.midY), to: nil))
    }

    /// The screen as shown, compared with `Goldens/<name>.png`.
    func expectGolden(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let shown = platform.virtualDisplay.shownBuffer else {
            Issue.record("nothing shown", sourceLocation: sourceLocation)
            return
        }
        let result = Golden.compare(shown, toReference: kioskGoldensFolder() + "/\(name).png")
        #expect(result.passed, Comment(rawValue: result.message), sourceLocation: sourceLocation)
    }
}

/// A text of a screen that does not fit where it is shown: a label whose text is cut or
/// overflows (`Label.textShortfall`), or a button whose title is wider than the button.
struct ClippedText: CustomStringConvertible {
    var text: String
    var frame: Rect
    var why: String

    var description: String { "\"\(text)\" in \(frame): \(why)" }

    /// The clipped texts of the views under `root` that show on the screen (not hidden, not
    /// transparent, inside `screen` in window points), except those `mayTruncate` accepts.
    @MainActor
    static func find(under root: View, screen: Rect, mayTruncate: (View) -> Bool = { _ in false }) -> [ClippedText] {
        var found: [ClippedText] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0 else { return }
            let frame = view.convert(view.bounds, to: nil)
            if frame.intersects(screen), !mayTruncate(view) {
                if let label = view as? Label, let text = label.text, !text.isEmpty {
                    let shortfall = label.textShortfall
                    if !shortfall.isEmpty {
                        let why = [shortfall.contains(.widthOrLines) ? "needs more width or lines" : nil,
                                   shortfall.contains(.height) ? "needs more height" : nil].compactMap { $0 }
                        found.append(ClippedText(text: text, frame: frame, why: why.joined(separator: ", ")))
                    }
                } else if let button = view as? Button, let title = button.currentTitle, !title.isEmpty {
                    // The title (and image) may use the content insets, not more.
                    let needed = button.intrinsicContentSize.width - button.contentInsets.left - button.contentInsets.right
                    if needed > button.bounds.width + 0.5 {
                        found.append(ClippedText(text: title, frame: frame, why: "the title needs \(needed) points of width"))
                    }
                }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        return found
    }
}
