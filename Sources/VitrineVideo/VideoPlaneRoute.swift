import Logging
import VitrineCore
import VitrineGraphics
import VitrineSeams

/// How one `VideoView`'s frames reach the screen: on a display plane when the display offers
/// one and the view allows it, else composited. Decided with every frame the player takes, and
/// again in every commit while on the plane (a view moved above it, the video view made
/// translucent, turned or hidden), so the UI frame that shows the change also composites the
/// video and takes the plane off, in one commit.
///
/// Eligible: the view shows a frame (not the poster), is in a window of the running
/// application, opaque (alpha 1 up its ancestors), not animating, only translated or scaled on
/// the way to the screen, not clipped to rounded corners, and nothing is drawn above its
/// frame's visible part (`View.planeVisibility`); and the display is a `VideoPlaneDisplay`,
/// upright, whose test commit accepts the geometry.
///
/// Refusals are logged once each: a display without a plane is not asked again; a refused
/// geometry or frame size is not asked again until it changes; "not now" is asked again after
/// `retryFrames` frames. Nothing here allocates per frame once on the plane.
@MainActor
final class VideoPlaneRoute: CommitObserver {
    private weak var view: VideoView?
    /// The plane the frames go to, while on one.
    private(set) var plane: (any VideoPlane)?
    /// Frames handed to the plane (tests).
    private(set) var framesOnPlane = 0
    /// The display said it has no plane: not asked again.
    private var displayHasNoPlane = false
    /// What the display refused last (frame size and geometry): not asked again while equal.
    private var refused: (width: Int, height: Int, geometry: VideoPlaneGeometry)?
    /// Frames to wait before asking again after "not now".
    private var framesBeforeRetry = 0
    /// Why the view was last found ineligible (logged when it changes).
    private var lastIneligibility: PlaneIneligibility?
    private var isObservingCommits = false

    /// Frames between asks while the display answers "not now".
    static let retryFrames = 30
    /// Where the choices are logged (tests put a capture here).
    package static var logger = Logger(label: "vitrine.video")

    init(view: VideoView) {
        self.view = view
    }

    /// Whether frames go to a plane now.
    var isOnPlane: Bool { plane?.isActive == true }

    /// A new frame from the player: hands it to the plane when eligible and returns true;
    /// otherwise leaves the plane (if on one) and returns false (the view composites it).
    func takeFrame() -> Bool {
        guard let view, view.allowsDisplayPlane, let frame = view.player?.currentFrame,
              let geometry = eligibleGeometry(for: frame, in: view) else {
            leavePlane()
            return false
        }
        if let plane, plane.isActive, plane.frameWidth == frame.width, plane.frameHeight == frame.height {
            if plane.geometry != geometry {
                do { try plane.setGeometry(geometry) } catch {
                    note(error, width: frame.width, height: frame.height, geometry: geometry)
                    leavePlane()
                    return false
                }
            }
            plane.setFrame(frame)
            framesOnPlane += 1
            mirror(frame, on: plane)
            return true
        }
        leavePlane()
        guard let made = makePlane(for: frame, geometry: geometry) else { return false }
        plane = made
        made.droppedHandler = { [weak self] reason in self?.planeWasDropped(reason) }
        if !isObservingCommits, let application = Application.currentIfAny {
            application.addCommitObserver(self)
            isObservingCommits = true
        }
        made.setFrame(frame)
        framesOnPlane += 1
        mirror(frame, on: made)
        Self.logger.info("video: frames of \(frame.width)×\(frame.height) go to a display plane at \(geometry)")
        return true
    }

    /// Takes the frames off the plane (if on one): the view composites from its next draw,
    /// and is marked for display (`redrawing`) so that it does in this commit.
    func leavePlane(redrawing: Bool = true) {
        stopObservingCommits()
        guard let plane else { return }
        self.plane = nil
        plane.droppedHandler = nil
        plane.release()
        Application.currentIfAny?.planeDidClear()
        if redrawing { view?.setNeedsDisplay() }
    }

    /// Tells the frame observers (a VNC server mirroring the screen) what the plane shows:
    /// nothing is done without one.
    private func mirror(_ frame: Surface, on plane: any VideoPlane) {
        Application.currentIfAny?.planeDidShow(frame, source: plane.geometry.source, destination: plane.geometry.destination)
    }

    /// In every commit while on the plane: leaves it when the view became ineligible, and
    /// follows it when it moved.
    func applicationWillDisplay(_ application: Application) {
        guard let plane, plane.isActive else {
            stopObservingCommits()
            return
        }
        guard let view, view.allowsDisplayPlane, let frame = view.player?.currentFrame,
              let geometry = eligibleGeometry(for: frame, in: view),
              frame.width == plane.frameWidth, frame.height == plane.frameHeight else {
            leavePlane()
            return
        }
        if plane.geometry != geometry {
            do {
                try plane.setGeometry(geometry)
                mirror(frame, on: plane)
            } catch {
                note(error, width: frame.width, height: frame.height, geometry: geometry)
                leavePlane()
            }
        }
    }

    // MARK: Deciding

    /// The plane geometry for `frame` where the view shows it now, or nil when the view or
    /// the display cannot have a plane.
    private func eligibleGeometry(for frame: Surface, in view: VideoView) -> VideoPlaneGeometry? {
        guard !displayHasNoPlane, let display = Application.currentIfAny?.display as? any VideoPlaneDisplay,
              display.rotation == .none else { return nil }
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let placement = view.contentMode.rect(forContentOf: size, in: view.bounds)
        switch view.planeVisibility(of: placement) {
        case .failure(let reason):
            if reason != lastIneligibility {
                lastIneligibility = reason
                Self.logger.debug("video: composited, the view is \(reason)")
            }
            return nil
        case .success(let shown):
            lastIneligibility = nil
            return Self.geometry(frameWidth: frame.width, frameHeight: frame.height, placed: shown.placed, visible: shown.visible)
        }
    }

    /// The part of a `frameWidth`×`frameHeight` frame placed at `placed` that shows at
    /// `visible` (both scene pixels), on whole pixels; nil when nothing is left of it.
    static func geometry(frameWidth: Int, frameHeight: Int, placed: Rect, visible: Rect) -> VideoPlaneGeometry? {
        let x0 = visible.minX.rounded(), y0 = visible.minY.rounded(), x1 = visible.maxX.rounded(), y1 = visible.maxY.rounded()
        guard x1 > x0, y1 > y0, placed.width > 0, placed.height > 0 else { return nil }
        let sx = Double(frameWidth) / placed.width, sy = Double(frameHeight) / placed.height
        func clamp(_ value: Double, _ limit: Int) -> Int { min(max(Int(value.rounded()), 0), limit) }
        let u0 = clamp((x0 - placed.minX) * sx, frameWidth), u1 = clamp((x1 - placed.minX) * sx, frameWidth)
        let v0 = clamp((y0 - placed.minY) * sy, frameHeight), v1 = clamp((y1 - placed.minY) * sy, frameHeight)
        guard u1 > u0, v1 > v0 else { return nil }
        return VideoPlaneGeometry(source: PixelRect(x: u0, y: v0, width: u1 - u0, height: v1 - v0),
                                  destination: PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0)))
    }

    private func makePlane(for frame: Surface, geometry: VideoPlaneGeometry) -> (any VideoPlane)? {
        if let refused, refused.width == frame.width, refused.height == frame.height, refused.geometry == geometry { return nil }
        if framesBeforeRetry > 0 {
            framesBeforeRetry -= 1
            return nil
        }
        guard let display = Application.currentIfAny?.display as? any VideoPlaneDisplay else { return nil }
        do {
            let made = try display.makeVideoPlane(frameWidth: frame.width, frameHeight: frame.height, geometry: geometry)
            refused = nil
            return made
        } catch {
            note(error, width: frame.width, height: frame.height, geometry: geometry)
            return nil
        }
    }

    /// Remembers a refusal so it is not asked again in vain, and logs it once.
    private func note(_ error: VideoPlaneError, width: Int, height: Int, geometry: VideoPlaneGeometry) {
        switch error {
        case .noPlane:
            displayHasNoPlane = true
            Self.logger.notice("video: \(error)")
        case .refused:
            refused = (width, height, geometry)
            Self.logger.notice("video: \(error)")
        case .buffers:
            refused = (width, height, geometry)
            Self.logger.warning("video: \(error)")
        case .unavailable:
            // Passing (another view has the plane, the old one is being taken off): asked
            // again later, so not worth a line each time.
            framesBeforeRetry = Self.retryFrames
            Self.logger.debug("video: \(error)")
        }
    }

    /// The display took the plane away: composite from now on (asked again with later frames).
    private func planeWasDropped(_ reason: VideoPlaneDropReason) {
        stopObservingCommits()
        plane = nil
        Application.currentIfAny?.planeDidClear()
        view?.setNeedsDisplay()
    }

    private func stopObservingCommits() {
        guard isObservingCommits else { return }
        isObservingCommits = false
        Application.currentIfAny?.removeCommitObserver(self)
    }
}
