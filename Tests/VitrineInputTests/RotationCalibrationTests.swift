import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineInput

/// For every rotation, with a touch controller mounted swapped, flipped, scaled and offset
/// against its panel: a finger on the panel where a corner view is *shown* (found in the
/// virtual display's buffer, panel pixels) touches that view — through the calibration applied
/// by the source, and through the calibration libinput applies itself.
@MainActor
struct RotationCalibrationTests {
    /// What the controller reports, normalised, for a finger at normalised panel point p is
    /// `mounting(p)`; the board's calibration undoes it.
    static let calibration = CalibrationMatrix(a: 0, b: -1.1, c: 1.05, d: 0.9, e: 0, f: 0.05)

    private struct Corner {
        let name: String
        let color: UInt32
        let view: TouchRecorder
    }

    @Test(arguments: ScreenRotation.allCases)
    func aTouchAtEachCornerLandsOnTheViewShownThere(rotation: ScreenRotation) throws {
        let h = try AppHarness(width: 800, height: 480, rotation: rotation, scale: 2,
                               configuration: InputConfiguration(calibration: Self.calibration)) {
            $0.addTouchscreen(1, supportsCalibration: false)
            $0.addTouchscreen(2, supportsCalibration: true)
        }
        #expect(h.source.devices.map(\.isCalibratedByLibInput) == [false, true])
        let bounds = h.window.bounds
        let size = Size(width: 40, height: 30)
        let corners = [
            Corner(name: "top-left", color: 0xFF0000,
                   view: TouchRecorder(frame: Rect(origin: Point(x: 0, y: 0), size: size), color: 0xFF0000)),
            Corner(name: "top-right", color: 0x00FF00,
                   view: TouchRecorder(frame: Rect(origin: Point(x: bounds.width - 40, y: 0), size: size), color: 0x00FF00)),
            Corner(name: "bottom-left", color: 0x0000FF,
                   view: TouchRecorder(frame: Rect(origin: Point(x: 0, y: bounds.height - 30), size: size), color: 0x0000FF)),
            Corner(name: "bottom-right", color: 0xFFFF00,
                   view: TouchRecorder(frame: Rect(origin: Point(x: bounds.width - 40, y: bounds.height - 30), size: size),
                                       color: 0xFFFF00)),
        ]
        for corner in corners { h.window.addSubview(corner.view) }
        h.showFrame()
        let panel = try #require(h.display.shownBuffer)
        #expect(panel.width == 800 && panel.height == 480)
        let mounting = try #require(Self.calibration.inverted)

        for corner in corners {
            // Where the picture shows the view, in panel pixels.
            let shown = try #require(boundingBox(of: corner.color, in: panel), "\(corner.name) not shown at \(rotation)")
            #expect(shown.width * shown.height == (rotation.swapsAxes ? 60 * 80 : 80 * 60), "\(corner.name) at \(rotation)")
            let touchesPanelCorner = (shown.x == 0 || shown.maxX == 800) && (shown.y == 0 || shown.maxY == 480)
            #expect(touchesPanelCorner, "\(corner.name) at \(rotation) is shown at \(shown)")
            let centre = (x: Double(shown.x) + Double(shown.width) / 2, y: Double(shown.y) + Double(shown.height) / 2)
            let reported = mounting.apply(x: centre.x / 800, y: centre.y / 480)

            for device in [RawDeviceHandle(1), RawDeviceHandle(2)] {
                let before = corner.view.log.count
                h.fake.down(device, slot: 0, x: reported.x, y: reported.y)
                h.fake.frame(device)
                h.run()
                #expect(corner.view.log.count == before + 1 && corner.view.log.last == "began 1",
                        "\(corner.name) at \(rotation), device \(device): \(corner.view.log)")
                let location = try #require(corner.view.locations.last)
                let frame = corner.view.frame
                #expect(abs(location.x - frame.midX) < 1e-6 && abs(location.y - frame.midY) < 1e-6,
                        "\(corner.name) at \(rotation), device \(device): touched \(location), view centre (\(frame.midX), \(frame.midY))")
                h.fake.up(device, slot: 0)
                h.fake.frame(device)
                h.run()
            }
        }
        // No touch strayed onto another corner: each view heard exactly its own two fingers.
        for corner in corners { #expect(corner.view.log == ["began 1", "ended 1", "began 1", "ended 1"]) }
    }

    /// The smallest rectangle holding every pixel of `color` (0xRRGGBB) in a 32-bit surface.
    private func boundingBox(of color: UInt32, in surface: Surface) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.word(x: x, y: y) & 0xFF_FFFF == color {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
