import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The demo launched pseudo-localized (every string about 40% longer and accented, as
/// `--pseudo-language accented` starts it; and right to left, as `both` does), every screen
/// visited: no label may clip or truncate its text, and no button its title.
@MainActor
@Suite struct PseudoLocalizedWalkTests {
    /// Where the walk is; what it found clipped there.
    struct Finding: CustomStringConvertible {
        var screen: String
        var text: ClippedText
        var description: String { "\(screen): \(text)" }
    }

    /// Visits every screen of `k`'s kiosk and returns the clipped texts on each.
    static func walk(_ k: LaunchedKiosk) throws -> [Finding] {
        var findings: [Finding] = []
        let window = try #require(k.kiosk.window)
        func look(_ screen: String) {
            k.settle()
            findings += ClippedText.find(under: window, screen: k.app.screen.bounds).map { Finding(screen: screen, text: $0) }
        }
        let welcome = k.welcome
        look("welcome")

        welcome.callForHelp(nil)
        look("help alert")
        welcome.dismiss(animated: false)

        welcome.checkIn(nil)
        look("check-in")
        let form = try #require(welcome.presentedViewController as? CheckInController)
        form.confirm()
        look("check-in refused")
        form.nameField.text = "Anna"
        form.emailField.text = "anna@example.com"
        form.confirm()
        #expect(welcome.presentedViewController is DetailController)
        look("detail")
        welcome.dismiss(animated: false)

        welcome.findRoom(nil)
        look("rooms")
        let rooms = try #require(welcome.presentedViewController as? RoomsController)
        rooms.tableView(rooms.tableView, didSelectRowAt: ItemPath(row: 1, section: 0))
        look("room")
        welcome.dismiss(animated: false)

        welcome.showHours(nil)
        look("hours")
        let hours = try #require(welcome.presentedViewController as? HoursController)
        hours.scrollView.contentOffset = Point(x: 0, y: max(0, hours.scrollView.contentSize.height - hours.scrollView.bounds.height))
        look("hours, scrolled to the end")
        welcome.dismiss(animated: false)

        welcome.showSettings()
        look("settings")
        k.navigation?.popViewController(animated: false)

        let promo = PromoController(log: { _ in })
        welcome.present(promo, animated: false)
        look("promo")
        welcome.dismiss(animated: false)
        k.settle()
        return findings
    }

    @Test(arguments: [(800, 480, false), (800, 480, true), (480, 800, false), (1920, 1080, false)])
    func noScreenClipsAPseudoLocalizedText(width: Int, height: Int, rightToLeft: Bool) throws {
        let k = LaunchedKiosk(width: width, height: height, pseudo: .standard, rightToLeft: rightToLeft)
        defer { k.finish() }
        #expect(k.welcome.greeting.text == "⟦Ŵéļçöɱé one⟧" || k.welcome.greeting.text?.hasPrefix("⟦") == true,
                "the strings are pseudo-localized")
        let findings = try Self.walk(k)
        let where_ = "\(width)×\(height)" + (rightToLeft ? " right to left" : "")
        #expect(findings.isEmpty, Comment(rawValue: where_ + ":\n" + findings.map(\.description).joined(separator: "\n")))
    }

    /// The walk's check reports what it should: the welcome greeting squeezed into 60 points.
    @Test func aDeliberatelyNarrowLabelIsReported() throws {
        let k = LaunchedKiosk(pseudo: .standard)
        defer { k.finish() }
        let window = try #require(k.kiosk.window)
        #expect(ClippedText.find(under: window, screen: k.app.screen.bounds).isEmpty)
        let greeting = k.welcome.greeting
        greeting.frame.size.width = 60
        let found = ClippedText.find(under: window, screen: k.app.screen.bounds)
        #expect(found.count == 1 && found.first?.text == greeting.text && found.first?.why == "needs more width or lines")
        // Too short for its line: reported too, and a label allowed to truncate is not.
        greeting.frame.size = Size(width: 400, height: 10)
        #expect(ClippedText.find(under: window, screen: k.app.screen.bounds).map(\.why) == ["needs more height"])
        #expect(ClippedText.find(under: window, screen: k.app.screen.bounds, mayTruncate: { $0 === greeting }).isEmpty)
        // A button whose title does not fit.
        k.welcome.buttons[0].setTitle(String(repeating: "Check in ", count: 8), for: .normal)
        #expect(ClippedText.find(under: window, screen: k.app.screen.bounds, mayTruncate: { $0 === greeting }).count == 1)
    }

    /// `Label.textShortfall` on its own: wrapping, line limits, and a label that fits.
    @Test func aLabelSaysWhatItsTextNeeds() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 400, height: 30))
        label.text = "Opening hours"
        label.font = .system(size: 20)
        #expect(label.textShortfall.isEmpty)
        label.frame.size.width = 50
        #expect(label.textShortfall == .widthOrLines)
        label.numberOfLines = 0
        label.frame.size = Size(width: 80, height: 200)
        #expect(label.textShortfall.isEmpty, "wrapped on two lines, which the height holds")
        label.frame.size.height = 30
        #expect(label.textShortfall == .widthOrLines, "the second line does not fit: dropped, the first truncated")
        label.text = nil
        #expect(label.textShortfall.isEmpty)
    }
}
