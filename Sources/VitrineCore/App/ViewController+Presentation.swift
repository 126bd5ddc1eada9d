import VitrineGraphics

/// How a presented controller covers the screen (UIKit's `UIModalPresentationStyle`, the
/// styles a kiosk uses).
public enum ModalPresentationStyle: Sendable, Hashable {
    /// The presented view fills the window; the presenter's view leaves the window and the
    /// presenter disappears (`viewWillDisappear`/`viewDidDisappear`) until dismissal.
    case fullScreen
    /// The presented view fills the window but the presenter's view stays underneath and the
    /// presenter hears no appearance callbacks: for a translucent controller such as an alert.
    case overFullScreen
    /// A centred sheet (`preferredContentSize`, default 540×620 points) over a dimmed
    /// presenter, which stays underneath and visible. On a window narrower than
    /// `formSheetMinimumWidth` points (UIKit's compact width) it is `.fullScreen`.
    case formSheet

    /// Windows narrower than this (points) show a form sheet full screen.
    public static let formSheetMinimumWidth = 600.0
    /// The size of a form sheet whose controller has no `preferredContentSize` (UIKit's).
    public static let formSheetDefaultSize = Size(width: 540, height: 620)

    /// The style in effect on a window `width` points wide.
    func resolved(forWidth width: Double) -> ModalPresentationStyle {
        self == .formSheet && width < Self.formSheetMinimumWidth ? .fullScreen : self
    }
}

/// How a presented controller arrives and leaves when presented with animation (UIKit's
/// `UIModalTransitionStyle`).
public enum ModalTransitionStyle: Sendable, Hashable {
    /// Slides up from the bottom edge, and back down on dismissal (the default).
    case coverVertical
    /// Fades in, and out on dismissal; a form sheet's dimming fades with it.
    case crossDissolve
}

extension ViewController {
    /// The opacity of black over what a form sheet covers.
    static let formSheetDimming = 0.4

    /// This controller and every one presented above it, bottom first.
    var presentationChain: [ViewController] {
        var chain: [ViewController] = [self]
        while let above = chain.last?.presentedStorageForChain { chain.append(above) }
        return chain
    }

    /// Where this controller's view goes when presented in `window` with `presentationStyleInEffect`
    /// (window space). A form sheet also gets its dimming view in the window, under it.
    func placePresentedView(in window: Window) -> Rect {
        let root = view
        guard presentationStyleInEffect == .formSheet else {
            root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            return window.bounds
        }
        let dimming = View(frame: window.bounds)
        dimming.backgroundColor = Color(white: 0, alpha: Self.formSheetDimming)
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(dimming)
        presentationDimmingView = dimming
        root.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        return Self.formSheetFrame(for: preferredContentSize, in: window.bounds)
    }

    /// A form sheet's frame in `bounds`: `preferred` (or the default size), at most the bounds
    /// less 20 points on each side, centred.
    static func formSheetFrame(for preferred: Size, in bounds: Rect) -> Rect {
        let wanted = preferred.width > 0 && preferred.height > 0 ? preferred : ModalPresentationStyle.formSheetDefaultSize
        let width = max(0, min(wanted.width, bounds.width - 40))
        let height = max(0, min(wanted.height, bounds.height - 40))
        return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }

    /// Puts the view (and a form sheet's dimming) in `window` and animates it to `destination`
    /// by `modalTransitionStyle` over `transitionDuration`; calls `completion` when it arrived.
    func animateArrival(in window: Window, to destination: Rect, completion: @escaping @MainActor () -> Void) {
        let root = view
        let dimming = presentationDimmingView
        // Over the presenter, what arrives blocks touches from the start (an alert fading in
        // must not let a tap through to the screen behind); a full-screen one takes none until
        // it has arrived, as before.
        let options: AnimationOptions = presentationStyleInEffect == .fullScreen ? .curveEaseOut : [.curveEaseOut, .allowUserInteraction]
        switch modalTransitionStyle {
        case .coverVertical:
            View.performWithoutAnimation {
                root.frame = destination.offsetBy(dx: 0, dy: window.bounds.maxY - destination.minY)
                dimming?.alpha = 0
            }
            window.addSubview(root)
            View.animate(withDuration: Self.transitionDuration, options: options, animations: {
                root.frame = destination
                dimming?.alpha = 1
            }, completion: { _ in completion() })
        case .crossDissolve:
            View.performWithoutAnimation {
                root.frame = destination
                root.alpha = 0
                dimming?.alpha = 0
            }
            window.addSubview(root)
            View.animate(withDuration: Self.transitionDuration, options: options, animations: {
                root.alpha = 1
                dimming?.alpha = 1
            }, completion: { _ in completion() })
        }
    }

    /// Animates `leaving` (this controller's view) away by `modalTransitionStyle`, with a form
    /// sheet's dimming; calls `completion` when it is gone (the caller removes the views) and
    /// restores the view's alpha for a later presentation.
    func animateDeparture(of leaving: View, in window: Window, completion: @escaping @MainActor () -> Void) {
        let dimming = presentationDimmingView
        switch modalTransitionStyle {
        case .coverVertical:
            View.animate(withDuration: Self.transitionDuration, options: .curveEaseIn, animations: {
                leaving.frame = leaving.frame.offsetBy(dx: 0, dy: window.bounds.maxY - leaving.frame.minY)
                dimming?.alpha = 0
            }, completion: { _ in completion() })
        case .crossDissolve:
            View.animate(withDuration: Self.transitionDuration, options: .curveEaseIn, animations: {
                leaving.alpha = 0
                dimming?.alpha = 0
            }, completion: { _ in
                completion()
                View.performWithoutAnimation { leaving.alpha = 1 }
            })
        }
    }
}
