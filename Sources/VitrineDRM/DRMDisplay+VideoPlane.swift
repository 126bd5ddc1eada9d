import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// What a `DRMDisplay` keeps for video on a plane: the overlay found at creation, the plane
/// in use, a released one still to be taken off the screen, and whether the display follows
/// the loop's turns to commit frames.
struct VideoPlaneSlot {
    /// The overlay plane video can use, or nil (then `absence` says why).
    var overlay: VideoOverlay?
    /// Why there is no overlay, for `VideoPlaneError.noPlane`.
    var absence = "the legacy modesetting API has no planes"
    /// The plane in use.
    var plane: DRMVideoPlane?
    /// A plane released or dropped while it was on the screen: the next commit takes it off,
    /// and its buffers are freed once that commit is shown.
    var retiring: DRMVideoPlane?
    /// Whether the commit that takes `retiring` off is in flight.
    var isRetiringInFlight = false
    /// Whether the display's before-waiting observer is registered (once, with the first plane).
    var observesTurns = false
    /// What the commit being made carries for the video plane, confirmed when it succeeds.
    var part = Part.none

    /// What one commit carries for the video plane.
    enum Part: Equatable {
        case none
        /// A frame copied into the plane's buffer `buffer`.
        case frame(buffer: Int)
        /// The frame on screen (buffer `buffer`), at a new geometry: nothing copied.
        case move(buffer: Int)
        /// The retiring plane taken off.
        case disable
    }
}

/// Video on a plane of its own (`VideoPlaneDisplay`): the overlay plane set up by a test-only
/// commit, a frame per commit that changes only that plane, merged into the UI's commit when
/// both are due, never two commits in flight.
///
/// How frames reach the kernel. `setFrame` only keeps the frame. At the end of the loop's turn
/// (a before-waiting observer, added with the first plane, so after the application's commit),
/// if nothing is in flight, the frame is copied into the buffer not on screen and committed
/// alone: the primary plane's FB_ID is not in the request, so the UI is neither composed nor
/// committed again. When the application presented in that turn, or a flip was in flight, the
/// frame goes with the next commit instead: the UI's flip carries it (`commit(buffer:damage:)`
/// asks `prepareVideoPart`), or, with no UI frame due, the observer commits it after the flip
/// event. Each commit asks for a flip event, which completes it like a UI flip: the display's
/// `frameHandler` runs, and display links and the application's next commit follow from there.
/// So frames are paced on vblank, and EBUSY (another client's commit) waits for the next one.
extension DRMDisplay: VideoPlaneDisplay {
    /// Makes the video plane (see `VideoPlaneDisplay`): the overlay plane found at creation,
    /// two dumb buffers of `frameWidth`×`frameHeight` XRGB8888, and a test-only commit that
    /// puts one of them at `geometry` with the CRTC as it is. Throws `.noPlane` without an
    /// overlay (or on the legacy path), `.unavailable` while the display is off, turned,
    /// switched away, not yet showing or already lending the plane, `.buffers` when the
    /// buffers cannot be made, `.refused` when the test commit fails.
    public func makeVideoPlane(frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) throws(VideoPlaneError) -> any VideoPlane {
        guard commitPath is AtomicCommitPath, let overlay = video.overlay else { throw .noPlane(detail: video.absence) }
        guard overlay.stacking == .aboveUI else {
            throw .noPlane(detail: "the overlay plane is below the primary, and the UI's XRGB8888 scene cannot be transparent")
        }
        if let reason = videoPlaneUnavailability { throw .unavailable(reason: reason) }
        guard video.plane == nil else { throw .unavailable(reason: "another view shows video on the plane") }
        guard video.retiring == nil else { throw .unavailable(reason: "the plane is being taken off the screen") }
        guard frameWidth > 0, frameHeight > 0 else { throw .refused(geometry: geometry, detail: "a frame of no pixels") }
        try checkBounds(geometry, frameWidth: frameWidth, frameHeight: frameHeight)
        var buffers: [ScanoutBuffer] = []
        do {
            for _ in 0..<2 {
                buffers.append(try ScanoutBuffer(device: device, width: frameWidth, height: frameHeight, format: .xrgb8888,
                                                 fourcc: KMSFourCC.xrgb8888))
            }
        } catch {
            for buffer in buffers.reversed() { buffer.release(device) }
            throw .buffers(detail: "\(frameWidth)×\(frameHeight): \(error)")
        }
        do {
            try testVideoPlane(geometry: geometry, frameWidth: frameWidth, frameHeight: frameHeight,
                               framebuffer: buffers[0].framebufferID)
        } catch {
            for buffer in buffers.reversed() { buffer.release(device) }
            throw error
        }
        let plane = DRMVideoPlane(display: self, stacking: overlay.stacking, frameWidth: frameWidth, frameHeight: frameHeight,
                                  geometry: geometry, buffers: buffers)
        video.plane = plane
        if !video.observesTurns {
            video.observesTurns = true
            mainLoop.addBeforeWaitingObserver { [weak self] in self?.commitVideoFrameIfDue() }
        }
        logger.info("\(device.path): video on overlay plane \(overlay.planeID), \(frameWidth)×\(frameHeight) at \(geometry)")
        return plane
    }

    /// The video plane in use, if any (tests).
    package var videoPlane: DRMVideoPlane? { video.plane }

    /// The overlay plane's id, when the display has one for video (tests).
    package var videoOverlayPlaneID: UInt32? { video.overlay?.planeID }

    /// Why no plane can be had now, or nil.
    private var videoPlaneUnavailability: String? {
        if isRestored { return "the display was restored" }
        if !isConnected { return "the connector is unplugged" }
        if isPaused { return "the session is switched away" }
        if !isPoweredOn { return "the display is off" }
        if rotation != .none { return "the picture is turned \(rotation)" }
        if state.crtc != .configured { return "the display has not shown a frame yet" }
        return nil
    }

    private func checkBounds(_ geometry: VideoPlaneGeometry, frameWidth: Int, frameHeight: Int) throws(VideoPlaneError) {
        let frame = PixelRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        let size = sceneSize
        let scene = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        guard !geometry.source.isEmpty, !geometry.destination.isEmpty, geometry.source.intersection(frame) == geometry.source,
              geometry.destination.intersection(scene) == geometry.destination else {
            throw .refused(geometry: geometry, detail: "outside the \(frameWidth)×\(frameHeight) frame or the \(size.width)×\(size.height) scene, or empty")
        }
    }

    /// Asks the driver (a test-only commit) whether the overlay can show `framebuffer` at
    /// `geometry` with everything else as it is; throws `.refused` with the kernel's answer.
    func testVideoPlane(geometry: VideoPlaneGeometry, frameWidth: Int, frameHeight: Int, framebuffer: UInt32) throws(VideoPlaneError) {
        guard let overlay = video.overlay else { throw .noPlane(detail: video.absence) }
        try checkBounds(geometry, frameWidth: frameWidth, frameHeight: frameHeight)
        var test = AtomicRequest()
        overlay.addSetup(to: &test, crtc: pipeline.crtcID, framebuffer: framebuffer, geometry: geometry)
        do {
            try device.atomicCommit(test, flags: .testOnly, userData: 0)
        } catch {
            throw .refused(geometry: geometry, detail: "the driver's test commit answered \(error)")
        }
    }

    // MARK: Committing frames

    /// The before-waiting observer: commits the video plane's waiting frame (or takes a
    /// retiring plane off) when nothing is in flight. A UI present in the same turn has taken
    /// it already.
    func commitVideoFrameIfDue() {
        guard state.flip == .idle, state.crtc == .configured, isPoweredOn, !isRestored,
              let atomic = commitPath as? AtomicCommitPath else { return }
        prepareVideoPart()
        guard video.part != .none else { return }
        let token = tokens.next()
        do {
            try atomic.commitPlanes(token: token)
            videoPartCommitted()
            state.flip = .pending(buffer: (ages.back + bufferCount - 1) % bufferCount, token: token, completesAtVBlank: false)
        } catch where error == .resourceBusy {
            // Another client's commit: the frame waits; the next vblank brings a turn to retry in.
            video.part = .none
            requestVBlankEvent()
        } catch {
            video.part = .none
            logger.error("\(device.path): the video plane's commit failed: \(error); the video goes back to compositing")
            dropVideoPlane(.commitRefused)
        }
    }

    /// Puts in the commit path's `planeChanges` what the next commit carries for video: the
    /// retiring plane taken off, else the waiting frame (copied now into the buffer not on
    /// screen), else nothing; `video.part` says which. Called right before a commit.
    func prepareVideoPart() {
        video.part = .none
        guard let atomic = commitPath as? AtomicCommitPath, let overlay = video.overlay else { return }
        if video.retiring != nil, !video.isRetiringInFlight {
            // A new plane is refused while one retires: this commit only takes it off.
            overlay.addDisable(to: &atomic.planeChanges)
            video.part = .disable
            return
        }
        guard let plane = video.plane, plane.isActive else { return }
        guard let frame = plane.frame else {
            // A new geometry and no frame coming (paused): the frame on screen moves, with the
            // UI's frame that shows the layout change when there is one.
            if plane.needsSetup, plane.wasCommitted, plane.inFlight == nil, let shown = plane.shown {
                overlay.addSetup(to: &atomic.planeChanges, crtc: pipeline.crtcID, framebuffer: plane.buffers[shown].framebufferID,
                                 geometry: plane.geometry)
                video.part = .move(buffer: shown)
            }
            return
        }
        guard let index = plane.writableBuffer else { return }
        plane.copy(frame, into: index)
        let framebuffer = plane.buffers[index].framebufferID
        if plane.needsSetup {
            overlay.addSetup(to: &atomic.planeChanges, crtc: pipeline.crtcID, framebuffer: framebuffer, geometry: plane.geometry)
        } else {
            overlay.addFrame(to: &atomic.planeChanges, framebuffer: framebuffer)
        }
        video.part = .frame(buffer: index)
    }

    /// The commit carrying `video.part` was accepted by the kernel.
    func videoPartCommitted() {
        switch video.part {
        case .none:
            break
        case .disable:
            video.isRetiringInFlight = true
        case .frame(let index):
            if let plane = video.plane {
                plane.inFlight = index
                plane.frame = nil
                plane.needsSetup = false
                plane.wasCommitted = true
                plane.framesCommitted += 1
            }
        case .move(let index):
            if let plane = video.plane {
                plane.inFlight = index
                plane.needsSetup = false
            }
        }
        video.part = .none
    }

    /// The commit carrying `video.part` failed: nothing of it is in flight.
    func videoPartRefused() {
        video.part = .none
        (commitPath as? AtomicCommitPath)?.planeChanges.removeAll()
    }

    /// A flip completed: the video buffer in flight is on screen now, and a plane taken off
    /// gives its buffers back.
    func videoFlipCompleted() {
        if let plane = video.plane, let index = plane.inFlight {
            plane.shown = index
            plane.inFlight = nil
        }
        if let retiring = video.retiring, video.isRetiringInFlight {
            retiring.freeBuffers(device)
            video.retiring = nil
            video.isRetiringInFlight = false
        }
    }

    /// A blocking commit (power, restore) carried `video.part` and returned: it is on screen.
    func videoBlockingCommitDone() {
        videoPartCommitted()
        videoFlipCompleted()
    }

    // MARK: Releasing and dropping

    /// `plane.release()`: the plane goes off the screen with the next commit (the UI's, when
    /// the video's view is composited again in it), its buffers freed once that is shown.
    func retireVideoPlane(_ plane: DRMVideoPlane) {
        guard video.plane === plane else { return }
        video.plane = nil
        plane.frame = nil
        if !plane.wasCommitted {
            plane.freeBuffers(device)
            return
        }
        if let earlier = video.retiring, earlier !== plane { earlier.freeBuffers(device) }
        video.retiring = plane
        video.isRetiringInFlight = false
        // With no UI frame due, the loop's next turn takes it off alone.
        if state.flip == .idle { mainLoop.wakeUp() }
    }

    /// Takes the plane away from its owner (rotation, mode change, power off, session lost,
    /// restore): inactive at once, off the screen with the next commit, `droppedHandler` told.
    func dropVideoPlane(_ reason: VideoPlaneDropReason) {
        guard let plane = video.plane else { return }
        plane.isActive = false
        retireVideoPlane(plane)
        logger.info("\(device.path): the video plane was dropped (\(reason)); the video is composited")
        plane.droppedHandler?(reason)
    }

    /// `restore()`: the plane is dropped and taken off in the restore commit; then every video
    /// buffer is freed.
    func releaseVideoForRestore() {
        dropVideoPlane(.restored)
        if video.retiring != nil, let atomic = commitPath as? AtomicCommitPath, let overlay = video.overlay {
            overlay.addDisable(to: &atomic.planeChanges)
        }
    }

    /// After the restore commit: frees what video held.
    func freeVideoAfterRestore() {
        video.retiring?.freeBuffers(device)
        video.retiring = nil
        video.isRetiringInFlight = false
        (commitPath as? AtomicCommitPath)?.planeChanges.removeAll()
    }
}
