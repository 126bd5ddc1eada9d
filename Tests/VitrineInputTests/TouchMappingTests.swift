import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

struct CalibrationMatrixTests {
    @Test func valuesInLibInputOrderAndIdentity() throws {
        let matrix = try CalibrationMatrix(values: [0, 1, 0, -1, 0, 1])
        #expect(matrix == CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        #expect(matrix.values == [0, 1, 0, -1, 0, 1])
        #expect(!matrix.isIdentity)
        #expect(CalibrationMatrix.identity.isIdentity)
        let p = matrix.apply(x: 0.25, y: 0.75)
        #expect(p.x == 0.75 && p.y == 0.75)
    }

    @Test func badValuesAreRejectedWithTheReason() {
        #expect(throws: InputError.self) { try CalibrationMatrix(values: [1, 0, 0, 0, 1]) }
        do {
            _ = try CalibrationMatrix(values: [1, 0, 0, 0, 1])
            Issue.record("five values were accepted")
        } catch {
            #expect(error.description.contains("has 5 values; it needs six"))
        }
        #expect(throws: InputError.self) { try CalibrationMatrix(values: [1, 0, .nan, 0, 1, 0]) }
        do {
            _ = try CalibrationMatrix(values: [1, 2, 0, 2, 4, 0])
            Issue.record("a singular matrix was accepted")
        } catch {
            #expect(error.description.contains("onto a line"))
            #expect(error.description.contains("fix the board profile"))
        }
    }

    @Test func invertedUndoesTheMatrix() throws {
        let matrix = CalibrationMatrix(a: 0.1, b: -1.2, c: 1.05, d: 0.9, e: 0.05, f: -0.02)
        let inverse = try #require(matrix.inverted)
        for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.3, 0.7), (1.0, 1.0)] {
            let there = matrix.apply(x: x, y: y)
            let back = inverse.apply(x: there.x, y: there.y)
            #expect(abs(back.x - x) < 1e-12 && abs(back.y - y) < 1e-12)
        }
        #expect(CalibrationMatrix(a: 1, b: 1, c: 0, d: 1, e: 1, f: 0).inverted == nil)
    }
}

struct TouchMappingTests {
    @Test func panelPixelsBecomePointsAtTheScale() {
        let mapping = TouchMapping(scale: 2)
        let p = mapping.screenPoint(panelX: 100, panelY: 50, panelWidth: 800, panelHeight: 480, rotation: .none,
                                    calibrating: true)
        #expect(p == Point(x: 50, y: 25))
    }

    @Test func calibrationWorksOnNormalisedCoordinatesAndOnlyWhenAsked() {
        // Axes swapped: the controller's x is the panel's y.
        let mapping = TouchMapping(calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0))
        let calibrated = mapping.screenPoint(panelX: 400, panelY: 120, panelWidth: 800, panelHeight: 480,
                                             rotation: .none, calibrating: true)
        #expect(calibrated == Point(x: 200, y: 240)) // (0.5, 0.25) → (0.25, 0.5)
        let asGiven = mapping.screenPoint(panelX: 400, panelY: 120, panelWidth: 800, panelHeight: 480,
                                          rotation: .none, calibrating: false)
        #expect(asGiven == Point(x: 400, y: 120))
    }

    /// The display turns scene pixels onto the panel with `ScreenRotation.transform`; a touch on
    /// the panel must land on the scene pixel shown there, for every rotation and scale.
    @Test(arguments: ScreenRotation.allCases)
    func touchAndPictureAgreeForEveryRotation(rotation: ScreenRotation) {
        let panel = (width: 800, height: 480)
        let scene = rotation.rotatedSize(width: panel.width, height: panel.height)
        let toPanel = rotation.transform(sceneWidth: scene.width, sceneHeight: scene.height)
        for scale in [1.0, 1.5, 2.0] {
            let mapping = TouchMapping(scale: scale)
            for scenePoint in [Point(x: 0, y: 0), Point(x: 17.5, y: 301), Point(x: Double(scene.width) - 1, y: 3),
                               Point(x: 5, y: Double(scene.height) - 0.5)] {
                let onPanel = scenePoint.applying(toPanel)
                let back = mapping.screenPoint(panelX: onPanel.x, panelY: onPanel.y, panelWidth: panel.width,
                                               panelHeight: panel.height, rotation: rotation, calibrating: true)
                #expect(approximatelyEqual(back, Point(x: scenePoint.x / scale, y: scenePoint.y / scale)), "\(rotation) ×\(scale) \(scenePoint)")
            }
        }
    }

    @Test func quarterTurnCornersByHand() {
        // 90° clockwise: the scene's top-left corner is shown at the panel's top-right.
        let mapping = TouchMapping()
        let p = mapping.screenPoint(panelX: 799, panelY: 0, panelWidth: 800, panelHeight: 480, rotation: .clockwise90,
                                    calibrating: true)
        #expect(p == Point(x: 0, y: 1))
        let q = mapping.screenPoint(panelX: 0, panelY: 479, panelWidth: 800, panelHeight: 480, rotation: .clockwise270,
                                    calibrating: true)
        #expect(q == Point(x: 1, y: 0))
    }

    @MainActor @Test func readsTheDisplayAtEachCall() {
        let display = TestDisplay(width: 800, height: 480)
        let mapping = TouchMapping()
        #expect(mapping.screenPoint(panelX: 10, panelY: 20, on: display, calibrating: true) == Point(x: 10, y: 20))
        display.rotation = .upsideDown
        #expect(mapping.screenPoint(panelX: 10, panelY: 20, on: display, calibrating: true) == Point(x: 790, y: 460))
    }
}

struct InputConfigurationTests {
    @Test func defaultsAreALockedDownKiosk() throws {
        let configuration = InputConfiguration()
        #expect(configuration.devices == .seat("seat0"))
        #expect(!configuration.allowsVTSwitching)
        #expect(configuration.pointerDrivesTouch)
        #expect(configuration.wheelPointsPerDetent == 40)
        #expect(configuration.calibration.isIdentity)
        #expect(configuration.keymap == KeymapNames(rules: "evdev", model: "pc105", layout: "us"))
        #expect(!configuration.allowsNoDevices)
        try configuration.validate()
    }

    @Test func validationNamesWhatIsWrong() {
        func message(_ configuration: InputConfiguration) -> String {
            do {
                try configuration.validate()
                return ""
            } catch {
                return error.description
            }
        }
        #expect(message(InputConfiguration(devices: .paths([]))).contains("no input device paths"))
        #expect(message(InputConfiguration(devices: .paths(["event3"]))).contains("\"event3\" is not absolute"))
        #expect(message(InputConfiguration(devices: .seat(""))).contains("seat name is empty"))
        #expect(message(InputConfiguration(wheelPointsPerDetent: 0)).contains("wheel points per detent"))
        #expect(message(InputConfiguration(wheelPointsPerDetent: .infinity)).contains("wheel points per detent"))
    }
}
