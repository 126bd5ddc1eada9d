import VitrineSeams

/// Reads an IIO accelerometer through sysfs: `in_accel_{x,y,z}_raw`, each converted with
/// `(raw + offset) × scale` (m/s², the IIO ABI) and divided by standard gravity.
///
/// Why sysfs and a timer rather than IIO's buffered interface (`/dev/iio:deviceN`, which an
/// epoll loop could wait on): the buffer needs a trigger (the driver's data-ready interrupt, or
/// an hrtimer trigger made through configfs), scan elements enabled and the buffer switched on,
/// all by writing sysfs attributes that belong to root, and it runs until someone switches it
/// off again. A kiosk app should not reconfigure the sensor for everyone, so this fallback reads
/// the attributes, which cannot be waited on, at the configured rate and only while started.
/// Boards whose sensor has an input driver (INPUT_PROP_ACCELEROMETER) never come here.
@MainActor
final class IIOAccelerometerReader {
    /// The device directory.
    let directory: String
    /// Sensor frame → panel frame.
    let matrix: MountMatrix
    /// The raw attributes, open while the reader lives.
    private let axes: (x: SysfsAttribute, y: SysfsAttribute, z: SysfsAttribute)
    /// `(raw + offset) × scale / g0` per axis.
    private let offset: (x: Double, y: Double, z: Double)
    private let gPerUnit: (x: Double, y: Double, z: Double)

    /// Standard gravity, m/s²: what IIO's m/s² are divided by to give g.
    static let standardGravity = 9.80665

    /// Whether `directory` is an IIO accelerometer this reader can read.
    static func isAccelerometer(_ directory: String) -> Bool {
        ["x", "y", "z"].allSatisfy { SysfsText.exists("\(directory)/in_accel_\($0)_raw") }
    }

    /// The notes the reader has for the log (a scale it had to assume).
    private(set) var notes: [String] = []

    /// Opens the raw attributes of `directory` and reads the scale and offset of each axis
    /// (`in_accel_x_scale`, else `in_accel_scale`; likewise `_offset`, 0 when absent).
    init(directory: String, matrix: MountMatrix) throws(AccelerometerError) {
        guard Self.isAccelerometer(directory) else { throw .notIIOAccelerometer(directory: directory) }
        self.directory = directory
        self.matrix = matrix
        var notes: [String] = []
        func attribute(_ axis: String, _ kind: String) -> String? {
            for name in ["in_accel_\(axis)_\(kind)", "in_accel_\(kind)"] where SysfsText.exists("\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
            return nil
        }
        func number(_ axis: String, _ kind: String, default value: Double) throws(AccelerometerError) -> Double {
            guard let path = attribute(axis, kind) else {
                if kind == "scale" {
                    notes.append("\(directory) has no in_accel_\(axis)_scale or in_accel_scale: assuming its raw \(axis) is in m/s²")
                }
                return value
            }
            return try SysfsText.readNumber(path).get()
        }
        let scaleX = try number("x", "scale", default: 1)
        let scaleY = try number("y", "scale", default: 1)
        let scaleZ = try number("z", "scale", default: 1)
        gPerUnit = (scaleX / Self.standardGravity, scaleY / Self.standardGravity, scaleZ / Self.standardGravity)
        let offsetX = try number("x", "offset", default: 0)
        let offsetY = try number("y", "offset", default: 0)
        let offsetZ = try number("z", "offset", default: 0)
        offset = (offsetX, offsetY, offsetZ)
        let x = try SysfsAttribute(path: "\(directory)/in_accel_x_raw")
        let y = try SysfsAttribute(path: "\(directory)/in_accel_y_raw")
        let z = try SysfsAttribute(path: "\(directory)/in_accel_z_raw")
        axes = (x, y, z)
        self.notes = notes
    }

    /// The acceleration now, in the panel's frame, or the error that stopped the reading.
    func sample() -> Result<Acceleration, AccelerometerError> {
        let x: Int, y: Int, z: Int
        switch axes.x.readInteger() {
        case .success(let value): x = value
        case .failure(let error): return .failure(error)
        }
        switch axes.y.readInteger() {
        case .success(let value): y = value
        case .failure(let error): return .failure(error)
        }
        switch axes.z.readInteger() {
        case .success(let value): z = value
        case .failure(let error): return .failure(error)
        }
        return .success(matrix.apply(x: (Double(x) + offset.x) * gPerUnit.x,
                                     y: (Double(y) + offset.y) * gPerUnit.y,
                                     z: (Double(z) + offset.z) * gPerUnit.z))
    }

    /// Closes the attributes, z to x (the reverse of opening); idempotent.
    func close() {
        axes.z.close()
        axes.y.close()
        axes.x.close()
    }
}
