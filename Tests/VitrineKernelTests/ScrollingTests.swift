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
    }
}
