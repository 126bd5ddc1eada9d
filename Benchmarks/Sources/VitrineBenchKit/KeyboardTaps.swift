import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A text field with the on-screen keyboard up on a headless 800×480 display: each `tap()` is a
/// finger down and up on the "g" key — two frames (the key and its preview; then the key, the
/// preview gone and the field's new text) composed and copied for real.
@MainActor
public final class KeyboardTaps {
    /// The headless backends.
    public let platform: HeadlessPlatform
    /// The application.
    public let application: Application
    /// The field typed into.
    public let field: TextField
    /// Taps made, and characters they typed (counted by the caret's moves, so the field's
    /// emptying every 1,000 characters does not hide them, and reading allocates nothing).
    public private(set) var taps = 0, charactersTyped = 0
    private let key: Point

    /// Builds the field, focuses it and lets the keyboard slide up.
    public init() {
        platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
        application = Application(platform: platform)
        let window = Window(frame: application.screen.bounds)
        window.backgroundColor = .white
        window.makeKeyAndVisible(in: application)
        field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 40))
        window.addSubview(field)
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.1)
        field.becomeFirstResponder()
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 1)
        let frame = application.keyboard.frameOfKey(typing: "g") ?? .zero
        key = Point(x: frame.midX, y: frame.midY)
    }

    /// One tap on the key: down, a frame, up, a frame. Returns the frames' composed pixels.
    /// The field is emptied when it holds more than 1,000 characters (outside what a tap
    /// types: `charactersTyped` counts the caret's moves before that).
    @discardableResult
    public func tap() -> Int {
        let before = application.statistics.pixelsComposed
        let caret = field.selectedRange.upperBound
        platform.input.down(0, at: key)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.05)
        platform.input.up(0)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.05)
        taps += 1
        charactersTyped += field.selectedRange.upperBound - caret
        if caret >= 1000 { field.text = "" }
        return application.statistics.pixelsComposed - before
    }
}

/// `count` taps on the keyboard's key, a function of its own so that callgrind (`--toggle-collect`)
/// or a breakpoint on `malloc` can see exactly them. Returns the characters they typed.
@MainActor @inline(never)
public func measuredKeyTaps(_ taps: KeyboardTaps, count: Int) -> Int {
    let before = taps.charactersTyped
    for _ in 0..<count { taps.tap() }
    return taps.charactersTyped - before
}
