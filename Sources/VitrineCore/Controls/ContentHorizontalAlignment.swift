/// Where a control's content sits across its bounds (UIKit's
/// `UIControl.ContentHorizontalAlignment`).
public enum ContentHorizontalAlignment: Sendable, Hashable, CaseIterable {
    /// Centred (the default).
    case center
    /// Against the left edge, in either layout direction.
    case left
    /// Against the right edge, in either layout direction.
    case right
    /// Stretched across the bounds; content that cannot stretch (a button's image and title)
    /// sits as `.leading` does.
    case fill
    /// Against the edge lines start at: the left in left to right, the right in right to left.
    case leading
    /// Against the edge lines end at: the right in left to right, the left in right to left.
    case trailing
}
