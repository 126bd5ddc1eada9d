import VitrineGraphics

// Right to left: every control mirrors as UIKit's do, reading `effectiveUserInterfaceLayoutDirection`
// when it lays out, draws and hit-tests (a walk up the tree, no allocation), so a change of the
// app's direction or a view's `semanticContentAttribute` shows on the next layout or draw. The
// direction change (`Application.userInterfaceLayoutDirection`) marks every view for both.

extension View {
    /// Whether the view lays out and draws mirrored: `effectiveUserInterfaceLayoutDirection`
    /// is right to left.
    var isLaidOutRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// The direction of text with no strong character in this view (the view's own direction),
    /// for `TextLayout(neutralDirection:)`.
    var neutralWritingDirection: WritingDirection { isLaidOutRightToLeft ? .rightToLeft : .leftToRight }
}

extension Control {
    /// `contentHorizontalAlignment` with `.leading` and `.trailing` resolved to `.left` or
    /// `.right` by the control's `effectiveUserInterfaceLayoutDirection` (UIKit's
    /// `effectiveContentHorizontalAlignment`); `.center`, `.left`, `.right` and `.fill` as they are.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: isLaidOutRightToLeft ? .right : .left
        case .trailing: isLaidOutRightToLeft ? .left : .right
        default: contentHorizontalAlignment
        }
    }
}

extension GraphicsContext {
    /// Draws `pixels` (the surface of `image` at the size shown) filling `rect` (user space),
    /// mirrored left to right about the rectangle's middle when `image` is marked
    /// `flipsForRightToLeftLayoutDirection` and `rightToLeft` is true (UIKit's rule: only
    /// marked images flip).
    func draw(_ pixels: Surface, of image: Image, in rect: Rect, rightToLeft: Bool) {
        guard rightToLeft && image.flipsForRightToLeftLayoutDirection else {
            draw(pixels, in: rect)
            return
        }
        saveGState()
        translateBy(x: rect.minX + rect.maxX, y: 0)
        scaleBy(x: -1, y: 1)
        draw(pixels, in: rect)
        restoreGState()
    }
}
