import Vitrine
import VitrineGraphics

/// A kiosk screen of about 100 views on a 1920×1080 display, standing in for the demo app at
/// full HD (the demo itself is an executable whose scene cannot be imported, and it runs at
/// 800×480): a header with a title and a clock, a navigation column of six 200×60 buttons, a
/// 4×3 grid of cards (each a rounded panel with two labels, an icon and a button), a ticker
/// row of labels, a status bar, and a 100×100 view on top that can move.
///
/// It has no timers and no animations: once its first frame is shown, nothing changes until
/// told to, so an app showing it should sleep. Coordinates are window points at scale 1.
@MainActor
public final class KioskScreen {
    /// The window, full-screen.
    public let window: Window
    /// The first navigation button: the 200×60 button whose change the frame benchmark measures.
    public let button: Button
    /// The 100×100 view in front of everything that `moveStep()` moves.
    public let movingView: View
    /// The status label whose text `changeLabel()` changes (a fixed 480×48 frame).
    public let statusLabel: Label
    /// Views in the window, the window included.
    public let viewCount: Int
    private var served = 41
    /// The label's texts, made once: formatting a string is the app's cost, and the frame
    /// measures the toolkit's.
    private let servingTexts = (1...999).map { "Now serving A-\($0)" }
    private var step = 0

    /// Builds the screen in a new full-screen window of `application` and makes it key and
    /// visible (its first frame follows at the next commit).
    public init(application: Application) {
        let bounds = application.screen.bounds
        window = Window(frame: bounds)
        let root = View(frame: window.bounds)
        root.backgroundColor = Color(rgb: 0xF4F1EA)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)

        let header = View(frame: Rect(x: 0, y: 0, width: bounds.width, height: 96))
        header.backgroundColor = Color(rgb: 0x1B2A41)
        header.autoresizingMask = [.flexibleWidth]
        root.addSubview(header)
        let logo = View(frame: Rect(x: 24, y: 20, width: 56, height: 56))
        logo.backgroundColor = Color(rgb: 0xF2B134)
        logo.cornerRadius = 12
        header.addSubview(logo)
        let title = Label(text: "Welcome · Добро пожаловать · 欢迎", font: .system(size: 32, weight: .bold))
        title.textColor = .white
        title.frame = Rect(x: 100, y: 0, width: 1200, height: 96)
        header.addSubview(title)
        let clock = Label(text: "12:45", font: .monospacedSystem(size: 30))
        clock.textColor = .white
        clock.textAlignment = .right
        clock.frame = Rect(x: bounds.width - 200, y: 0, width: 176, height: 96)
        clock.autoresizingMask = [.flexibleLeftMargin]
        header.addSubview(clock)

        let navigation = View(frame: Rect(x: 0, y: 96, width: 248, height: bounds.height - 96 - 72))
        navigation.backgroundColor = Color(rgb: 0xE4DED2)
        root.addSubview(navigation)
        var navigationButtons: [Button] = []
        for (index, name) in ["Check in", "Find a room", "Tickets", "Luggage", "Map", "Help"].enumerated() {
            let button = Button(frame: Rect(x: 24, y: 32 + Double(index) * 84, width: 200, height: 60))
            button.setTitle(name, for: .normal)
            button.titleFont = .system(size: 22, weight: .semibold)
            button.setBackgroundColor(Color(rgb: 0x2D6CDF), for: .normal)
            button.cornerRadius = 14
            navigation.addSubview(button)
            navigationButtons.append(button)
        }
        button = navigationButtons[0]

        let content = View(frame: Rect(x: 248, y: 96, width: bounds.width - 248, height: bounds.height - 96 - 72 - 56))
        root.addSubview(content)
        let cardWidth = (content.bounds.width - 5 * 24) / 4, cardHeight = (content.bounds.height - 4 * 24) / 3
        for index in 0..<12 {
            let card = View(frame: Rect(x: 24 + Double(index % 4) * (cardWidth + 24), y: 24 + Double(index / 4) * (cardHeight + 24),
                                        width: cardWidth, height: cardHeight))
            card.backgroundColor = .white
            card.cornerRadius = 16
            card.borderWidth = 1
            card.borderColor = Color(rgb: 0xD8D2C4)
            content.addSubview(card)
            let icon = View(frame: Rect(x: 24, y: 24, width: 64, height: 64))
            icon.backgroundColor = Color(rgb: index % 2 == 0 ? 0x8FB9A8 : 0x2E5E4E)
            icon.cornerRadius = 32
            card.addSubview(icon)
            let name = Label(text: "Room \(index + 1)", font: .system(size: 26, weight: .semibold))
            name.textColor = Color(rgb: 0x1B2A41)
            name.frame = Rect(x: 104, y: 24, width: cardWidth - 128, height: 36)
            card.addSubview(name)
            let detail = Label(text: "Free until \(13 + index % 6):00 · \(4 + index) seats", font: .system(size: 18))
            detail.textColor = Color(rgb: 0x4A5568)
            detail.frame = Rect(x: 104, y: 62, width: cardWidth - 128, height: 28)
            card.addSubview(detail)
            let open = Button(frame: Rect(x: 24, y: cardHeight - 68, width: 140, height: 44))
            open.setTitle("Book", for: .normal)
            open.setBackgroundColor(Color(rgb: 0x2D6CDF), for: .normal)
            open.cornerRadius = 10
            card.addSubview(open)
        }

        let ticker = View(frame: Rect(x: 248, y: bounds.height - 72 - 56, width: bounds.width - 248, height: 56))
        ticker.backgroundColor = Color(rgb: 0xE9E4D8)
        root.addSubview(ticker)
        for index in 0..<8 {
            let item = Label(text: "Line \(index + 1): on time", font: .system(size: 18))
            item.textColor = Color(rgb: 0x1B2A41)
            item.frame = Rect(x: 24 + Double(index) * 206, y: 0, width: 196, height: 56)
            ticker.addSubview(item)
        }

        let status = View(frame: Rect(x: 0, y: bounds.height - 72, width: bounds.width, height: 72))
        status.backgroundColor = Color(rgb: 0x1B2A41)
        root.addSubview(status)
        statusLabel = Label(text: "Now serving A-41", font: .system(size: 26, weight: .medium))
        statusLabel.textColor = .white
        statusLabel.frame = Rect(x: 24, y: 12, width: 480, height: 48)
        status.addSubview(statusLabel)
        for index in 0..<6 {
            let light = View(frame: Rect(x: bounds.width - 48 - Double(index) * 40, y: 24, width: 24, height: 24))
            light.backgroundColor = index == 0 ? Color(rgb: 0x48BB78) : Color(white: 1, alpha: 0.3)
            light.cornerRadius = 12
            status.addSubview(light)
        }

        movingView = View(frame: Rect(x: 300, y: 400, width: 100, height: 100))
        movingView.backgroundColor = Color(rgb: 0xE53E3E)
        movingView.cornerRadius = 20
        root.addSubview(movingView)

        viewCount = KioskScreen.count(window)
        window.makeKeyAndVisible(in: application)
    }

    /// Toggles the 200×60 button's highlight (it redraws, darkened or not).
    public func toggleButton() {
        // Not `.toggle()`: its modify accessor on a class property allocates a coroutine frame.
        button.isHighlighted = !button.isHighlighted
    }

    /// Moves the 100×100 view 7 points right (back to the left after 200 steps), over the
    /// cards: its old and new frames are damaged, nothing redraws.
    public func moveStep() {
        step = step == 200 ? 0 : step + 1
        movingView.frame = Rect(x: 300 + Double(step) * 7, y: 400, width: 100, height: 100)
    }

    /// Changes the status label's text ("Now serving A-42", A-43…, one of 999 texts made
    /// beforehand): the label lays out and redraws.
    public func changeLabel() {
        served = served == 999 ? 1 : served + 1
        statusLabel.text = servingTexts[served - 1]
    }

    /// Marks every view to redraw (what a first frame costs).
    public func setEverythingNeedsDisplay() {
        func mark(_ view: View) {
            view.setNeedsDisplay()
            for subview in view.subviews { mark(subview) }
        }
        mark(window)
    }

    /// Views in `view`'s subtree, itself included.
    public static func count(_ view: View) -> Int {
        view.subviews.reduce(1) { $0 + count($1) }
    }
}
