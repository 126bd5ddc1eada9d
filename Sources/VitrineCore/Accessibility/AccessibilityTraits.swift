/// What an accessibility element is and how it behaves, told to assistive technology (UIKit's
/// `UIAccessibilityTraits`). Combine them: a selected tab is `[.button, .selected]`.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt64
    /// Traits from their bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No trait.
    public static let none: AccessibilityTraits = []
    /// Does something when activated (a button, a cell that opens a screen).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A heading that divides content (a navigation bar's title, a section header).
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
    /// A field to search in.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
    /// An image (with `button`: a button showing an image).
    public static let image = AccessibilityTraits(rawValue: 1 << 4)
    /// Currently selected (a tab, a segment, a checked row).
    public static let selected = AccessibilityTraits(rawValue: 1 << 5)
    /// Plays its own sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    /// A key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    /// Text that does not change and cannot be acted on.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
    /// A summary read when the screen appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
    /// Cannot be used now (a disabled control).
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
    /// Its value changes often (a clock, a progress bar): a reader does not repeat each change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
    /// Starts a media session when activated.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes `accessibilityIncrement()` / `accessibilityDecrement()` (a slider, a stepper, a
    /// picker wheel); an encoder turned while it is engaged adjusts it.
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 13)
    /// Takes touches directly while touch exploration is on (a signature pad, a piano).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
    /// Turns a page when it scrolls to its end (a reader's page).
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
    /// A tab bar (on the bar itself, as UIKit's `.tabBar`).
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)
    /// A control with an on/off state (a switch); the value says which.
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)
}
