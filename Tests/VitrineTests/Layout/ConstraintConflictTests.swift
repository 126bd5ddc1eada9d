import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// Required constraints that cannot all hold: the engine breaks the app's constraint of lowest
/// priority in the conflicting set (ties: the latest activated), logs the set once naming views
/// by `accessibilityIdentifier` or type and constraints by `identifier`, and never traps.
@MainActor
@Suite struct ConstraintConflictTests {
    /// Keeps the app of the last scene alive (a window holds its application weakly).
    @MainActor final class Keeper { static var app: Application? }

    /// A 400×300 window of an app logging into the capture, with a constrained child named "badge".
    private func scene() -> (LogCapture, Window, View) {
        let lines = LogCapture(level: .info)
        let app = Application(mainLoop: ManualMainLoop(), logger: lines.logger)
        Keeper.app = app
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible(in: app)
        let child = View()
        child.accessibilityIdentifier = "badge"
        child.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(child)
        return (lines, window, child)
    }

    private func place(_ child: View, in root: View) {
        LayoutConstraint.activate([child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                   child.topAnchor.constraint(equalTo: root.topAnchor),
                                   child.heightAnchor.constraint(equalToConstant: 10)])
    }

    @Test func theNewConstraintOfAnAllRequiredConflictBreaksAndTheSetIsLoggedOnce() {
        let (lines, window, child) = scene()
        place(child, in: window)
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let unrelated = child.heightAnchor.constraint(greaterThanOrEqualToConstant: 5)
        unrelated.identifier = "unrelated"
        LayoutConstraint.activate([narrow, unrelated])
        let wide = child.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5)
        wide.identifier = "wide"
        wide.isActive = true
        window.layoutIfNeeded()
        #expect(wide.isActive && wide.isBroken && !narrow.isBroken)
        #expect(child.frame.width == 100)
        let warnings = lines.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        let message = warnings.first ?? ""
        // The set: the new one, the one it contradicts and the window's frame it reads; nothing else.
        #expect(message.contains("'wide' badge.width == 0.5 * Window.width"), "\(message)")
        #expect(message.contains("'narrow' badge.width == 100.0"), "\(message)")
        #expect(message.contains("Window.width == 400.0 (its frame"), "\(message)")
        #expect(!message.contains("unrelated"), "\(message)")
        #expect(message.contains("Breaking <'wide'"), "\(message)")
        // Laying out again logs nothing more.
        child.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(lines.messages(atLeast: .warning).count == 1)
    }

    @Test func aBrokenConstraintComesBackWhenWhatItContradictedIsDeactivated() {
        let (_, window, child) = scene()
        place(child, in: window)
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        let wide = child.widthAnchor.constraint(equalToConstant: 200)
        narrow.isActive = true
        wide.isActive = true
        window.layoutIfNeeded()
        #expect(wide.isBroken && child.frame.width == 100)
        narrow.isActive = false
        #expect(!wide.isBroken)
        window.layoutIfNeeded()
        #expect(child.frame.width == 200)
        // Deactivating a broken constraint forgets it.
        narrow.isActive = true
        #expect(narrow.isBroken)
        narrow.isActive = false
        #expect(!narrow.isBroken && !narrow.isActive)
        wide.constant = 220
        window.layoutIfNeeded()
        #expect(child.frame.width == 220)
    }

    @Test func aFrameSetByHandWinsOverTheLatestAppConstraintOfTheConflict() {
        let (lines, window, child) = scene()
        // A hand-placed panel (it translates its frame) whose width two required constraints tie
        // to the child's, which is pinned to 200: a wider frame contradicts both.
        let panel = View(frame: Rect(x: 0, y: 100, width: 200, height: 50))
        panel.accessibilityIdentifier = "panel"
        window.addSubview(panel)
        place(child, in: window)
        let follow = child.widthAnchor.constraint(equalTo: panel.widthAnchor)
        follow.identifier = "follow"
        let fixed = child.widthAnchor.constraint(equalToConstant: 200)
        fixed.identifier = "fixed"
        LayoutConstraint.activate([follow, fixed])
        window.layoutIfNeeded()
        #expect(child.frame.width == 200)
        #expect(lines.messages(atLeast: .warning).isEmpty)
        panel.frame.size.width = 300
        window.layoutIfNeeded()
        // Both are required: the one activated last breaks, the other holds with the new frame.
        #expect(fixed.isBroken && !follow.isBroken)
        #expect(child.frame.width == 300)
        let warnings = lines.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("panel's frame") == true, "\(warnings)")
        #expect(warnings.first?.contains("Breaking <'fixed'") == true, "\(warnings)")
        #expect(warnings.first?.contains("'follow'") == true, "\(warnings)")
    }

    @Test func aRequiredIntrinsicSizeBreaksTheAppConstraintThatSqueezesIt() throws {
        let (lines, window, _) = scene()
        let label = Label(text: "Hi")
        label.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(label)
        label.setContentCompressionResistancePriority(.required, for: .horizontal)
        let cap = label.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        cap.identifier = "cap"
        LayoutConstraint.activate([label.leftAnchor.constraint(equalTo: window.leftAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor), cap])
        window.layoutIfNeeded()
        #expect(!cap.isBroken)
        #expect(lines.messages(atLeast: .warning).isEmpty)
        label.text = "A much longer departure board heading"
        window.layoutIfNeeded()
        #expect(label.intrinsicContentSize.width > 60)
        #expect(cap.isBroken)
        #expect(label.frame.width == label.intrinsicContentSize.width)
        #expect(lines.messages(atLeast: .warning).count == 1)
        #expect(lines.messages(atLeast: .warning).first?.contains("Breaking <'cap'") == true)
    }

    @Test func aConstantThatWouldContradictKeepsThePreviousOneAndLogsTheSet() {
        let (lines, window, child) = scene()
        place(child, in: window)
        let width = child.widthAnchor.constraint(equalToConstant: 100)
        width.identifier = "width"
        let cap = child.widthAnchor.constraint(lessThanOrEqualToConstant: 150)
        cap.identifier = "cap"
        LayoutConstraint.activate([width, cap])
        width.constant = 200
        window.layoutIfNeeded()
        #expect(child.frame.width == 100)
        #expect(!width.isBroken && !cap.isBroken)
        let warnings = lines.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'cap'") == true && warnings.first?.contains("'width'") == true, "\(warnings)")
    }

    @Test func aCycleOfContradictionsNeverTraps() {
        let (_, window, child) = scene()
        place(child, in: window)
        var generator = SeededRandom(seed: 37)
        var constraints: [LayoutConstraint] = []
        for _ in 0..<60 {
            let constant = Double(generator.next() % 300)
            let constraint = switch generator.next() % 3 {
            case 0: child.widthAnchor.constraint(equalToConstant: constant)
            case 1: child.widthAnchor.constraint(lessThanOrEqualToConstant: constant)
            default: child.widthAnchor.constraint(greaterThanOrEqualTo: window.widthAnchor, multiplier: 0.5, constant: -constant)
            }
            constraint.isActive = true
            constraints.append(constraint)
            if generator.next() % 4 == 0 { constraints.randomElement(using: &generator)?.isActive = false }
            if generator.next() % 5 == 0 { constraints.randomElement(using: &generator)?.constant += 10 }
        }
        window.layoutIfNeeded()
        // What holds is consistent: every active, unbroken constraint is met.
        for constraint in constraints where constraint.isActive && !constraint.isBroken {
            let width = child.frame.width
            let target = constraint.secondItem == nil ? constraint.constant : 200 + constraint.constant
            switch constraint.relation {
            case .equal: #expect(abs(width - target) < 1e-6)
            case .lessThanOrEqual: #expect(width <= target + 1e-6)
            case .greaterThanOrEqual: #expect(width >= target - 1e-6)
            }
        }
    }
}
