import VitrineGraphics

/// The ring the runtime draws around the focused element: a thick band in the element's tint
/// colour (orange while an adjustable element is engaged) with a thin white line inside it, so
/// it shows on light and dark backgrounds from a kiosk's distance; its corners follow the
/// element's `cornerRadius`. It is a view of its own, the front-most of the key window, that
/// draws nothing (background borders only, composed) and takes no touches: moving it damages
/// its old and new extents only.
@MainActor
final class FocusRing {
    /// How far the ring lies outside the element's frame, in points.
    static let outset = 4.0
    /// The coloured band's width, in points.
    static let width = 5.0
    /// The white line's width, in points.
    static let innerWidth = 2.0
    /// The engaged colour (an adjustable element taking the arrows or the encoder).
    static let engagedColor = Color(red: 1, green: 0.55, blue: 0)

    let view = View(frame: .zero)
    private let inner = View(frame: .zero)

    init() {
        view.isUserInteractionEnabled = false
        view.accessibilityElementsHidden = true
        view.borderWidth = FocusRing.width
        inner.isUserInteractionEnabled = false
        inner.borderWidth = FocusRing.innerWidth
        inner.borderColor = .white
        inner.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(inner)
    }

    /// Places the ring around `focused` in `window`, front-most (nil or no window: hides it).
    /// Changes nothing when it is already so: nothing is damaged then.
    func show(around focused: View?, in window: Window, engaged: Bool) {
        guard let focused, focused.accessibilityWindow === window else {
            hide()
            return
        }
        let frame = focused.accessibilityFrame.applying(window.transformToRoot.inverted())
        // A view with no usable geometry (a non-finite transform) shows no ring: setting a NaN
        // frame would damage the window at every commit.
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
            hide()
            return
        }
        if view.superview !== window || window.subviews.last !== view {
            view.removeFromSuperview()
            window.addSubview(view)
        }
        let ringFrame = frame.insetBy(dx: -FocusRing.outset, dy: -FocusRing.outset)
        if view.frame != ringFrame {
            view.frame = ringFrame
            inner.frame = view.bounds.insetBy(dx: FocusRing.width, dy: FocusRing.width)
        }
        let radius = focused.cornerRadius > 0 ? focused.cornerRadius + FocusRing.outset : 0
        view.cornerRadius = radius
        inner.cornerRadius = max(radius - FocusRing.width, 0)
        view.borderColor = engaged ? FocusRing.engagedColor : focused.tintColor
        view.isHidden = false
    }

    /// Takes the ring off the screen.
    func hide() {
        if view.superview != nil { view.removeFromSuperview() }
    }
}
