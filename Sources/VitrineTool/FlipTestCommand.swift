import ArgumentParser
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineLinux

/// `vitrine flip-test`: modesets, shows N frames (a bar sweeping across the screen, each frame
/// presenting only what changed), one per flip event, prints the intervals between the flips'
/// vblank timestamps and restores the screen. What the VM ring runs on vkms to prove the
/// backend on a real kernel.
struct FlipTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flip-test",
        abstract: "Show N frames flipped on vblank, print the intervals between flips, restore the screen.",
        discussion: """
            Exits with 3 when there is no DRM device, 4 on permission denied, 5 when another client \
            holds DRM master, 6 when not every flip completed before the timeout.
            """)

    @Option(help: "The device node (default: the first card with a connected display).")
    var device: String?

    @Option(help: "The connector, as the kernel names it (HDMI-A-1, DSI-1, Virtual-1).")
    var connector: String?

    @Option(help: "The mode, WxH or WxH@R (default: the preferred mode).")
    var mode: String?

    @Option(help: "Frames to flip.")
    var frames = 120

    @Option(help: "Buffers to cycle through: 2 or 3.")
    var buffers = 2

    @Option(help: "Rotation of the picture, clockwise: 0, 90, 180 or 270.")
    var rotation = 0

    @Flag(help: "Use legacy SetCrtc/PageFlip even when the driver is atomic.")
    var legacy = false

    @Flag(help: "Rotate in software even when the plane could.")
    var softwareRotation = false

    @Flag(help: "Scan out RGB565 instead of XRGB8888.")
    var rgb565 = false

    @Option(help: "Seconds to wait for all flips before giving up.")
    var timeout: Double = 10

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard frames > 0 else { throw ValidationError("--frames must be at least 1") }
        guard (2...3).contains(buffers) else { throw ValidationError("--buffers must be 2 or 3") }
        guard ScreenRotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        if let mode, ModeRequest(mode) == nil { throw ValidationError("--mode must be WxH or WxH@R, like 1024x768@60") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let command = self
        let status = MainActor.assumeIsolated { command.runOnMainActor() }
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private func runOnMainActor() -> Int32 {
        let loop: EpollMainLoop
        do { loop = try EpollMainLoop() } catch {
            printError("vitrine: \(error)")
            return 1
        }
        defer { loop.close() }
        let configuration = DRMDisplay.Configuration(
            connectorName: connector, mode: mode.flatMap(ModeRequest.init), rotation: ScreenRotation(rawValue: rotation) ?? .none,
            pixelFormat: rgb565 ? .rgb565 : .xrgb8888, bufferCount: buffers, modesetting: legacy ? .legacy : .automatic,
            allowsPlaneRotation: !softwareRotation)
        let display: DRMDisplay
        do { display = try DRMDisplay.open(path: device, configuration: configuration, mainLoop: loop) } catch {
            printError("vitrine: \(error)")
            return ToolExit.code(for: error)
        }
        defer { display.restore() }

        let sweep = SweepPattern(display: display)
        var timestamps: [Double] = []
        var timedOut = false
        let wanted = frames
        display.frameHandler = { timing in
            timestamps.append(timing.timestamp)
            if timestamps.count >= wanted { loop.stop() }
        }
        loop.addBeforeWaitingObserver {
            if sweep.presented < wanted, !display.isFlipPending, display.isPoweredOn { sweep.presentNext() }
        }
        LoopTimer.scheduled(on: loop, after: timeout) { _ in
            timedOut = true
            loop.stop()
        }
        loop.wakeUp()
        loop.run()

        let report = FlipTestReport(display: display, timestamps: timestamps, frames: wanted, timedOut: timedOut)
        print(json ? report.json : report.text, terminator: json ? "" : "\n")
        return timestamps.count >= wanted ? 0 : ToolExit.flipsMissing
    }
}

/// What `flip-test` prints.
@MainActor
struct FlipTestReport {
    let display: DRMDisplay
    let timestamps: [Double]
    let frames: Int
    let timedOut: Bool

    /// Milliseconds between consecutive flips.
    var intervals: [Double] { zip(timestamps.dropFirst(), timestamps).map { ($0 - $1) * 1000 } }

    var text: String {
        let p = display.pipeline
        var out = "\(display.device.path): \(p.connectorName) \(p.mode), CRTC \(p.crtcID), "
            + "\(display.usesAtomic ? "atomic" : "legacy"), \(display.bufferCount) × \(display.pixelFormat), "
            + "rotation \(display.rotation) (\(display.usesPlaneRotation ? "plane" : "copy")), "
            + "FB_DAMAGE_CLIPS \(display.sendsDamageClips ? "yes" : "no")\n"
        out += "flips: \(timestamps.count) of \(frames)\(timedOut ? " (timed out)" : "")\n"
        let i = intervals
        if let low = i.min(), let high = i.max() {
            let mean = i.reduce(0, +) / Double(i.count)
            out += "interval: min \(DeviceReport.fixed2(low)) ms, mean \(DeviceReport.fixed2(mean)) ms, "
                + "max \(DeviceReport.fixed2(high)) ms (a vblank is \(DeviceReport.fixed2(1000 / display.mode.refreshRate)) ms)"
        }
        return out
    }

    var json: String {
        let p = display.pipeline
        return ReportJSON.encode(JSON(
            device: display.device.path, connector: p.connectorName, mode: p.mode.description, crtc: p.crtcID,
            atomic: display.usesAtomic, buffers: display.bufferCount, format: display.pixelFormat.description,
            rotation: display.rotation.rawValue, planeRotation: display.usesPlaneRotation,
            damageClips: display.sendsDamageClips, frames: frames, flips: timestamps.count, timedOut: timedOut,
            vblankMs: DeviceReport.hundredths(1000 / display.mode.refreshRate),
            intervalsMs: intervals.map(DeviceReport.hundredths)))
    }

    /// The JSON object: what was tested and what the flips took (milliseconds, two decimals).
    struct JSON: Encodable {
        var device: String, connector: String, mode: String, crtc: UInt32, atomic: Bool, buffers: Int
        var format: String, rotation: Int, planeRotation: Bool, damageClips: Bool
        var frames: Int, flips: Int, timedOut: Bool, vblankMs: Double, intervalsMs: [Double]
    }
}
