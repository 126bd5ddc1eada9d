import VitrineSeams
import VitrineGraphics

/// Turns a position on the panel into a position on the screen, the one way every touch and
/// absolute pointer takes (ARCHITECTURE.md: "translate at the edge"):
///
/// 1. panel pixels (libinput's `x_transformed(mode.width)`, `y_transformed(mode.height)`),
/// 2. → the calibration matrix, on normalised panel coordinates, unless libinput applied it
///    already (`calibrating: false`),
/// 3. → the display's rotation (`ScreenRotation.scenePoint(fromPanel:…)`, the very value the
///    display turns the picture by) into scene pixels,
/// 4. → divided by the screen scale into screen **points**.
///
/// A value: it does no I/O and allocates nothing.
public struct TouchMapping: Sendable, Hashable {
    /// The touchscreen's calibration (identity: none).
    public var calibration: CalibrationMatrix
    /// Pixels per point of the screen.
    public var scale: Double

    /// Creates a mapping with `calibration` for a screen of `scale` pixels per point.
    public init(calibration: CalibrationMatrix = .identity, scale: Double = 1) {
        precondition(scale > 0 && scale.isFinite, "the screen scale must be a positive number, got \(scale)")
        self.calibration = calibration
        self.scale = scale
    }

    /// The screen point (points, origin top-left of the upright screen) touched at panel pixel
    /// (`panelX`, `panelY`) of a `panelWidth`×`panelHeight` panel showing the scene turned by
    /// `rotation`. `calibrating` applies `calibration` (false when libinput applied it).
    public func screenPoint(panelX: Double, panelY: Double, panelWidth: Int, panelHeight: Int,
                            rotation: ScreenRotation, calibrating: Bool) -> Point {
        let width = Double(panelWidth), height = Double(panelHeight)
        var x = panelX, y = panelY
        if calibrating && width > 0 && height > 0 {
            let calibrated = calibration.apply(x: x / width, y: y / height)
            x = calibrated.x * width
            y = calibrated.y * height
        }
        let scene = rotation.swapsAxes ? (width: height, height: width) : (width: width, height: height)
        let p = rotation.scenePoint(fromPanel: Point(x: x, y: y), sceneWidth: scene.width, sceneHeight: scene.height)
        return Point(x: p.x / scale, y: p.y / scale)
    }

    /// The screen point touched at panel pixel (`panelX`, `panelY`) of `display`, reading its
    /// mode and rotation now, so a rotation changed at run time applies to the next touch.
    @MainActor
    public func screenPoint(panelX: Double, panelY: Double, on display: any Display, calibrating: Bool) -> Point {
        let mode = display.mode
        return screenPoint(panelX: panelX, panelY: panelY, panelWidth: mode.width, panelHeight: mode.height,
                           rotation: display.rotation, calibrating: calibrating)
    }
}
