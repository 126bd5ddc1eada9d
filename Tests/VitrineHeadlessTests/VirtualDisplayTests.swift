import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The headless display must behave as a page-flipping DRM display does: flips land on vblank,
/// one flip is in flight at a time, frame requests coalesce, and buffer ages are exact.
@MainActor
struct VirtualDisplayTests {
    private let period = 1.0 / 60

    private func makeDisplay(bufferCount: Int = 2, refreshRate: Double = 60,
                             start: Double = 0) -> (ManualMainLoop, VirtualDisplay, Recorder) {
        let loop = ManualMainLoop(clock: ManualClock(start: start))
        let display = VirtualDisplay(mode: DisplayMode(width: 64, height: 48, refreshRate: refreshRate),
                                     mainLoop: loop, bufferCount: bufferCount)
        let recorder = Recorder()
        display.frameHandler = { recorder.frames.append($0) }
        return (loop, display, recorder)
    }

    @MainActor final class Recorder {
        var frames: [FrameTiming] = []
    }

    private let damage = Region(PixelRect(x: 0, y: 0, width: 8, height: 8))
    private let scene = Surface(width: 64, height: 48, format: .xrgb8888)

    /// Equal to within a nanosecond: vblank times are multiples of a period that is not exact
    /// in binary.
    private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    // MARK: Vblank

    @Test func theRefreshPeriodIsOneOverTheRefreshRate() {
        let (_, display60, _) = makeDisplay()
        let (_, display50, _) = makeDisplay(refreshRate: 50)
        #expect(near(display60.refreshPeriod, 1.0 / 60))
        #expect(near(display50.refreshPeriod, 0.02))
    }

    @Test func aPresentedFrameFlipsAtTheNextVblankAndNotBefore() {
        let (loop, display, recorder) = makeDisplay()
        loop.advance(by: 0.005)
        display.present(scene: scene, copying: damage, damage: damage)
        #expect(display.isFlipPending)
        #expect(display.presentCount == 1)
        // 0.016 is before the first vblank (1/60 ≈ 0.01667): still pending.
        loop.advance(to: 0.016)
        #expect(display.isFlipPending)
        #expect(recorder.frames.isEmpty)
        loop.advance(to: 0.017)
        #expect(!display.isFlipPending)
        #expect(recorder.frames.count == 1)
        #expect(near(recorder.frames[0].timestamp, 1.0 / 60))
        #expect(near(recorder.frames[0].targetTimestamp, 2.0 / 60))
        #expect(recorder.frames[0].sequence == 1)
    }

    @Test func vblanksFallOnMultiplesOfThePeriodWhenTheLoopStartsOffTheGrid() {
        // A clock that does not start on a vblank (a real one starts at boot time).
        let (loop, display, recorder) = makeDisplay(start: 10.004)
        display.present(scene: scene, copying: damage, damage: damage)
        loop.advance(by: 0.1)
        // 10.004 s lies between vblanks 600 (10.0) and 601 (10.01667).
        #expect(recorder.frames.count == 1)
        #expect(near(recorder.frames[0].timestamp, 601.0 / 60))
    }

    @Test func aFramePresentedExactlyOnAVblankFlipsAtTheFollowingOne() {
        let (loop, display, recorder) = makeDisplay()
        // Present in the vblank callback of every frame, for many frames: each present is made
        // at the instant of a vblank and must flip a full period later, never at once.
        display.frameHandler = { timing in
            recorder.frames.append(timing)
            if recorder.frames.count < 120 { display.present(scene: scene, copying: damage, damage: damage) }
        }
        display.present(scene: scene, copying: damage, damage: damage)
        loop.advance(by: 3)
        #expect(recorder.frames.count == 120)
        for (index, frame) in recorder.frames.enumerated() {
            #expect(near(frame.timestamp, Double(index + 1) / 60), "frame \(index)")
            #expect(frame.sequence == UInt64(index + 1))
        }
        // One wake-up per vblank: nothing else woke the loop.
        #expect(loop.turnCount == 120)
    }

    @Test func requestFrameCallsBackOnceAtTheNextVblankWithoutPresenting() {
        let (loop, display, recorder) = makeDisplay()
        loop.advance(by: 0.02)
        display.requestFrame()
        display.requestFrame()
        display.requestFrame()
        #expect(display.isFrameRequested)
        loop.advance(by: 0.1)
        // Three requests before one vblank are one callback; nothing was presented.
        #expect(recorder.frames.count == 1)
        #expect(near(recorder.frames[0].timestamp, 2.0 / 60))
        #expect(near(recorder.frames[0].targetTimestamp, 3.0 / 60))
        #expect(display.presentCount == 0)
        #expect(!display.isFrameRequested)
        #expect(loop.turnCount == 1)
    }

    @Test func aRequestWhileAFlipIsPendingCoalescesIntoThatVblank() {
        let (loop, display, recorder) = makeDisplay()
        display.present(scene: scene, copying: damage, damage: damage)
        display.requestFrame()
        loop.advance(by: 0.1)
        #expect(recorder.frames.count == 1)
        #expect(display.frameCount == 1)
    }

    @Test func anIdleDisplayNeverWakesTheLoop() {
        let (loop, display, recorder) = makeDisplay()
        loop.advance(by: 60)
        #expect(loop.turnCount == 0)
        #expect(recorder.frames.isEmpty)
        #expect(display.frameCount == 0)
        // After one frame it goes quiet again.
        display.requestFrame()
        loop.advance(by: 60)
        #expect(loop.turnCount == 1)
        #expect(recorder.frames.count == 1)
    }

    @Test func presentRecordsItsDamage() {
        let (_, display, _) = makeDisplay()
        let rects = Region([PixelRect(x: 1, y: 2, width: 3, height: 4), PixelRect(x: 10, y: 10, width: 5, height: 5)])
        display.present(scene: scene, copying: rects, damage: rects)
        #expect(display.presentedDamage == [rects])
    }

    // MARK: Buffer age

    /// Presents `count` frames, each after the previous flip completed (the next vblank is at
    /// most one period away, so 1.5 periods always reach it), and returns the back
    /// buffer's age before each present and after the last.
    private func ages(bufferCount: Int, presents count: Int) -> [Int] {
        let (loop, display, _) = makeDisplay(bufferCount: bufferCount)
        var ages: [Int] = []
        for _ in 0..<count {
            ages.append(display.bufferAge)
            display.present(scene: scene, copying: damage, damage: damage)
            loop.advance(by: 1.5 * period)
            #expect(!display.isFlipPending)
        }
        ages.append(display.bufferAge)
        return ages
    }

    @Test func doubleBufferingReportsAgeZeroThenTwo() {
        // Buffers A and B. A fresh buffer holds nothing (age 0: redraw everything). After two
        // presents the back buffer is always the one shown two frames ago.
        #expect(ages(bufferCount: 2, presents: 5) == [0, 0, 2, 2, 2, 2])
    }

    @Test func tripleBufferingReportsAgeZeroThenThree() {
        #expect(ages(bufferCount: 3, presents: 6) == [0, 0, 0, 3, 3, 3, 3])
    }

    @Test func bufferAgeDoesNotChangeWithoutAPresent() {
        let (loop, display, _) = makeDisplay()
        display.present(scene: scene, copying: damage, damage: damage)
        loop.advance(by: 1.5 * period)
        display.present(scene: scene, copying: damage, damage: damage)
        loop.advance(by: 1.5 * period)
        #expect(display.bufferAge == 2)
        // Frame callbacks without presents (display links ticking) age nothing.
        for _ in 0..<5 {
            display.requestFrame()
            loop.advance(by: 1.5 * period)
        }
        #expect(display.bufferAge == 2)
    }
}

/// The virtual display's buffers hold real pixels: a present copies exactly the asked area,
/// turned as the panel is mounted, and the shown buffer changes at the flip.
@MainActor
struct VirtualDisplayPixelTests {
    private func scene(width: Int, height: Int) -> Surface {
        let scene = Surface(width: width, height: height, format: .xrgb8888)
        scene.fill(scene.bounds, with: .white)
        scene.fill(PixelRect(x: 0, y: 0, width: 2, height: 1), with: .red)   // the top-left corner
        return scene
    }

    @Test func presentCopiesOnlyTheAskedAreaAndShowsItAtTheFlip() {
        let loop = ManualMainLoop()
        let display = VirtualDisplay(mode: DisplayMode(width: 8, height: 6), mainLoop: loop)
        let s = scene(width: 8, height: 6)
        let area = Region(PixelRect(x: 0, y: 0, width: 4, height: 3))
        let bytes = display.present(scene: s, copying: area, damage: area)
        #expect(bytes == 4 * 3 * 4)
        #expect(display.shownBuffer == nil)
        loop.advance(by: 0.02)
        let shown = display.shownBuffer!
        #expect(shown.color(x: 0, y: 0).rgba8 == Color.red.rgba8)
        #expect(shown.color(x: 3, y: 2).rgba8 == Color.white.rgba8)
        // Outside the copied area the buffer still holds what it held: black.
        #expect(shown.color(x: 4, y: 2).rgba8 == Color.black.rgba8)
    }

    /// The buffers stand for a DRM display's scanout buffers, which the CPU never reads back:
    /// a frame's copy into them streams past the cache (`Surface.isScanout`) and still lands
    /// exactly, whole or in part.
    @Test func framesStreamedIntoTheBuffersLandExactly() {
        let loop = ManualMainLoop()
        // 640×480 XRGB8888: the copies below pass `Surface.largeCopyBytes`, so they stream.
        let display = VirtualDisplay(mode: DisplayMode(width: 640, height: 480), mainLoop: loop)
        let s = Surface(width: 640, height: 480, format: .xrgb8888)
        let words = s.baseAddress.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(s.stride / 4 * s.height) { words[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xFF_FFFF }
        let all = Region(s.bounds)
        display.present(scene: s, copying: all, damage: all)
        loop.advance(by: 0.02)
        #expect(display.shownBuffer!.isScanout)
        #expect(display.shownBuffer!.hasSamePixels(as: s))
        // A part, rows starting off a 16-byte boundary among them, into the other buffer,
        // which was never written: the part is the scene's, the rest still black.
        let part = Region([PixelRect(x: 3, y: 5, width: 601, height: 300), PixelRect(x: 0, y: 400, width: 640, height: 80)])
        for i in 0..<(s.stride / 4 * s.height) { words[i] ^= 0x00FF_00FF }
        display.present(scene: s, copying: part, damage: part)
        loop.advance(by: 0.02)
        let shown = display.shownBuffer!
        #expect(shown.isScanout)
        var wrong = 0
        for y in 0..<480 {
            for x in 0..<640 where shown.word(x: x, y: y) & 0xFF_FFFF != (part.contains(x: x, y: y) ? s.word(x: x, y: y) & 0xFF_FFFF : 0) {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test(arguments: ScreenRotation.allCases)
    func theSceneIsTurnedOntoThePanel(rotation: ScreenRotation) {
        let loop = ManualMainLoop()
        // A panel of 8×6; the scene is 6×8 when turned a quarter.
        let display = VirtualDisplay(mode: DisplayMode(width: 8, height: 6), mainLoop: loop, rotation: rotation)
        let size = display.sceneSize
        let s = scene(width: size.width, height: size.height)
        let all = Region(s.bounds)
        display.present(scene: s, copying: all, damage: all)
        loop.advance(by: 0.02)
        let panel = display.shownBuffer!
        // Where the scene's top-left pixels (0,0) and (1,0) land, by hand:
        // 90° clockwise: the scene's top edge becomes the panel's right edge, read downwards.
        let expected: [(Int, Int)] = switch rotation {
        case .none: [(0, 0), (1, 0)]
        case .clockwise90: [(7, 0), (7, 1)]
        case .upsideDown: [(7, 5), (6, 5)]
        case .clockwise270: [(0, 5), (0, 4)]
        }
        for (x, y) in expected { #expect(panel.color(x: x, y: y).rgba8 == Color.red.rgba8, "\(rotation) at (\(x), \(y))") }
        var redCount = 0
        for y in 0..<6 { for x in 0..<8 where panel.color(x: x, y: y).rgba8 == Color.red.rgba8 { redCount += 1 } }
        #expect(redCount == 2)
    }

    @Test func turningThePanelOnAgainForgetsEveryBuffersAge() {
        let loop = ManualMainLoop()
        let display = VirtualDisplay(mode: DisplayMode(width: 8, height: 6), mainLoop: loop)
        let s = scene(width: 8, height: 6)
        for _ in 0..<3 {
            display.present(scene: s, copying: Region(s.bounds), damage: Region(s.bounds))
            loop.advance(by: 0.02)
        }
        #expect(display.bufferAge == 2)
        display.setPower(false)
        display.setPower(true)
        #expect(display.bufferAge == 0)
    }
}
