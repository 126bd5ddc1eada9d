import Logging
import SystemPackage
import VitrineSeams

/// Keys read on the key reader's thread (`KeyReader`), fed through the source's one
/// translation, so modifiers, compose, VT switching and removals treat them as libinput's.
extension LibInputSource {
    /// Starts the key reader for `context`, its readiness part of the context's descriptor.
    /// nil when it cannot start (logged: keys then come from libinput, as they did before).
    static func startKeyReader(for context: LibInputContext, logger: Logger) -> KeyReader? {
        do {
            let reader = try KeyReader()
            try context.addReadinessDescriptor(reader.readyDescriptor)
            if !reader.isRealTime {
                logger.info("keys are read on a thread of ordinary priority (real-time priority needs root, CAP_SYS_NICE or LimitRTPRIO=1 in the systemd unit): on a single busy core a long burst may still overflow")
            }
            return reader
        } catch {
            logger.error("the key reader cannot start (\(error)): keys are read by libinput alone, and keys typed in a burst while the app is busy can be lost")
            return nil
        }
    }

    /// The names of the keyboards whose keys the reader reads (diagnostics, tests).
    package var keyboardsReadSeparately: [String] { keyReading?.names ?? [] }

    /// Translates what the reader queued, in order, into `sink`. A keyboard unplugged: the
    /// releases just read are the kernel's for the unplugging, dropped like libinput's, so
    /// that its removal cancels the keys instead.
    func dispatchReadKeys(_ sink: (InputEvent) -> Void) {
        guard let keyReading else { return }
        keyReading.drain(key: { handle, code, isPressed, seatKeyCount, time in
            translate(.key(handle, code: code, isPressed: isPressed, seatKeyCount: seatKeyCount, time: time), sink)
        }, lost: { handle, error in
            if error == .operationNotSupportedByDevice { pendingKeyReleases.removeAll { $0.handle == handle } }
        })
    }
}
