import Vitrine
import VitrineGraphics

/// A view that shows a `VideoPlayer`'s frames (AVKit's `AVPlayerLayer`, as a view), drawn by
/// the compositor like any view: each new frame marks only this view's bounds for display,
/// so nothing else repaints, and rotation, clipping, alpha and views above it all apply.
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
