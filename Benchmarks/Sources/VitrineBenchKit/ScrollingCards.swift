import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A list of card rows scrolling steadily on a headless 1920×1080 XRGB8888 display with two
/// buffers (issue 16): a 120-point header over a 1920×960 `ScrollView` holding 100 rows of
/// plain views (a rounded, bordered white card with a label each, like the kiosk screen's
/// cards), scrolled at 2,000 points a second at 60 Hz.
///
/// Each `frame()` sets the next offset of the scroll (whole pixels, as a scroll view's
/// animation rounds them), commits and lets the vblank pass. The scroll goes 60 frames down
/// and 60 frames back up, so every frame is a scroll frame (33 or 34 pixels) and the scene
/// stays warm. Coordinates are window points at scale 1. Made `sideways`, the list is three
/// pages wide (the rows repeated on each) and scrolls across instead, by the same steps.
@MainActor
public final class ScrollingCards {
    /// Points the content moves per second.
    nonisolated public static let speed = 2000.0
    /// Frames a second.
    nonisolated public static let rate = 60.0
    /// Frames in one pass down (then as many back up).
    nonisolated public static let framesPerPass = 60
    /// Rows of cards in the list.
    nonisolated public static let rowCount = 100
    /// Row pitch in points.
    nonisolated public static let rowHeight = 120.0

    /// The headless backends (1920×1080).
    public let platform: HeadlessPlatform
    /// The application.
    public let application: Application
    /// The list.
    public let scrollView: ScrollView
    /// Whether the list scrolls across (three pages wide) rather than down.
    public let sideways: Bool
    private var index = 0

    /// Builds the list on a new 1920×1080 headless platform and shows its first frame.
    public init(sideways: Bool = false) {
        self.sideways = sideways
        platform = HeadlessPlatform(mode: DisplayMode(width: 1920, height: 1080))
        application = Application(platform: platform)
        let bounds = application.screen.bounds
        let window = Window(frame: bounds)
        window.backgroundColor = Color(rgb: 0xF4F1EA)
        let header = View(frame: Rect(x: 0, y: 0, width: bounds.width, height: 120))
        header.backgroundColor = Color(rgb: 0x1B2A41)
        window.addSubview(header)
        let title = Label(text: "Find a room", font: .system(size: 36, weight: .bold))
        title.textColor = .white
        title.frame = Rect(x: 48, y: 30, width: 600, height: 60)
        header.addSubview(title)
        scrollView = ScrollView(frame: Rect(x: 0, y: 120, width: bounds.width, height: bounds.height - 120))
        scrollView.backgroundColor = Color(rgb: 0xF4F1EA)
        let pages = sideways ? 3 : 1
        scrollView.contentSize = Size(width: bounds.width * Double(pages), height: Double(Self.rowCount) * Self.rowHeight + 12)
        for page in 0..<pages {
            for row in 0..<Self.rowCount {
                let card = View(frame: Rect(x: 48 + Double(page) * bounds.width, y: 12 + Double(row) * Self.rowHeight,
                                            width: bounds.width - 96, height: 96))
                card.backgroundColor = .white
                card.cornerRadius = 16
                card.borderWidth = 1
                card.borderColor = Color(rgb: 0xD8D2C4)
                let label = Label(text: "Room \(row + 1) · free until \(13 + row % 6):00 · \(4 + row % 9) seats",
                                  font: .system(size: 28, weight: .semibold))
                label.textColor = Color(rgb: 0x1B2A41)
                label.frame = Rect(x: 32, y: 28, width: 720, height: 40)
                card.addSubview(label)
                scrollView.addSubview(card)
            }
        }
        window.addSubview(scrollView)
        window.makeKeyAndVisible(in: application)
        platform.manualMainLoop.advance(by: 0.1)
    }

    /// The scroll view's area in scene pixels (what a scroll frame presents).
    public var scrollAreaPixels: Int { Int(scrollView.bounds.width * scrollView.bounds.height) }

    /// The content offset (points) of frame `index` of the steady scroll.
    nonisolated public static func offset(at index: Int) -> Double {
        let phase = index % (2 * framesPerPass)
        let step = phase <= framesPerPass ? phase : 2 * framesPerPass - phase
        return (Double(step) * speed / rate).rounded()
    }

    /// Scrolls to the next offset, commits and lets the flip complete. Returns what the frame
    /// cost, or nil when no frame was presented (a bug: every offset differs from the last).
    @discardableResult
    public func frame() -> FrameCounters? {
        let presentsBefore = application.statistics.presents
        index += 1
        let offset = Self.offset(at: index)
        scrollView.contentOffset = sideways ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
        application.commit()
        platform.manualMainLoop.advance(by: platform.virtualDisplay.refreshPeriod)
        return application.statistics.presents == presentsBefore + 1 ? application.statistics.lastFrame : nil
    }
}

/// Makes `count` scroll frames of `cards`; returns how many were presented. Its own
/// non-inlined function, so that a profiler can be limited to it (`valgrind --tool=callgrind
/// --toggle-collect='*measuredScrollFrames*'`).
@MainActor @inline(never)
public func measuredScrollFrames(_ cards: ScrollingCards, count: Int) -> Int {
    var presented = 0
    for _ in 0..<count where cards.frame() != nil { presented += 1 }
    return presented
}
