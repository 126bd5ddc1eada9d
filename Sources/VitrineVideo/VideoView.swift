import Vitrine
import VitrineGraphics

/// A view that shows a `VideoPlayer`'s frames (AVKit's `AVPlayerLayer`, as a view), by one of
/// two ways, chosen with every frame:
/// - **On a display plane**, where the display offers one (`VideoPlaneDisplay`: DRM with an
///   overlay plane) and the view is opaque, axis-aligned, not animating and has nothing above
///   its frame: each frame is copied once into the plane's buffer and shown at the next
///   vblank; the UI composes nothing for it and the view is not marked for display. The UI
///   under the plane keeps what the view last drew.
/// - **Composited** otherwise (headless, in a window, translucent, turned, covered, or the
///   display refused the plane): drawn by the compositor like any view, each new frame
///   marking only this view's bounds for display, so that rotation, clipping, alpha and views
///   above it all apply.
///
/// The view goes from one to the other within the frame or commit that changes what decides
/// it (see docs/app/video.md); a display that refuses a plane is logged once.
///
/// Before the first frame it shows `posterImage`, else `posterColor`. The frame is placed by
/// `contentMode` (aspect fit by default); where it does not cover the bounds the view's
/// `backgroundColor` shows.
@MainActor
open class VideoView: View {
    /// The player whose frames are shown (nil: the poster). Held strongly, as a layer holds
    /// its player.
    public var player: VideoPlayer? {
        didSet {
            guard player !== oldValue else { return }
            planeRoute?.leavePlane()
            oldValue?.detach(self)
            player?.attach(self)
            setNeedsDisplay()
        }
    }
    /// How the frame (and the poster image) is placed in the bounds.
    public var contentMode: ContentMode = .scaleAspectFit {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }
    /// The image shown before the first frame (nil: `posterColor`).
    public var posterImage: Image? {
        didSet { setNeedsDisplay() }
    }
    /// The colour filling the bounds before the first frame when there is no poster image
    /// (nil: nothing, the background shows).
    public var posterColor: Color? = .black {
        didSet { setNeedsDisplay() }
    }
    /// Whether frames may go to a display plane when the view and the display allow it
    /// (default true); false keeps them composited.
    public var allowsDisplayPlane = true {
        didSet { if !allowsDisplayPlane { planeRoute?.leavePlane() } }
    }
    /// Whether the frames go to a display plane now (rather than being composited).
    public var isOnDisplayPlane: Bool { planeRoute?.isOnPlane ?? false }
    /// Frames handed to a display plane so far (tests).
    package var framesOnDisplayPlane: Int { planeRoute?.framesOnPlane ?? 0 }

    /// Chooses the way to the screen; made with the first frame.
    private var planeRoute: VideoPlaneRoute?

    isolated deinit {
        // The plane reads the player's frame memory when it commits: it must not outlive the view.
        planeRoute?.leavePlane(redrawing: false)
    }

    /// The player took a new frame: to the plane, or marked for display.
    func playerDidTakeFrame() {
        if planeRoute == nil { planeRoute = VideoPlaneRoute(view: self) }
        if planeRoute?.takeFrame() == true { return }
        setNeedsDisplay()
    }

    /// Leaves a plane when the view leaves its window (a plane shows only what is on screen).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { planeRoute?.leavePlane() }
    }

    /// Draws the player's newest frame where `contentMode` places it, or the poster.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        if let frame = player?.currentFrame {
            let size = Size(width: Double(frame.width), height: Double(frame.height))
            context.draw(frame, in: contentMode.rect(forContentOf: size, in: bounds))
        } else if let posterImage {
            let placement = contentMode.rect(forContentOf: posterImage.size, in: bounds)
            if let pixels = posterImage.surface(fitting: placement.size, transform: context.ctm) {
                context.draw(pixels, in: placement)
            }
        } else if let posterColor {
            context.fillColor = posterColor
            context.fill(bounds)
        }
    }
}
