import Logging
import VitrineSeams

extension DialEncoderSource {
    /// The board's rotary encoder (`libInput`'s `[input] encoder`) as a `HotplugDeviceKind`:
    /// an encoder that turns as a dial, plugged in after start, is opened as at start (the
    /// same name or node, REL_DIAL checked, libinput's own events from it dropped) and read;
    /// unplugged, it is taken off the loop and closed, a turn half read dropped. Nil when the
    /// profile names no encoder.
    ///
    /// The caller owns the source: `current` gives the one it reads (nil: none), `adopt` takes
    /// a new one and adds it to its application (`Application.addInputSource`), `release`
    /// takes one off the loop (`MainLoop.removeInputSource`), closes it and forgets it. One
    /// encoder is read at a time: while one is read, another is not opened.
    public static func hotplugKind(for libInput: LibInputSource, loop: any MainLoop,
                                   logger: Logger = Logger(label: "vitrine.input"),
                                   current: @escaping @MainActor () -> DialEncoderSource?,
                                   adopt: @escaping @MainActor (DialEncoderSource) -> Void,
                                   release: @escaping @MainActor (DialEncoderSource) -> Void) -> HotplugDeviceKind? {
        hotplugKind(for: libInput, loop: loop, logger: logger, opener: LibEvdevNode.open,
                    current: current, adopt: adopt, release: release)
    }

    package static func hotplugKind(for libInput: LibInputSource, loop: any MainLoop, logger: Logger,
                                    opener: @escaping @MainActor (String) throws(EvdevError) -> any EvdevNode,
                                    current: @escaping @MainActor () -> DialEncoderSource?,
                                    adopt: @escaping @MainActor (DialEncoderSource) -> Void,
                                    release: @escaping @MainActor (DialEncoderSource) -> Void) -> HotplugDeviceKind? {
        guard let encoder = libInput.configuration.encoder else { return nil }
        let byNode = encoder.hasPrefix("/")
        return HotplugDeviceKind(
            name: "rotary encoder",
            matches: { device in
                guard device.isEventNode else { return false }
                // Without a udev daemon a removed device has no name: the node decides then.
                return byNode ? device.isNamed(by: encoder) : (device.name == nil || device.name == encoder)
            },
            open: { device in
                guard let devnode = device.devnode else { return .notThisKind }
                if let reading = current(), !reading.isLost { return .notThisKind }
                var refusal = HotplugOpening.notThisKind
                guard let node = HotplugOpening.evdevNode(devnode, opener: opener, refusal: &refusal) else { return refusal }
                guard byNode || node.name == encoder, hasDial(node) else {
                    node.close()
                    return .notThisKind
                }
                // One lost and not yet announced as unplugged gives way to the new one.
                if let stale = current() { release(stale) }
                let dial = DialEncoderSource(node: node, clock: loop.clock, logger: logger)
                libInput.encoderIsReadSeparately = true
                dial.takesItselfOffWhenLost(from: loop)
                adopt(dial)
                return .opened(detail: "turns as a dial, read with libevdev")
            },
            close: { device in
                guard let reading = current(), device.devnode == reading.path || device.isNamed(by: reading.path) else {
                    return false
                }
                release(reading)
                return true
            })
    }

    /// Makes the source's loss (its node reads ENODEV before udev says it was unplugged) take
    /// it off `loop`, so a dead descriptor is never watched.
    func takesItselfOffWhenLost(from loop: any MainLoop) {
        deviceLostHandler = { [weak self, weak loop] in
            guard let self else { return }
            loop?.removeInputSource(self)
        }
    }
}
