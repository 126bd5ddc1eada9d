import Logging
import VitrineSeams

extension DialEncoderSource {
    /// Opens the dial of `libInput`'s `[input] encoder` the way a board does: nil when the
    /// configuration names no encoder or it has no dial (libinput reads its wheel then). When
    /// it has one, `libInput` drops its own events from that device
    /// (`encoderIsReadSeparately`), and the device vanishing removes the source from `loop`.
    /// The caller adds the source to its application (`Application.addInputSource`).
    public static func open(for libInput: LibInputSource, loop: any MainLoop, directory: String = "/dev/input",
                            logger: Logger = Logger(label: "vitrine.input")) -> DialEncoderSource? {
        open(for: libInput, loop: loop, directory: directory, logger: logger, opener: LibEvdevNode.open)
    }

    package static func open(for libInput: LibInputSource, loop: any MainLoop, directory: String, logger: Logger,
                             opener: (String) throws(EvdevError) -> any EvdevNode) -> DialEncoderSource? {
        guard let encoder = libInput.configuration.encoder,
              let dial = open(encoder: encoder, directory: directory, clock: loop.clock, logger: logger, opener: opener)
        else { return nil }
        libInput.encoderIsReadSeparately = true
        dial.takesItselfOffWhenLost(from: loop)
        return dial
    }
}
