import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineLinux
import VitrineTestSupport

extension KernelRing {
    /// `DRMDisplay` on vkms, driven directly (no application): modeset, vblank pacing, EBUSY.
    @Suite("DRM display on vkms")
    @MainActor
    struct DisplayOnVKMS {
        /// The display on vkms's Virtual connector, over a recording device, on its own loop.
        struct Rig {
            let loop: EpollMainLoop
            let driver: LoopDriver
            let device: RecordingDevice
            let display: DRMDisplay
            let log: LogCapture
        }

        func makeRig() throws -> Rig {
            let loop = try EpollMainLoop(handlesSignals: false)
            let log = LogCapture(level: .info)
            do {
                let device = RecordingDevice(try LibDRMDevice(path: try KernelDevices.vkmsPath()))
                let display = try DRMDisplay(device: device, configuration: .init(connectorName: KernelDevices.virtualConnector),
                                             mainLoop: loop, logger: log.logger(label: "vitrine.drm"))
                return Rig(loop: loop, driver: LoopDriver(loop), device: device, display: display, log: log)
            } catch {
                loop.close()
                throw error
            }
        }

        @Test("modeset on the Virtual connector, then 120 flips paced by vblank: none lost, no EBUSY at the app")
        func flipsPacedByVBlank() throws {
            let rig = try makeRig()
            defer { rig.loop.close() }
            defer { rig.display.restore() }
            let display = rig.display
            #expect(display.pipeline.connectorName == KernelDevices.virtualConnector)
            #expect(display.usesAtomic, "vkms is atomic; the display fell back to legacy")
            #expect(display.mode.width == 1024 && display.mode.height == 768, "vkms prefers 1024x768, got \(display.mode)")

            let flips = 120
            let sweep = SweepPattern(display: display)
            var timings: [FrameTiming] = []
            display.frameHandler = { timings.append($0) }
            rig.loop.addBeforeWaitingObserver {
                if sweep.presented <= flips && !display.isFlipPending { sweep.presentNext() }
            }
            // The modeset's frame, then 120 flips.
            let done = rig.driver.run(until: { timings.count == flips + 1 }, timeout: 30)
            #expect(done, "only \(timings.count) of \(flips + 1) frames completed within 30 s")

            let flipEvents = rig.device.events.filter { $0.kind == .pageFlip }
            // No flip lost: each present brought exactly one flip event and one frame callback.
            #expect(display.presentCount == flips + 1)
            #expect(flipEvents.count == display.presentCount, "kernel flip events vs presents")
            #expect(timings.count == display.presentCount, "frame callbacks vs presents")
            #expect(rig.device.busyCount == 0, "a present paced by flip events should never find the kernel busy")
            // Paced by vblank: every flip lands on the vblank grid, one or more whole periods
            // after the one before, and the kernel's vblank counter says how many. Whether the
            // app kept up with every vblank depends on the host's load under emulation: that is
            // reported, not asserted.
            let period = 1000 / display.mode.refreshRate
            let sequences = flipEvents.map(\.sequence)
            let steps = zip(flipEvents.dropFirst(), flipEvents).map { (new, old) in
                (vblanks: Int(new.sequence &- old.sequence), ms: (new.timestamp - old.timestamp) * 1000)
            }
            #expect(steps.allSatisfy { $0.vblanks >= 1 }, "the flips' vblank sequence numbers must increase: \(sequences)")
            let offGrid = steps.filter { $0.vblanks >= 1 && abs($0.ms / Double($0.vblanks) - period) > 0.05 * period }
            #expect(offGrid.isEmpty, "flips off the vblank grid (period \(period) ms): \(offGrid.prefix(5))")
            let vblanks = steps.reduce(0) { $0 + $1.vblanks }
            if vblanks > 0 {
                let perVBlank = steps.reduce(0) { $0 + $1.ms } / Double(vblanks)
                #expect(abs(perVBlank - period) <= 0.05 * period, "mean interval per vblank \(perVBlank) ms; a vblank is \(period) ms")
                Figures.record("vblank_interval_mean_ms", perVBlank, decimals: 3)
            }
            if !steps.isEmpty {
                let intervals = steps.map(\.ms)
                Figures.record("flip_interval_mean_ms", intervals.reduce(0, +) / Double(intervals.count), decimals: 3)
                Figures.record("flip_interval_max_ms", intervals.max() ?? 0, decimals: 3)
            }
            Figures.record("flip_missed_vblanks", vblanks - steps.count)
            #expect(rig.log.lines(atLeast: .warning).isEmpty, "the display complained: \(rig.log.lines(atLeast: .warning))")
        }

        @Test("a kernel busy with another commit: EBUSY is retried at the next vblank and never reaches the app")
        func busyKernelIsRetried() throws {
            let rig = try makeRig()
            defer { rig.loop.close() }
            defer { rig.display.restore() }
            let display = rig.display, device = rig.device
            guard let planeID = display.pipeline.planeID else {
                Issue.record("the display has no primary plane on vkms")
                return
            }
            let fbProperty = try #require(try device.properties(of: planeID, type: .plane).named("FB_ID")).id
            // Before some of the display's flips, commit a flip of our own that shows the frame
            // already on screen: nothing changes, but the kernel is busy until the next vblank.
            // It asks for no event, so the display's descriptor carries only its own.
            var injectedAt: Set<Int> = []
            device.beforeCommit = { request in
                let frame = display.presentCount
                guard request.value(of: fbProperty, on: planeID) != nil, frame > 1, frame % 4 == 0,
                      !injectedAt.contains(frame), let shown = try? device.inner.plane(planeID).framebufferID else { return }
                var competing = AtomicRequest()
                competing.add(planeID, fbProperty, UInt64(shown))
                if (try? device.inner.atomicCommit(competing, flags: [.nonBlocking], userData: 0)) != nil {
                    injectedAt.insert(frame)
                }
            }
            let frames = 40
            let sweep = SweepPattern(display: display)
            var callbacks = 0
            display.frameHandler = { _ in callbacks += 1 }
            rig.loop.addBeforeWaitingObserver {
                if sweep.presented < frames && !display.isFlipPending { sweep.presentNext() }
            }
            let done = rig.driver.run(until: { callbacks == frames }, timeout: 30)
            #expect(done, "only \(callbacks) of \(frames) frames completed within 30 s")
            #expect(!injectedAt.isEmpty, "no competing commit went in; the test proved nothing")
            #expect(device.busyCount > 0, "the kernel never answered EBUSY; the test proved nothing")
            // Each present still brought exactly one frame callback: the app never saw EBUSY.
            #expect(callbacks == display.presentCount)
            #expect(display.pageFlip == .idle)
            #expect(rig.log.lines(atLeast: .warning).isEmpty, "the display complained (a dropped frame?): \(rig.log.lines(atLeast: .warning))")
            // And the last frame, retried or not, is what the kernel scans out.
            let capture = try WritebackCapture(device: device.inner, crtcID: display.pipeline.crtcID,
                                               width: display.mode.width, height: display.mode.height)
            defer { capture.close() }
            PictureCheck.expectEqual(try capture.capture(), sweep.scene, name: "busy-retry-last-frame")
            print("busy test: \(injectedAt.count) competing commits, \(device.busyCount) EBUSY answers")
        }

        @Test("vitrine flip-test runs on vkms and reports every flip")
        func flipTestTool() throws {
            let path = try KernelDevices.vkmsPath()
            let child = try ChildProcess(KernelRing.binDirectory + "/vitrine",
                                         ["flip-test", "--device", path, "--connector", KernelDevices.virtualConnector,
                                          "--frames", "120", "--json"])
            let ending = child.wait(seconds: 60)
            #expect(ending == .exited(0), "\(child.commandLine) \(ending):\n\(child.text)")
            #expect(jsonValue("flips", in: child.text) == "120", "\(child.text)")
            #expect(jsonValue("atomic", in: child.text) == "true")
            #expect(jsonValue("connector", in: child.text) == "\"\(KernelDevices.virtualConnector)\"")
            #expect(jsonValue("damageClips", in: child.text) == "true", "vkms is patched to have FB_DAMAGE_CLIPS")
        }
    }
}

/// The raw value of the first `"key": value` in a flat JSON text (enough for the tool's report).
func jsonValue(_ key: String, in text: String) -> String? {
    guard let keyRange = text.firstRange(of: "\"\(key)\"") else { return nil }
    var rest = text[keyRange.upperBound...].drop { $0 == " " }
    guard rest.first == ":" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " }
    let value = rest.prefix { $0 != "," && $0 != "}" && $0 != "\n" }
    return String(value.reversed().drop { $0 == " " }.reversed())
}
