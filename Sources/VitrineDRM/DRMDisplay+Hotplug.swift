import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// Connector hotplug (a new mode, new buffers) and the scanout buffers' life.
extension DRMDisplay {
    // MARK: Hotplug

    /// Probes the connector again (after a udev change event): unplugged, presenting stops;
    /// plugged again (or a different sink), the mode is chosen again, buffers are remade if it
    /// changed (`modeDidChange`), the next present modesets, ages are 0 and `needsFullRepaint`
    /// is called. Waits for a flip in flight to finish first.
    public func handleHotplug() {
        guard !isRestored else { return }
        let probed: KMSConnector
        do { probed = try device.connector(pipeline.connectorID, probing: true) } catch {
            logger.error("\(device.path): probing \(pipeline.connectorName) failed: \(error)")
            return
        }
        let plugged = probed.status == .connected || (probed.status == .unknown && !probed.modes.isEmpty)
        guard plugged, let newMode = usableMode(of: probed) else {
            dropVideoPlane(.sessionLost)
            if isConnected { logger.notice("\(device.path): \(pipeline.connectorName) unplugged; presenting stops") }
            state.holds.insert(.unplugged)
            return
        }
        let modeChanged = newMode != pipeline.mode
        guard !isConnected || modeChanged else { return }
        guard state.flip == .idle else {
            state.reprobeAfterFlip = true
            return
        }
        if modeChanged { dropVideoPlane(.modeChange) }
        if modeChanged || buffers.isEmpty {
            let oldMode = pipeline.mode, oldPlaneRotation = usesPlaneRotation
            releaseBuffers()
            pipeline.mode = newMode
            mode = newMode.displayMode
            ages.restart()
            do { try makeBuffersForMode() } catch {
                logger.error("\(device.path): new buffers for \(newMode) failed: \(error); keeping \(oldMode) and presenting nothing until the connector changes again")
                // The app still lays out for the old mode: keep it, with buffers for it if they can be had.
                pipeline.mode = oldMode
                mode = oldMode.displayMode
                usesPlaneRotation = oldPlaneRotation
                buffers = (try? makeBuffers()) ?? []
                state.holds.insert(.unplugged)
                return
            }
        }
        logger.notice("\(device.path): \(pipeline.connectorName) connected, \(newMode)")
        state.holds.remove(.unplugged)
        needModeset()
        ages.forget()
        if modeChanged { modeDidChange?(mode) }
        needsFullRepaint?()
        if isFrameRequested && state.flip == .idle && isPoweredOn { requestVBlankEvent() }
    }

    /// The mode to show on `connector`: the configuration's choice (`KMSChoice.mode`) when
    /// Vitrine can show it. A mode it cannot (`DisplayMode.checkUsable()`) is refused with a log
    /// line, and the choice is made again among the modes it can show, else the current mode
    /// is kept. Nil when the connector offers no mode at all.
    func usableMode(of connector: KMSConnector) -> KMSMode? {
        guard let wanted = KMSChoice.mode(of: connector, request: configuration.mode) else { return nil }
        do {
            try wanted.displayMode.checkUsable()
            return wanted
        } catch {
            var usable = connector
            usable.modes = connector.modes.filter { (try? $0.displayMode.checkUsable()) != nil }
            let fallback = KMSChoice.mode(of: usable, request: configuration.mode)
            logger.error("\(device.path): \(pipeline.connectorName) offers \(wanted), refused: \(error); using \(fallback ?? pipeline.mode)\(fallback == nil ? ", the mode it had" : "")")
            return fallback ?? pipeline.mode
        }
    }

    /// Makes the buffers for `mode` after a mode change, turning the picture with the plane
    /// when the configuration allows and the plane accepts it at this mode, else in software
    /// (as at creation).
    func makeBuffersForMode() throws(Errno) {
        usesPlaneRotation = rotation != .none && configuration.allowsPlaneRotation
            && properties?.rotationValue(for: rotation) != nil
        buffers = try makeBuffers()
        if usesPlaneRotation && !planeRotationPassesTest() {
            logger.notice("\(device.path): the plane refuses \(rotation) in hardware at \(pipeline.mode); rotating in software")
            releaseBuffers()
            usesPlaneRotation = false
            buffers = try makeBuffers()
        }
    }

    // MARK: Buffers

    func makeBuffers() throws(Errno) -> [ScanoutBuffer] {
        let size = bufferSize
        var made: [ScanoutBuffer] = []
        do {
            for _ in 0..<bufferCount {
                made.append(try ScanoutBuffer(device: device, width: size.width, height: size.height,
                                              format: pixelFormat, fourcc: fourcc))
            }
        } catch {
            for buffer in made.reversed() { buffer.release(device) }
            throw error
        }
        return made
    }

    func releaseBuffers() {
        for buffer in buffers.reversed() { buffer.release(device) }
        buffers.removeAll()
    }
}
