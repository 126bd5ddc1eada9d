import Glibc
import Vitrine
import VitrineBenchKit
import VitrineGraphics

// vitrine-bench-app: the measurements that need a process of their own (a real run loop that
// sleeps, a clean address space, a process start). It prints its results as
// `vitrine-figure NAME=VALUE` lines; the benchmarks in Benchmarks/VitrineBenchmarks run it.
//
//   vitrine-bench-app idle [SECONDS]    the kiosk screen at 1920×1080 left alone: wake-ups, CPU time
//   vitrine-bench-app startup           from main() to the first presented frame (the parent
//                                       times process start)
//   vitrine-bench-app memory [SCENE]    peak private dirty memory over frames of use, and the
//                                       frame buffers' share of it: the kiosk screen (120 frames),
//                                       or a scene of MemoryScene (large-background, wide-drawing,
//                                       nested-translucent: 30 frames)
//   vitrine-bench-app touch VIEWS DEPTH FRAMES [view|button|tap]
//                                       touch frames for an instruction counter (callgrind)
//   vitrine-bench-app frames KIND COUNT headless frames (full-repaint, full-redraw, button, move,
//                                       label) for a profiler
//   vitrine-bench-app scroll-frames COUNT [sideways]
//                                       steady-scroll frames of the card list, for a profiler
//   vitrine-bench-app frame-counters    exact pixels composed, bytes copied, views drawn and
//                                       pixels spared (not filled under opaque views) of each
//                                       kind of frame

let mainEnteredAt = KernelClock.monotonicNanoseconds()

/// The kiosk screen on the epoll loop and a 1920×1080 virtual display, as an app's delegate.
@MainActor
final class BenchDelegate: ApplicationDelegate {
    var screen: KioskScreen?
    let launched: (Application, KioskScreen) -> Void

    init(launched: @escaping (Application, KioskScreen) -> Void) {
        self.launched = launched
    }

    func applicationDidFinishLaunching(_ application: Application) {
        let screen = KioskScreen(application: application)
        self.screen = screen
        launched(application, screen)
    }
}

@MainActor
func makePlatform() -> RealTimeHeadlessPlatform {
    do {
        return try RealTimeHeadlessPlatform()
    } catch {
        print("vitrine-bench-app: cannot create the run loop: \(error)")
        exit(1)
    }
}

/// Runs the app with `launched` called once the screen exists, until something terminates it.
@MainActor
func runApp(_ launched: @escaping (Application, KioskScreen, RealTimeHeadlessPlatform) -> Void) {
    let platform = makePlatform()
    Application.main(platform: platform, delegate: BenchDelegate { application, screen in
        launched(application, screen, platform)
    })
}

/// Idle: the first frame is shown and settles for half a second; then `seconds` of nothing,
/// measured between two timers. The timer that ends the measurement is itself a wake-up and is
/// not counted.
@MainActor
func idle(seconds: Double) {
    runApp { application, screen, platform in
        let loop = platform.epollMainLoop
        LoopTimer.scheduled(on: loop, after: 0.5) { _ in
            let wakeUps = loop.wakeUps, cpu = KernelClock.processCPUNanoseconds()
            let presents = application.statistics.presents
            LoopTimer.scheduled(on: loop, after: seconds) { _ in
                Figures.report("idle_wakeups", loop.wakeUps - wakeUps - 1)
                Figures.report("idle_cpu_us", (KernelClock.processCPUNanoseconds() - cpu) / 1000)
                Figures.report("idle_frames", application.statistics.presents - presents)
                Figures.report("idle_milliseconds", Int(seconds * 1000))
                Figures.report("views", screen.viewCount)
                application.terminate()
            }
        }
    }
}

/// Startup: the time from main() to the first frame handed to the display (its present), on
/// CLOCK_MONOTONIC; the parent knows when it spawned the process.
@MainActor
func startup() {
    runApp { application, _, platform in
        var reported = false
        // Added after the application's commit observer, so it runs after each commit.
        platform.epollMainLoop.addBeforeWaitingObserver {
            guard !reported, platform.virtualDisplay.presentCount > 0 else { return }
            reported = true
            Figures.report("first_present_ns", KernelClock.monotonicNanoseconds())
            Figures.report("main_entered_ns", mainEnteredAt)
            application.terminate()
        }
    }
}

/// Memory: the first frame, then 120 frames of use, one every 20 ms (taps on the button, which
/// highlights, redraws and sends its action; the label changing; the view moving; a full
/// redraw every 30 frames), then the private memory and the frame buffers' share of it.
///
/// What counts is *private dirty* memory: pages only this process maps and has written (heap,
/// stacks, buffers, relocated data) — what the app costs, whatever else runs. Private *clean*
/// pages (library code no other process happens to map at the moment) are reported apart: they
/// depend on what else runs and the kernel can drop them. The kernel keeps no peak of private
/// memory, so the peak is the largest of a sample after every run-loop turn and an estimate
/// from the peak resident set (`VmHWM` less the resident pages that are not private dirty
/// now, which only grow while nothing presses on memory).
@MainActor
func memory() {
    let atMain = MemoryReading.current()
    var peakDirty = atMain.privateDirtyKiB
    runApp { application, screen, platform in
        var frame = 0
        var time = 0.0
        let finger = TouchIdentifier(device: 0, slot: 0)
        let buttonCentre = screen.button.convert(Point(x: 100, y: 30), to: nil)
        platform.epollMainLoop.addBeforeWaitingObserver {
            peakDirty = max(peakDirty, MemoryReading.current().privateDirtyKiB)
        }
        LoopTimer.scheduled(on: platform.epollMainLoop, after: 0.02, repeats: true) { timer in
            frame += 1
            time += 0.02
            switch frame % 4 {
            case 0: application.post(.touchDown(finger, location: buttonCentre, majorRadius: 0, timestamp: time))
            case 1: application.post(.touchUp(finger, timestamp: time))
            case 2: screen.changeLabel()
            default: screen.moveStep()
            }
            application.post(.touchFrame(timestamp: time))
            if frame % 30 == 0 {
                screen.setEverythingNeedsDisplay()
                application.setNeedsFullRepaint()
            }
            guard frame == 120 else { return }
            timer.invalidate()
            reportMemory(peakDirty: peakDirty, atMain: atMain, application: application, platform: platform)
        }
    }
}

/// Reports the memory figures of a run whose sampled peak of private dirty memory is
/// `peakDirty`, and ends it.
@MainActor
func reportMemory(peakDirty: Int, atMain: MemoryReading, application: Application, platform: RealTimeHeadlessPlatform) {
    let now = MemoryReading.current()
    let estimate = now.peakResidentKiB - (now.residentKiB - now.privateDirtyKiB)
    let peak = max(peakDirty, now.privateDirtyKiB, estimate)
    // The scene buffer and the display's two buffers, all written whole by now.
    let display = platform.virtualDisplay
    let buffersKiB = 3 * display.mode.width * display.mode.height * 4 / 1024
    Figures.report("memory_peak_private_dirty_kib", peak)
    Figures.report("memory_buffers_kib", buffersKiB)
    Figures.report("memory_peak_beyond_buffers_kib", peak - buffersKiB)
    Figures.report("memory_private_dirty_kib", now.privateDirtyKiB)
    Figures.report("memory_private_clean_kib", now.privateCleanKiB)
    Figures.report("memory_peak_resident_kib", now.peakResidentKiB)
    Figures.report("memory_at_main_private_dirty_kib", atMain.privateDirtyKiB)
    Figures.report("memory_frames", application.statistics.presents)
    application.terminate()
}

/// The delegate of a `MemoryScene` other than the kiosk: builds it at launch.
@MainActor
final class SceneDelegate: ApplicationDelegate {
    let scene: MemoryScene
    var window: Window?
    var step: () -> Void = {}

    init(scene: MemoryScene) { self.scene = scene }

    func applicationDidFinishLaunching(_ application: Application) {
        let built = scene.build(in: application)
        window = built.window
        step = built.step
    }
}

/// Memory of a scene that must not cost memory by its views' size (issue 15): the first
/// frame, then 30 frames 20 ms apart (2 for the nested groups), each changing what
/// `MemoryScene` says, with a full redraw at the 10th and 20th; figures as `memory()` reports
/// them. Also the first frame's time (`memory_first_frame_us`).
@MainActor
func memory(scene: MemoryScene) {
    let atMain = MemoryReading.current()
    var peakDirty = atMain.privateDirtyKiB
    let platform = makePlatform()
    let delegate = SceneDelegate(scene: scene)
    let startedAt = KernelClock.monotonicNanoseconds()
    var reportedFirstFrame = false
    platform.epollMainLoop.addBeforeWaitingObserver {
        peakDirty = max(peakDirty, MemoryReading.current().privateDirtyKiB)
        if !reportedFirstFrame, platform.virtualDisplay.presentCount > 0 {
            reportedFirstFrame = true
            Figures.report("memory_first_frame_us", (KernelClock.monotonicNanoseconds() - startedAt) / 1000)
        }
    }
    var frame = 0
    // The nested groups take seconds a frame (each row of a band walks 2,000 levels): the
    // first frame and two changes only.
    let frames = scene == .nestedTranslucent ? 2 : 30
    LoopTimer.scheduled(on: platform.epollMainLoop, after: 0.02, repeats: true) { timer in
        guard let application = delegate.window?.application else { return }
        frame += 1
        delegate.step()
        if frame % 10 == 0, frames > 10, let window = delegate.window {
            @MainActor func mark(_ view: View) {
                view.setNeedsDisplay()
                for subview in view.subviews { mark(subview) }
            }
            mark(window)
            application.setNeedsFullRepaint()
        }
        guard frame == frames else { return }
        timer.invalidate()
        reportMemory(peakDirty: peakDirty, atMain: atMain, application: application, platform: platform)
    }
    Application.main(platform: platform, delegate: delegate)
}

/// Touch: a tree of `views` views `depth` deep, warmed up, then `frames` touch frames inside
/// `measuredTouchFrames` (the function an instruction counter is limited to).
@MainActor
func touch(views: Int, depth: Int, frames: Int, target: TouchDispatch.Target) {
    let dispatch = TouchDispatch(views: views, depth: depth, target: target)
    dispatch.deliverFrames(100)
    let arrived = measuredTouchFrames(dispatch, count: frames)
    Figures.report("touch_frames", frames)
    if !arrived {
        print("vitrine-bench-app: touch frames did not arrive where they should — dispatch is broken")
        exit(1)
    }
}

/// Frames: `count` frames of one kind on the headless display (ManualMainLoop), after a warm-up,
/// inside `measuredFrames` — for a profiler (callgrind) to say where a frame's time goes.
@MainActor
func frames(_ change: HeadlessFrames.Change, count: Int) {
    let frames = HeadlessFrames()
    for _ in 0..<3 { frames.frame(change) }
    let presented = measuredFrames(frames, change, count: count)
    Figures.report("frames", presented)
    if presented != count {
        print("vitrine-bench-app: \(count) frames asked for, \(presented) presented")
        exit(1)
    }
}

/// Frame counters: for each kind of change, the exact pixels composed, bytes copied and views
/// drawn of a steady-state frame (after three of its kind). package-benchmark keeps its
/// metrics in histograms of three significant digits, so `scripts/bench` takes the exact
/// counts from here.
@MainActor
func frameCounters() {
    let kinds: [(String, HeadlessFrames.Change)] = [
        ("full_repaint", .fullRepaint), ("full_redraw", .fullRedraw), ("button", .button), ("move", .moveView),
        ("label", .labelText),
    ]
    let frames = HeadlessFrames()
    for (name, change) in kinds {
        for _ in 0..<3 { frames.frame(change) }
        guard let counters = frames.frame(change) else {
            print("vitrine-bench-app: a \(name) change presented no frame")
            exit(1)
        }
        Figures.report("frame_\(name)_pixels_composed", counters.pixelsComposed)
        Figures.report("frame_\(name)_bytes_copied", counters.bytesCopied)
        Figures.report("frame_\(name)_views_drawn", counters.viewsDrawn)
        Figures.report("frame_\(name)_pixels_spared", counters.pixelsSpared)
    }
    Figures.report("frame_screen_views", frames.screen.viewCount)
}

/// List steps: a 100,000-row list scrolled `count` steps at 2,000 points per second, inside
/// `measuredListSteps` (for callgrind or a breakpoint on `malloc`); with `frames`, on the
/// headless 1920×1080 display, each step a whole frame.
@MainActor
func listSteps(count: Int, frames: Bool) {
    let list = ListScroll(rowCount: 100_000, frames: frames)
    _ = measuredListSteps(list, count: count)
    Figures.report("list_steps", count)
    Figures.report("list_cells_created", list.cellsCreated)
    if !list.showsTheRightRows() {
        print("vitrine-bench-app: the list does not show the rows on screen")
        exit(1)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
MainActor.assumeIsolated {
    switch arguments.first {
    case "idle":
        idle(seconds: arguments.count > 1 ? Double(arguments[1]) ?? 5 : 5)
    case "startup":
        startup()
    case "memory" where arguments.count == 1 || arguments[1] == MemoryScene.kiosk.rawValue:
        memory()
    case "memory" where arguments.count == 2:
        guard let scene = MemoryScene(rawValue: arguments[1]) else {
            print("vitrine-bench-app memory: SCENE is " + MemoryScene.allCases.map(\.rawValue).joined(separator: ", "))
            exit(2)
        }
        memory(scene: scene)
    case "touch" where (4...5).contains(arguments.count):
        let targets: [String: TouchDispatch.Target] = ["view": .view, "button": .button, "tap": .tapRecognizer]
        guard let views = Int(arguments[1]), let depth = Int(arguments[2]), let frames = Int(arguments[3]),
              depth >= 1, views > depth, frames > 0, let target = targets[arguments.count == 5 ? arguments[4] : "view"] else {
            print("vitrine-bench-app touch: VIEWS DEPTH FRAMES are whole numbers, VIEWS > DEPTH >= 1, FRAMES > 0; "
                  + "TARGET is view, button or tap")
            exit(2)
        }
        touch(views: views, depth: depth, frames: frames, target: target)
    case "frame-counters":
        frameCounters()
    case "scroll-frames" where (2...3).contains(arguments.count):
        // The steady scroll of the card list (Scroll-cards-2000pts; with `sideways`,
        // Scroll-cards-sideways-2000pts), for a profiler.
        guard let count = Int(arguments[1]), count > 0, arguments.count == 2 || arguments[2] == "sideways" else {
            print("vitrine-bench-app scroll-frames: COUNT > 0, then optionally sideways")
            exit(2)
        }
        let cards = ScrollingCards(sideways: arguments.count == 3)
        for _ in 0..<(2 * ScrollingCards.framesPerPass) { cards.frame() }
        let presented = measuredScrollFrames(cards, count: count)
        Figures.report("scroll_frames", presented)
        if presented != count { exit(1) }
    case "list-steps" where (2...3).contains(arguments.count):
        guard let count = Int(arguments[1]), count > 0, arguments.count == 2 || arguments[2] == "frames" else {
            print("vitrine-bench-app list-steps: COUNT > 0, then optionally `frames`")
            exit(2)
        }
        listSteps(count: count, frames: arguments.count == 3)
    case "key-taps" where arguments.count == 2:
        // Taps on the on-screen keyboard's "g" into a field (Keyboard-key-tap), after 50 to
        // warm up, for a profiler or heaptrack.
        guard let count = Int(arguments[1]), count > 0 else {
            print("vitrine-bench-app key-taps: COUNT > 0")
            exit(2)
        }
        let taps = KeyboardTaps()
        _ = measuredKeyTaps(taps, count: 50)
        let typed = measuredKeyTaps(taps, count: count)
        Figures.report("key_taps", count)
        if typed != count { exit(1) }
    case "frames" where arguments.count == 3:
        let changes: [String: HeadlessFrames.Change] = [
            "full-repaint": .fullRepaint, "full-redraw": .fullRedraw, "button": .button, "move": .moveView, "label": .labelText,
        ]
        guard let change = changes[arguments[1]], let count = Int(arguments[2]), count > 0 else {
            print("vitrine-bench-app frames: KIND is full-repaint, full-redraw, button, move or label; COUNT > 0")
            exit(2)
        }
        frames(change, count: count)
    default:
        print("usage: vitrine-bench-app idle [SECONDS] | startup | memory [SCENE] | touch VIEWS DEPTH FRAMES [view|button|tap] "
              + "| frames KIND COUNT | scroll-frames COUNT [sideways] | key-taps COUNT | frame-counters | list-steps COUNT [frames]")
        exit(2)
    }
}
