import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

/// A list of 300 rows ("Row 0"…), filling the screen: the scene of the flick test, built the
/// same way on the kernel and headless.
@MainActor
final class ListScene: TableViewDataSource {
    let table: TableView

    init(in window: Window) {
        table = TableView(frame: window.bounds, style: .plain)
        table.rowHeight = 64
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        window.addSubview(table)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 300 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = "Row \(indexPath.row)"
        return cell
    }
}

extension KernelRing {
    /// Scrolling driven by a real touchscreen: uinput, the kernel, libinput and the scroll
    /// view's pan and momentum, shown through vkms.
    @Suite("Scrolling through the kernel")
    @MainActor
    struct ScrollingOnTheKernel {
        static let width = 1024, height = 768

        @Test("a uinput flick scrolls a list with momentum; at rest the writeback frame equals the headless render of the same offset")
        func flickOnAList() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let scene = ListScene(in: kernel.window)
            #expect(kernel.settle())
            let capture = try WritebackCapture(device: kernel.display.device, crtcID: kernel.display.pipeline.crtcID,
                                               width: Self.width, height: Self.height)
            defer { capture.close() }

            // Up 360 pixels in six moves a frame apart, then lift while moving: a flick.
            let fingers = TouchWriter(screen)
            fingers.down(0, x: Self.width / 2, y: 620)
            fingers.frame()
            kernel.driver.run(for: 0.016)
            for step in 1...6 {
                fingers.move(0, x: Self.width / 2, y: 620 - step * 60)
                fingers.frame()
                kernel.driver.run(for: 0.016)
            }
            fingers.up(0)
            fingers.frame()
            #expect(kernel.driver.run(until: { scene.table.isDecelerating }, timeout: 10), "the lift did not start momentum")
            #expect(kernel.driver.run(until: { !scene.table.isDecelerating && !scene.table.isDragging }, timeout: 30),
                    "the list never came to rest")
            // The indicator fades half a second after rest; then nothing is left to draw.
            #expect(kernel.driver.run(until: { (scene.table.verticalScrollIndicator?.alpha ?? 0) == 0 }, timeout: 10))
            #expect(kernel.settle())
            let rest = scene.table.contentOffset
            #expect(rest.y > 360, "the flick should coast past the finger's travel; it rested at \(rest.y)")
            #expect(rest.y == rest.y.rounded(), "a list rests on whole pixels")
            #expect(kernel.app.touchPool.activeCount == 0)

            let reference = HeadlessReference(mode: DisplayMode(width: Self.width, height: Self.height), rotation: .none)
            let referenceScene = ListScene(in: reference.window)
            reference.settle()
            referenceScene.table.contentOffset = rest
            reference.settle()
            PictureCheck.expectEqual(try capture.capture(), try #require(reference.shownFrame()), name: "list-flick-rest")
            print("list flick: rested at \(rest.y) points")
            #expect(kernel.unexpectedLogMessages.isEmpty, "the backends complained: \(kernel.unexpectedLogMessages)")
        }

        /// An opaque scroll view of coloured rows with a header above it, the same on the
        /// kernel and headless.
        static func stripes(in window: Window) -> ScrollView {
            let header = View(frame: Rect(x: 0, y: 0, width: Double(width), height: 96))
            header.backgroundColor = Color(rgb: 0x1B2A41)
            window.addSubview(header)
            let scroll = ScrollView(frame: Rect(x: 0, y: 96, width: Double(width), height: Double(height) - 96))
            scroll.backgroundColor = Color(rgb: 0xF4F1EA)
            scroll.contentSize = Size(width: Double(width), height: 40 * 60)
            for row in 0..<40 {
                let stripe = View(frame: Rect(x: 24, y: Double(row) * 60 + 6, width: Double(width) - 48, height: 48))
                stripe.backgroundColor = Color(red: Double(row % 7) / 7, green: Double(row % 5) / 5, blue: Double(row % 3) / 3)
                stripe.cornerRadius = 10
                scroll.addSubview(stripe)
            }
            window.addSubview(scroll)
            return scroll
        }

        @Test("a scroll by whole pixels turns the area's rows, or moves it and writes it to the DRM buffer in one pass; the writeback frame equals the headless render at each offset")
        func oneMoveAndCopyPerFrame() throws {
            let kernel = try KernelApp()
            defer { kernel.shutdown() }
            let scroll = Self.stripes(in: kernel.window)
            #expect(kernel.settle())
            let capture = try WritebackCapture(device: kernel.display.device, crtcID: kernel.display.pipeline.crtcID,
                                               width: Self.width, height: Self.height)
            defer { capture.close() }
            let reference = HeadlessReference(mode: DisplayMode(width: Self.width, height: Self.height), rotation: .none)
            let referenceScroll = Self.stripes(in: reference.window)
            reference.settle()
            // First as the compositor scrolls by default (the area's stored rows turned, read
            // out through them), then by moving pixels (moved and written out in one pass).
            for turns in [true, false] {
                kernel.app.compositor?.turnsScrolledAreas = turns
                for offset in turns ? [48.0, 49, 300, 170, 7, 230] : [40.0, 41, 290, 180, 9, 220] {
                    scroll.contentOffset = Point(x: 0, y: offset)
                    #expect(kernel.settle())
                    let frame = kernel.app.statistics.lastFrame
                    #expect(frame.pixelsMoved > 0, "offset \(offset): the area was repainted, not moved")
                    if turns {
                        #expect(kernel.app.compositor?.turnedBand != nil, "offset \(offset): no band turned")
                        #expect(kernel.display.lastPixelsMovedAhead == 0, "offset \(offset): pixels moved while the band turns")
                    } else {
                        #expect(kernel.display.lastPixelsMovedAhead == frame.pixelsMoved,
                                "offset \(offset): \(kernel.display.lastPixelsMovedAhead) of \(frame.pixelsMoved) moved pixels written in one pass")
                    }
                    referenceScroll.contentOffset = Point(x: 0, y: offset)
                    reference.settle()
                    PictureCheck.expectEqual(try capture.capture(), try #require(reference.shownFrame()),
                                             name: "scroll-\(turns ? "turned" : "one-pass")-\(Int(offset))")
                }
            }
            #expect(kernel.unexpectedLogMessages.isEmpty, "the backends complained: \(kernel.unexpectedLogMessages)")
        }
    }
}
