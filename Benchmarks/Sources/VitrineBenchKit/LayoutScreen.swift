import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A screen of about 200 views laid out by stacks and autoresizing, for the layout
/// benchmarks: a header (autoresized title and clock), a column of five rows of five cards
/// (stack views in stack views; each card a vertical stack of labels and an action row, with an
/// autoresized badge), and a footer row of labels. No display: only layout runs.
///
/// `relayoutAll()` turns the window between landscape and portrait (1920×1080 ↔ 1080×1920
/// points), which resizes everything; `relayoutAfterOneChange()` changes the text of one
/// card's label, which re-lays out that card and the stacks it tells.
@MainActor
public final class LayoutScreen {
    /// The window (an application's key window, without a display).
    public let window: Window
    /// The application the window belongs to.
    public let application: Application
    /// Views in the window, the window included.
    public let viewCount: Int
    /// The label `relayoutAfterOneChange()` changes.
    public let changingLabel: Label
    private var landscape = true
    private var longText = false

    /// Builds the screen in a new application and lays it out once.
    public init() {
        application = Application(mainLoop: ManualMainLoop())
        window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let root = View(frame: window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.backgroundColor = Color(rgb: 0xF4F1EA)
        window.addSubview(root)

        let header = View(frame: Rect(x: 0, y: 0, width: 1920, height: 96))
        header.autoresizingMask = [.flexibleWidth]
        root.addSubview(header)
        let title = Label(text: "Departures", font: .system(size: 32, weight: .bold))
        title.frame = Rect(x: 32, y: 0, width: 1600, height: 96)
        title.autoresizingMask = [.flexibleWidth]
        header.addSubview(title)
        let clock = Label(text: "12:45", font: .monospacedSystem(size: 28))
        clock.frame = Rect(x: 1720, y: 0, width: 168, height: 96)
        clock.autoresizingMask = [.flexibleLeftMargin]
        header.addSubview(clock)

        var cardLabels: [Label] = []
        var rows: [View] = []
        for row in 0..<5 {
            var cards: [View] = []
            for column in 0..<5 {
                let titleLabel = Label(text: "Gate \(row * 5 + column + 1)", font: .system(size: 22, weight: .semibold))
                let detail = Label(text: "Boarding", font: .system(size: 17))
                cardLabels.append(detail)
                let icon = View(frame: Rect(x: 0, y: 0, width: 24, height: 24))
                icon.backgroundColor = Color(rgb: 0x2D6CDF)
                let open = Label(text: "Open", font: .system(size: 15))
                let actions = StackView(arrangedSubviews: [icon, open])
                actions.spacing = 8
                actions.alignment = .center
                let card = StackView(arrangedSubviews: [titleLabel, detail, actions])
                card.axis = .vertical
                card.spacing = 6
                card.isLayoutMarginsRelativeArrangement = true
                card.backgroundColor = .white
                let badge = View(frame: Rect(x: 0, y: 0, width: 12, height: 12))
                badge.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
                badge.backgroundColor = Color(rgb: 0xF2B134)
                card.addSubview(badge)
                cards.append(card)
            }
            let rowStack = StackView(arrangedSubviews: cards)
            rowStack.distribution = .fillEqually
            rowStack.spacing = 12
            rows.append(rowStack)
        }
        let column = StackView(arrangedSubviews: rows)
        column.axis = .vertical
        column.distribution = .fillEqually
        column.spacing = 12
        column.isLayoutMarginsRelativeArrangement = true
        column.frame = Rect(x: 0, y: 96, width: 1920, height: 1080 - 96 - 64)
        column.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(column)

        let footerLabels = (1...8).map { Label(text: "Line \($0)", font: .system(size: 15)) }
        let footer = StackView(arrangedSubviews: footerLabels)
        footer.distribution = .equalSpacing
        footer.alignment = .center
        footer.frame = Rect(x: 0, y: 1080 - 64, width: 1920, height: 64)
        footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(footer)

        changingLabel = cardLabels[12]
        viewCount = LayoutScreen.count(window)
        window.makeKeyAndVisible(in: application)
        window.layoutIfNeeded()
    }

    /// Turns the window to the other orientation and lays everything out: every view's frame
    /// changes. Returns whether the pass left nothing to lay out.
    @discardableResult
    public func relayoutAll() -> Bool {
        landscape.toggle()
        window.frame = landscape ? Rect(x: 0, y: 0, width: 1920, height: 1080) : Rect(x: 0, y: 0, width: 1080, height: 1920)
        window.layoutIfNeeded()
        return !window.needsLayout
    }

    /// Changes one card label's text (a longer or shorter word) and lays out what that dirtied.
    @discardableResult
    public func relayoutAfterOneChange() -> Bool {
        longText.toggle()
        changingLabel.text = longText ? "Boarding closes soon" : "Boarding"
        window.layoutIfNeeded()
        return !window.needsLayout
    }

    /// Views in `view`'s subtree, itself included.
    public static func count(_ view: View) -> Int {
        view.subviews.reduce(1) { $0 + count($1) }
    }
}
