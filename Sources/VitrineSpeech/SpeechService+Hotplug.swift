import Vitrine
import VitrineInput

extension SpeechService {
    /// The headphone jack as a `HotplugDeviceKind`, for `[accessibility] speech =
    /// "on-headphones"` (nil otherwise): a jack plugged in after start (a USB headset), or
    /// again, is opened as at start — the configured node, or any evdev node with
    /// SW_HEADPHONE_INSERT — and speech follows it from then on (on at once when headphones are
    /// in). The jack unplugged is closed, and speech goes off as with headphones pulled out:
    /// what is being said is cut. While one jack is followed, another is not opened. Only after
    /// `start(reading:)`.
    public func headphoneJackKind() -> HotplugDeviceKind? {
        headphoneJackKind(opener: LibEvdevNode.open)
    }

    package func headphoneJackKind(opener: @escaping @MainActor (String) throws(EvdevError) -> any EvdevNode) -> HotplugDeviceKind? {
        guard configuration.mode == .onHeadphones else { return nil }
        let configured = configuration.jack
        return HotplugDeviceKind(
            name: "headphone jack",
            matches: { [weak self] device in
                guard let self, started, device.isEventNode else { return false }
                if let configured { return device.isNamed(by: configured) }
                // udev's rules tag a device with switches ID_INPUT_SWITCH: others are not opened.
                return device.properties["ID_INPUT"] != "1" || device.isTagged("SWITCH")
            },
            open: { [weak self] device in
                guard let self, let devnode = device.devnode else { return .notThisKind }
                if let jack, jack.isOpen { return .notThisKind }
                var refusal = HotplugOpening.notThisKind
                guard let node = HotplugOpening.evdevNode(devnode, opener: opener, refusal: &refusal) else { return refusal }
                guard HeadphoneJack.isJack(node) else {
                    node.close()
                    return .notThisKind
                }
                let jack: HeadphoneJack
                do throws(DescriptorWatchError) {
                    jack = try HeadphoneJack(node: node, loop: loop, logger: logger)
                } catch {
                    node.close()
                    return .failed(error)
                }
                // One that went away and was not yet announced as unplugged gives way.
                self.jack?.close()
                adopt(jack, because: "headphones in the jack plugged in")
                return .opened(detail: jack.isPlugged ? "headphones in, speech on" : "speech follows its headphones")
            },
            close: { [weak self] device in
                guard let self, let jack, device.devnode == jack.path || device.isNamed(by: jack.path) else { return false }
                dropJack(because: "the headphone jack was unplugged")
                return true
            })
    }
}
