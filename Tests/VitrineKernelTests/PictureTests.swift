import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineLinux

extension KernelRing {
    /// The picture through the kernel: frames captured from vkms's writeback connector (the CRTC's
    /// output as the kernel composed it) equal, pixel for pixel, the headless render of the same
    /// view tree — after the first frame and after each partial update, at every rotation.
    @Suite("Pictures through the kernel")
    @MainActor
    struct PicturesThroughTheKernel {
        @Test("writeback frames equal the headless render, first frame and partial updates",
              arguments: ScreenRotation.allCases)
        func writebackEqualsHeadless(rotation: ScreenRotation) throws {
            let name = "picture-rot\(rotation.rawValue)"
            let started = MonotonicClock.read()
            func phase(_ what: String) { print("\(name): \(what) at \(Figures.fixed(MonotonicClock.read() - started, decimals: 2)) s") }
            // The reference first: the same tree and script on the headless display.
            let kernel = try KernelApp(configuration: .init(rotation: rotation))
            defer { kernel.shutdown() }
            let mode = kernel.display.mode
            var expected: [Surface] = []
            do {
                let reference = HeadlessReference(mode: DisplayMode(width: mode.width, height: mode.height, refreshRate: mode.refreshRate),
                                                  rotation: rotation)
                let script = PictureScript(in: reference.window)
                reference.settle()
                expected.append(try #require(reference.shownFrame(), "the headless display showed nothing"))
                for step in PictureScript.steps.indices {
                    script.apply(step: step)
                    reference.settle()
                    expected.append(try #require(reference.shownFrame()))
                }
            }
            phase("headless frames rendered")

            let script = PictureScript(in: kernel.window)
            let capture = try WritebackCapture(device: kernel.display.device, crtcID: kernel.display.pipeline.crtcID,
                                               width: mode.width, height: mode.height)
            defer { capture.close() }
            #expect(kernel.settle())
            phase("first frame on vkms")
            // A mismatch ends the rotation's run: later frames would differ for the same reason,
            // and drawing their differences costs time on an emulated CPU.
            guard PictureCheck.expectEqual(try capture.capture(), expected[0], name: "\(name)-first") else { return }
            phase("first frame captured and compared")
            for (step, stepName) in PictureScript.steps.enumerated() {
                let presents = kernel.app.statistics.presents
                script.apply(step: step)
                #expect(kernel.settle())
                #expect(kernel.app.statistics.presents == presents + 1, "step \(stepName) should present one frame")
                #expect(kernel.app.statistics.lastPresentedDamage.boundingBox != kernel.app.compositor?.sceneBounds,
                        "step \(stepName) should be a partial update")
                guard PictureCheck.expectEqual(try capture.capture(), expected[step + 1], name: "\(name)-\(stepName)") else { return }
            }
            phase("partial updates compared")
            print("\(name): \(kernel.display.usesPlaneRotation ? "plane" : "copy") rotation, \(PictureScript.steps.count + 1) frames compared")
        }
    }
}
