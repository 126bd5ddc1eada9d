import VitrineGraphics

/// What a view's accessibility and focus settings hold, allocated on the first one set
/// (`View.accessibilityStorage`), so that a view keeping every default pays one pointer.
/// A nil field means "the default for this kind of view" (see `AccessibilityDefaults`).
@MainActor
package final class AccessibilityStorage {
    package var isElement: Bool?
    package var label: String?
    package var value: String?
    package var hint: String?
    package var traits: AccessibilityTraits?
    package var identifier: String?
    package var language: String?
    /// Screen points (set by the app), or nil: the view's bounds on screen.
    package var frame: Rect?
    /// The container's bounds space, for an `AccessibilityElement` (UIKit's
    /// `accessibilityFrameInContainerSpace`).
    package var frameInContainer: Rect?
    package var elements: [View]?
    package var viewIsModal: Bool?
    package var elementsHidden = false
    package var labelBlock: (@MainActor () -> String?)?
    package var valueBlock: (@MainActor () -> String?)?
    package var hintBlock: (@MainActor () -> String?)?
    package var activateBlock: (@MainActor () -> Bool)?
    package var incrementBlock: (@MainActor () -> Void)?
    package var decrementBlock: (@MainActor () -> Void)?
    /// The elements a view of Vitrine made for itself (a tab bar's items, a segmented
    /// control's segments), kept between reads.
    package var itemElements: [View]?
    /// Whether the focus engine may focus the view, when the app said so.
    package var focusable: Bool?

    /// The kept `itemElements` while there are `count` of them, else `count` new ones made by
    /// `make` (given each index) and kept: made again only when the number of items changed.
    package func itemElements(count: Int, make: (Int) -> View) -> [View] {
        if let itemElements, itemElements.count == count { return itemElements }
        let made = (0..<count).map(make)
        itemElements = made
        return made
    }
}

/// How a view's content is laid out along the reading direction (UIKit's
/// `UISemanticContentAttribute`; UIKit's `playback` and `spatial`, left to right in every
/// language, are `forceLeftToRight` here). Read by layout (leading and trailing, stacks, bars,
/// cells), drawing and the reading and focus order: see `View.semanticContentAttribute`.
public enum SemanticContentAttribute: Sendable, Hashable {
    /// Follows the superview, and at the top the application's `userInterfaceLayoutDirection`.
    case unspecified
    /// Always left to right (media controls, a keypad).
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

/// The direction text, layout and reading order run in (UIKit's `UIUserInterfaceLayoutDirection`).
public enum UserInterfaceLayoutDirection: Sendable, Hashable {
    /// Leading is left (English, French, Russian, Chinese).
    case leftToRight
    /// Leading is right (Arabic, Hebrew).
    case rightToLeft
}

extension View {
    /// The view's accessibility storage, made on first use.
    package var accessibilityStore: AccessibilityStorage {
        if let accessibilityStorage { return accessibilityStorage }
        let made = AccessibilityStorage()
        accessibilityStorage = made
        return made
    }
}
