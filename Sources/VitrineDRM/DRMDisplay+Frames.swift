import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// The page-flip state machine: committing a frame, retrying it after EBUSY, and the device's
/// flip and vblank events that complete frames and serve frame requests.
extension DRMDisplay {
    // MARK: Committing

    /// Commits `buffer` (just filled) with the frame's `damage` (scene pixels): a modeset when
    /// the CRTC needs one, else a flip with the damage as clips.
    func commit(buffer index: Int, damage: Region) {
        let framebuffer = buffers[index].framebufferID
        let modesetting = state.crtc != .configured
        // A plane is offered only on a configured CRTC; a modeset takes it off (every reason
        // for one dropped it already). Otherwise a waiting video frame rides along.
        if modesetting { dropVideoPlane(.modeChange) }
        prepareVideoPart()
        do {
            if modesetting {
                let token = tokens.next()
                try commitPath.modeset(scanoutSetup, framebuffer: framebuffer, token: token)
                videoPartCommitted()
                state.crtc = .configured
                if commitPath.modesetSendsFlipEvent {
                    state.flip = .pending(buffer: index, token: token, completesAtVBlank: false)
                } else {
                    // SetCrtc returns with the frame on screen and sends no event: the next
                    // vblank event reports it. Without one, the frame is simply done.
                    requestVBlankEvent()
                    if let vblank = state.vblankToken {
                        state.flip = .pending(buffer: index, token: vblank, completesAtVBlank: true)
                    } else {
                        state.flip = .idle
                    }
                }
            } else {
                clips.removeAll(keepingCapacity: true)
                if commitPath.takesDamage {
                    let size = sceneSize
                    clips.append(contentsOf: DamageClips.rectangles(for: damage, sceneWidth: size.width, sceneHeight: size.height,
                                                                    rotation: copyRotation))
                }
                let token = tokens.next()
                try commitPath.flip(scanoutSetup, framebuffer: framebuffer, clips: clips, token: token)
                videoPartCommitted()
                state.flip = .pending(buffer: index, token: token, completesAtVBlank: false)
            }
        } catch where error == .resourceBusy {
            videoPartRefused()
            // The kernel still works on an earlier commit: keep the frame, try again at the next vblank.
            state.flip = .waitingToRetry(buffer: index, damage: damage)
            requestVBlankEvent()
            if state.vblankToken == nil { dropFrame("no vblank event to retry at") }
        } catch {
            videoPartRefused()
            dropFrame("\(modesetting ? "modeset" : "page flip") failed: \(error)")
        }
    }

    /// Gives up on the frame in flight: nothing is pending, and since the buffers no longer
    /// match what the app believes, their ages are unknown.
    func dropFrame(_ reason: String) {
        logger.error("\(device.path): \(reason); the frame is dropped")
        state.flip = .idle
        ages.forget()
    }

    /// Whether the plane accepts turning the picture by `rotation` with the buffers as they
    /// are (a test-only commit; some planes list a rotation they refuse for a format or size).
    func planeRotationPassesTest() -> Bool {
        guard let first = buffers.first else { return false }
        var setup = scanoutSetup
        setup.planeRotation = rotation
        return commitPath.acceptsPlaneRotation(setup, framebuffer: first.framebufferID)
    }

    /// Asks for one vblank event, unless one is on its way.
    func requestVBlankEvent() {
        guard state.vblankToken == nil else { return }
        let token = tokens.next()
        do {
            try device.requestVBlankEvent(crtcIndex: pipeline.crtcIndex, userData: token)
            state.vblankToken = token
        } catch {
            logger.warning("\(device.path): cannot ask for a vblank event: \(error)")
        }
    }

    // MARK: Events

    /// Reads the device's queued events and acts on them: completes flips, serves frame
    /// requests, retries a frame refused with EBUSY. Called by the run loop when the
    /// descriptor is readable.
    public func handleDeviceEvents() {
        do {
            try device.readEvents { event in handle(event) }
        } catch where error == .resourceTemporarilyUnavailable || error == .interrupted {
            return
        } catch {
            logger.error("\(device.path): reading DRM events failed: \(error)")
        }
    }

    private func handle(_ event: KMSEvent) {
        guard event.crtcID == 0 || event.crtcID == pipeline.crtcID else { return }
        switch event.kind {
        case .pageFlip:
            switch state.flip {
            case .pending(_, let token, completesAtVBlank: false) where event.userData == token:
                completeFlip(event)
            case .pending:
                // Another commit's event (another display on the descriptor, a test commit):
                // the frame in flight is not on screen yet.
                logger.debug("\(device.path): a flip event not ours (user data \(event.userData)) is ignored")
            // An earlier commit just finished: what made the kernel busy is gone.
            case .waitingToRetry(let index, let damage): retry(buffer: index, damage: damage)
            case .idle: break
            }
        case .vblank:
            guard let token = state.vblankToken, event.userData == token else {
                logger.debug("\(device.path): a vblank event not asked for (user data \(event.userData)) is ignored")
                return
            }
            state.vblankToken = nil
            switch state.flip {
            case .pending(_, _, completesAtVBlank: true):
                completeFlip(event)
            case .pending:
                break // the flip's own event reports this frame
            case .waitingToRetry(let index, let damage):
                retry(buffer: index, damage: damage)
            case .idle:
                guard isFrameRequested else { return }
                if event.sequence == state.lastSignalledSequence {
                    // The vblank a flip already reported: the request is for the next one.
                    if isPoweredOn { requestVBlankEvent() }
                } else {
                    signalFrame(event)
                }
            }
        }
    }

    /// Commits again the frame the kernel refused with EBUSY, unless the display went off meanwhile.
    private func retry(buffer index: Int, damage: Region) {
        guard isPoweredOn, !isRestored else {
            dropFrame("the display went off with a frame waiting")
            return
        }
        commit(buffer: index, damage: damage)
    }

    private func completeFlip(_ event: KMSEvent) {
        state.flip = .idle
        videoFlipCompleted()
        if state.reprobeAfterFlip {
            state.reprobeAfterFlip = false
            handleHotplug()
        }
        signalFrame(event)
    }

    private func signalFrame(_ event: KMSEvent) {
        state.isFrameRequested = false
        state.lastSignalledSequence = event.sequence
        frameCount += 1
        let timestamp = timestampsAreMonotonic ? event.timestamp : mainLoop.clock.now
        let timing = FrameTiming(timestamp: timestamp, targetTimestamp: timestamp + 1 / mode.refreshRate, sequence: frameCount)
        frameHandler?(timing)
        // A request made by the handler (display links ask for every frame) needs its own vblank.
        if isFrameRequested && state.flip == .idle && isPoweredOn { requestVBlankEvent() }
    }
}
