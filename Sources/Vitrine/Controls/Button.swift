import VitrineGraphics

/// A control that runs an action when tapped, with a title and colors per state (UIKit's
/// `UIButton`, without button types: one kind of button, styled through its per-state values).
///
/// Per-state values follow UIKit's lookup: the value set for exactly the current state, else
/// the value for `.normal`. There is no merging of flags, so a selected button being pressed
/// (`[.selected, .highlighted]`) shows the `.normal` title unless one is set for that exact
/// combination, as in UIKit.
///
/// A lift inside sends `.touchUpInside` and then `.primaryActionTriggered`.
///
/// Drawing the title and background comes with the pictures issue; until then the values are
/// stored and a change that affects the current look marks the button for redrawing.
@MainActor
open class Button: Control {
    /// The title color when none is set for the state nor for `.normal` (white, as UIKit's
    /// custom buttons).
    public static let defaultTitleColor = Color.white

    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var backgroundColors: [State: Color] = [:]

    /// Creates a button with `frame` in its future superview's coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// True: a button's primary action is the tap.
    open override var triggersPrimaryActionOnTouchUpInside: Bool { true }

    // MARK: Titles

    /// Sets the title shown in `state` (nil removes it, so `state` falls back to `.normal`).
    public func setTitle(_ title: String?, for state: State) {
        let before = currentTitle
        titles[state] = title
        if currentTitle != before { setNeedsDisplay() }
    }

    /// The title for `state`: the one set for exactly `state`, else the `.normal` one.
    public func title(for state: State) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// The title for the current `state`.
    public var currentTitle: String? { title(for: state) }

    // MARK: Title colors

    /// Sets the title color for `state` (nil removes it).
    public func setTitleColor(_ color: Color?, for state: State) {
        let before = currentTitleColor
        titleColors[state] = color
        if currentTitleColor != before { setNeedsDisplay() }
    }

    /// The title color for `state`: the one set for exactly `state`, else the `.normal` one,
    /// else nil.
    public func titleColor(for state: State) -> Color? {
        titleColors[state] ?? titleColors[.normal]
    }

    /// The title color for the current `state`, `defaultTitleColor` when none is set.
    public var currentTitleColor: Color { titleColor(for: state) ?? Button.defaultTitleColor }

    // MARK: Background colors

    /// Sets the color the button's bounds are filled with in `state` (nil removes it). This is
    /// drawn content, under the title, distinct from the view's `backgroundColor`.
    public func setBackgroundColor(_ color: Color?, for state: State) {
        let before = currentBackgroundColor
        backgroundColors[state] = color
        if currentBackgroundColor != before { setNeedsDisplay() }
    }

    /// The background color for `state`: the one set for exactly `state`, else the `.normal`
    /// one, else nil (nothing is filled).
    public func backgroundColor(for state: State) -> Color? {
        backgroundColors[state] ?? backgroundColors[.normal]
    }

    /// The background color for the current `state`, or nil.
    public var currentBackgroundColor: Color? { backgroundColor(for: state) }
}
