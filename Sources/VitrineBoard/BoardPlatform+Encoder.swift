import Logging
import Vitrine
import VitrineInput
import VitrineLinux

extension BoardPlatform {
    /// The `[input] encoder` read with libevdev when it turns as a dial (REL_DIAL, which
    /// libinput 1.22 does not report): nil when the profile names none or it has no dial (then
    /// libinput reads its wheel and button). When it has one, libinput's events from it are
    /// dropped (`encoderIsReadSeparately`), and the device vanishing removes the source from
    /// `loop` (logged once by the source).
    static func openDialEncoder(_ encoder: String?, libInput: LibInputSource, loop: EpollMainLoop,
                                logger: Logger) -> DialEncoderSource? {
        guard let encoder,
              let dial = DialEncoderSource.open(encoder: encoder, clock: loop.clock, logger: logger) else { return nil }
        libInput.encoderIsReadSeparately = true
        dial.deviceLostHandler = { [weak dial, weak loop] in
            guard let dial else { return }
            loop?.removeInputSource(dial)
        }
        return dial
    }
}
