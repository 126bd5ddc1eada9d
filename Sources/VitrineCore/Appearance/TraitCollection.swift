import VitrineGraphics

/// Light or dark appearance (UIKit's `UIUserInterfaceStyle`; raw values are UIKit's).
public enum UserInterfaceStyle: Int, Sendable, Hashable, CaseIterable {
    /// No preference: follow the superview, the controller, the window, then the application.
    case unspecified = 0
    /// Dark content on light backgrounds.
    case light = 1
    /// Light content on dark backgrounds.
    case dark = 2
}

/// How much room there is along one axis (UIKit's `UIUserInterfaceSizeClass`; raw values are
/// UIKit's). Vitrine derives it from the window's size in points: see
/// `TraitCollection.sizeClasses(for:)`.
public enum UserInterfaceSizeClass: Int, Sendable, Hashable, CaseIterable {
    /// Not known: a view in no window.
    case unspecified = 0
    /// Little room: a phone-like layout along that axis.
    case compact = 1
    /// Room for more: a tablet-like layout along that axis.
    case regular = 2
}

/// The traits a view or controller is drawn with (UIKit's `UITraitCollection`): the light or
/// dark appearance, the horizontal and vertical size classes, and the app's language and layout
/// direction. A view's traits are inherited
/// down the tree (see `View.traitCollection`); `traitCollectionDidChange(_:)` tells a view or
/// controller that they changed.
public struct TraitCollection: Sendable, Hashable, CustomStringConvertible {
    /// Light or dark; never `.unspecified` in a collection a view reports.
    public var userInterfaceStyle: UserInterfaceStyle
    /// The room across: from the window's width (`.unspecified` outside a window).
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// The room down: from the window's height (`.unspecified` outside a window).
    public var verticalSizeClass: UserInterfaceSizeClass
    /// The direction the app's screens run in (UIKit's `layoutDirection`): the application's
    /// `userInterfaceLayoutDirection`, which its `localizer` sets from the language.
    public var layoutDirection: UserInterfaceLayoutDirection
    /// The app's language, a BCP 47 tag (`ar`, `pt-BR`): the language of the application's
    /// `localizer`. A screen that shows translated text looks it up again when this changes.
    public var language: String

    /// A collection with `userInterfaceStyle`, size classes (unspecified by default), a layout
    /// direction (left to right by default) and a language (English by default).
    public init(userInterfaceStyle: UserInterfaceStyle, horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UserInterfaceSizeClass = .unspecified,
                layoutDirection: UserInterfaceLayoutDirection = .leftToRight, language: String = "en") {
        self.userInterfaceStyle = userInterfaceStyle
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.language = language
    }

    /// Whether the collection is dark.
    public var isDark: Bool { userInterfaceStyle == .dark }

    /// At least this many points wide is a regular width: UIKit's smallest regular-width full
    /// screen is an iPad's portrait width, 768 points.
    public static let regularWidthThreshold = 768.0
    /// At least this many points high is a regular height. UIKit's compact heights are phones
    /// turned to landscape (320–430 points); a 7-inch panel in landscape (480 or 600 points)
    /// plays that role on a kiosk, a 10-inch one (800) does not.
    public static let regularHeightThreshold = 640.0

    /// The size classes of a window `size` points large: regular from the thresholds up.
    /// 800×480 and 1024×600 are regular × compact, their portraits 480×800 and 600×1024
    /// compact × regular; 1280×800, 1920×1080 and their portraits regular × regular.
    public static func sizeClasses(for size: Size) -> (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        (size.width >= regularWidthThreshold ? .regular : .compact, size.height >= regularHeightThreshold ? .regular : .compact)
    }

    /// `TraitCollection(light, regular × compact, en, left to right)`, for logs.
    public var description: String {
        func name(_ sizeClass: UserInterfaceSizeClass) -> String {
            switch sizeClass { case .unspecified: "unspecified"; case .compact: "compact"; case .regular: "regular" }
        }
        return "TraitCollection(\(userInterfaceStyle == .dark ? "dark" : "light"), \(name(horizontalSizeClass)) × \(name(verticalSizeClass)), "
            + "\(language), \(layoutDirection == .rightToLeft ? "right to left" : "left to right"))"
    }
}

/// The colours controls draw with, each with a light and a dark value that follow the view's
/// `traitCollection` (UIKit's semantic `UIColor`s: `.label`, `.systemBackground`, …). Vitrine's
/// `Color` is a plain value, so a semantic colour is resolved where it is drawn:
/// `SemanticColor.label.resolved(with: traitCollection)`. The values are UIKit's.
public enum SemanticColor: Sendable, Hashable, CaseIterable {
    /// Primary text.
    case label
    /// Secondary text (captions, a stepper's disabled sign).
    case secondaryLabel
    /// Tertiary text and the dots of a page control.
    case tertiaryLabel
    /// The background of a screen.
    case systemBackground
    /// The background of grouped content on a screen (a segmented control's thumb in dark).
    case secondarySystemBackground
    /// Thin lines between content.
    case separator
    /// The fill of thin and small shapes (a slider's track, a switch's off track).
    case systemFill
    /// The fill of medium shapes (a segmented control's or stepper's background).
    case secondarySystemFill
    /// The fill of large shapes (a progress view's track).
    case tertiarySystemFill
    /// The default `tintColor`.
    case systemBlue
    /// A switch's default on colour.
    case systemGreen
    /// Neutral grey (an activity indicator's default colour).
    case systemGray

    /// The colour for `traits`.
    public func resolved(with traits: TraitCollection) -> Color {
        resolved(isDark: traits.isDark)
    }

    /// The colour in light (`isDark` false) or dark appearance.
    public func resolved(isDark: Bool) -> Color {
        switch self {
        case .label: return isDark ? .white : .black
        case .secondaryLabel: return Color(red: isDark ? 235 / 255 : 60 / 255, green: isDark ? 235 / 255 : 60 / 255,
                                           blue: isDark ? 245 / 255 : 67 / 255, alpha: 0.6)
        case .tertiaryLabel: return Color(red: isDark ? 235 / 255 : 60 / 255, green: isDark ? 235 / 255 : 60 / 255,
                                          blue: isDark ? 245 / 255 : 67 / 255, alpha: 0.3)
        case .systemBackground: return isDark ? .black : .white
        case .secondarySystemBackground: return isDark ? Color(rgb: 0x1C1C1E) : Color(rgb: 0xF2F2F7)
        case .separator: return isDark ? Color(rgb: 0x545458, alpha: 0.6) : Color(rgb: 0x3C3C43, alpha: 0.29)
        case .systemFill: return isDark ? Color(rgb: 0x787880, alpha: 0.36) : Color(rgb: 0x787880, alpha: 0.2)
        case .secondarySystemFill: return isDark ? Color(rgb: 0x787880, alpha: 0.32) : Color(rgb: 0x787880, alpha: 0.16)
        case .tertiarySystemFill: return isDark ? Color(rgb: 0x767680, alpha: 0.24) : Color(rgb: 0x767680, alpha: 0.12)
        case .systemBlue: return isDark ? Color(rgb: 0x0A84FF) : Color(rgb: 0x007AFF)
        case .systemGreen: return isDark ? Color(rgb: 0x30D158) : Color(rgb: 0x34C759)
        case .systemGray: return Color(rgb: 0x8E8E93)
        }
    }
}
