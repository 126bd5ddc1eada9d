import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

extension KernelRing {
    /// Nothing renders unless something is dirty, on the real loop and the real display.
    @Suite("An idle app on DRMPlatform")
    @MainActor
    struct IdleApp {
        @Test("commits nothing, flips nothing and sleeps through an idle second; a change presents one frame")
        func idleSecond() throws {
            let kernel = try KernelApp()
            defer { kernel.shutdown() }
            let script = PictureScript(in: kernel.window)
            #expect(kernel.settle())
            let display = kernel.display
            let planeID = try #require(display.pipeline.planeID)
            let presents = display.presentCount, frames = display.frameCount
            let commits = kernel.app.statistics.commits
            let shown = try display.device.plane(planeID).framebufferID
            let wakeUps = kernel.loop.wakeUps

            // An idle second of real time is inherent here: the kernel's vblanks go on meanwhile.
            kernel.driver.run(for: 1)

            #expect(display.presentCount == presents, "frames presented while idle")
            #expect(display.frameCount == frames, "frame callbacks while idle")
            #expect(kernel.app.statistics.commits == commits, "commits while idle")
            #expect(kernel.loop.wakeUps - wakeUps == 1, "wake-ups while idle, besides the timer that ended the second")
            #expect(try display.device.plane(planeID).framebufferID == shown, "the plane flipped while idle")

            script.apply(step: 0)
            #expect(kernel.settle())
            #expect(display.presentCount == presents + 1, "one change, one frame")
            #expect(try display.device.plane(planeID).framebufferID != shown, "the change reached the screen")
        }
    }

    /// FB_DAMAGE_CLIPS: the rectangles the kernel holds for each frame (read back from the
    /// primary plane's committed state) are exactly that frame's damage, in framebuffer pixels.
    ///
    /// vkms gets the property from `scripts/lib/vm/vkms.patch` (no device qemu gives this kernel
    /// has it: vmwgfx refuses qemu's vmware-svga). What this proves: the display sends per-frame
    /// clips that equal the application's damage, turned into the framebuffer's orientation,
    /// through the real atomic ioctl and the kernel's checks. What it cannot: that a driver
    /// uploads only those rectangles; that is the driver's part.
    @Suite("FB_DAMAGE_CLIPS")
    @MainActor
    struct DamageClipsOnTheKernel {
        @Test("the clips the kernel holds equal each frame's damage", arguments: [ScreenRotation.none, .clockwise90])
        func clipsEqualDamage(rotation: ScreenRotation) throws {
            let kernel = try KernelApp(configuration: .init(rotation: rotation))
            defer { kernel.shutdown() }
            let display = kernel.display
            #expect(display.sendsDamageClips, "vkms (patched) has FB_DAMAGE_CLIPS, yet the display sends none")
            let planeID = try #require(display.pipeline.planeID)
            let script = PictureScript(in: kernel.window)
            #expect(kernel.settle())
            // The modeset updates the whole plane: it carries no clips.
            #expect(try KernelDevices.property("FB_DAMAGE_CLIPS", of: planeID, type: .plane, on: display.device) == 0)
            let scene = display.sceneSize
            for (step, name) in PictureScript.steps.enumerated() {
                script.apply(step: step)
                #expect(kernel.settle())
                let damage = kernel.app.statistics.lastPresentedDamage
                let blob = try KernelDevices.property("FB_DAMAGE_CLIPS", of: planeID, type: .plane, on: display.device)
                guard blob != 0 else {
                    Issue.record("step \(name): the frame reached the kernel without damage clips")
                    continue
                }
                let clips = try KernelDevices.damageClips(blob: UInt32(blob), on: display.device)
                let turned = damage.rectCount > DamagePolicy.maximumRectangles ? [damage.boundingBox] : damage.rects
                let expected = Region(turned.map { rotation.rect($0, sceneWidth: scene.width, sceneHeight: scene.height) })
                let sent = Region(clips)
                #expect(sent == expected, "step \(name): the kernel holds \(clips), the frame's damage is \(damage)")
                #expect(clips.map(\.area).reduce(0, +) == sent.area, "step \(name): the clips overlap: \(clips)")
                #expect(clips.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.maxX <= display.mode.width && $0.maxY <= display.mode.height },
                        "step \(name): a clip lies outside the framebuffer: \(clips)")
            }
        }
    }
}
