import Logging
import Vitrine
import VitrineInput
#if Speech
import VitrineSpeech
#endif

extension BoardPlatform {
    /// Starts the udev monitor (`DeviceHotplug` on a `UdevDeviceMonitor`) on `loop`, before the
    /// board opens its devices, so a device plugged in meanwhile is not missed. Nil (logged,
    /// with what to do) when udev cannot be listened to: the devices present at start are read
    /// as before.
    static func startHotplug(on loop: any MainLoop, logger: Logger) -> DeviceHotplug? {
        let hotplug = DeviceHotplug(monitor: UdevDeviceMonitor(loop: loop, logger: logger), logger: logger)
        return hotplug.start() ? hotplug : nil
    }

    /// Follows the profile's devices as they are plugged in and unplugged, for `application`:
    /// the rotary encoder that turns as a dial (`[input] encoder`), the accelerometer
    /// (`[accelerometer] device`) and the headphone jack (`[accessibility] jack`, with
    /// `"on-headphones"`). Called by `configure(_:)`, after speech has started; an application
    /// made later on this platform takes the kinds over.
    func followDevices(for application: Application) {
        guard let hotplug else { return }
        for following in followedKinds { hotplug.unfollow(following) }
        followedKinds.removeAll()
        let loop = mainLoop
        if let libInput, let kind = DialEncoderSource.hotplugKind(
            for: libInput, loop: loop, logger: logger,
            current: { [weak self] in self?.dialEncoder },
            adopt: { [weak self, weak application] dial in
                self?.dialEncoder = dial
                application?.addInputSource(dial)
            },
            release: { [weak self, weak loop] dial in
                loop?.removeInputSource(dial)
                dial.close()
                if self?.dialEncoder === dial { self?.dialEncoder = nil }
            }) {
            followedKinds.append(hotplug.follow(kind))
        }
        if let accelerometer {
            let kind = accelerometer.hotplugKind(
                resume: { [weak application, weak accelerometer] in
                    guard let application, let accelerometer else { return false }
                    return try application.resumeOnDemandSource(accelerometer)
                },
                suspend: { [weak application, weak accelerometer] in
                    guard let accelerometer else { return }
                    application?.suspendOnDemandSource(accelerometer)
                })
            followedKinds.append(hotplug.follow(kind))
        }
        #if Speech
        if let speech, let kind = speech.headphoneJackKind() {
            followedKinds.append(hotplug.follow(kind))
        }
        #endif
    }
}
