import VitrineSeams

/// How an accelerometer chip sits on the board: the 3×3 matrix that turns a vector in the
/// **sensor's frame** into the **panel's frame** (`Acceleration`'s: x towards the panel's right
/// edge, y towards its top edge, z out of the screen), `panel = M · sensor`.
///
/// Row-major, in the form of the IIO `mount_matrix` / `in_accel_mount_matrix` sysfs attribute
/// and of udev's `ACCEL_MOUNT_MATRIX` (systemd's 60-sensor.hwdb): `"x0, y0, z0; x1, y1, z1;
/// x2, y2, z2"`, where row *i* says how much of the sensor's x, y and z make up the panel's
/// axis *i*. The identity means the chip's axes are the panel's. A chip turned 90° clockwise
/// (its x along the panel's down direction, its y along the panel's right) is
/// `"0, 1, 0; -1, 0, 0; 0, 0, 1"`.
public struct MountMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The nine entries, row by row.
    public private(set) var rows: [[Double]]

    /// The identity: the sensor's axes are the panel's.
    public static let identity = MountMatrix(uncheckedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    private init(uncheckedRows rows: [[Double]]) {
        self.rows = rows
    }

    /// Creates the matrix with `rows` (three rows of three finite numbers). Throws
    /// `AccelerometerError.invalidMountMatrix` when the shape is wrong, an entry is not finite,
    /// a row is all zeros, or the matrix is singular (it would flatten the vector).
    public init(rows: [[Double]]) throws(AccelerometerError) {
        let text = MountMatrix.format(rows)
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else {
            throw .invalidMountMatrix(text: text, reason: "it needs three rows of three numbers")
        }
        guard rows.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
            throw .invalidMountMatrix(text: text, reason: "every entry must be a finite number")
        }
        try MountMatrix.validate(rows, text: text)
        self.rows = rows
    }

    /// Creates the matrix from its nine entries, row by row (a board profile's
    /// `mount_matrix`). Throws as `init(rows:)` does.
    public init(rowMajor entries: [Double]) throws(AccelerometerError) {
        guard entries.count == 9 else {
            throw .invalidMountMatrix(text: entries.map { "\($0)" }.joined(separator: ", "),
                                      reason: "it has \(entries.count) numbers where 9 are needed")
        }
        try self.init(rows: [Array(entries[0..<3]), Array(entries[3..<6]), Array(entries[6..<9])])
    }

    /// Parses the sysfs/udev form, `"1, 0, 0; 0, 1, 0; 0, 0, 1"`: rows separated by `;`,
    /// entries by `,`, spaces and a trailing newline ignored. Throws
    /// `AccelerometerError.invalidMountMatrix` saying what is wrong.
    public init(parsing text: String) throws(AccelerometerError) {
        let shown = SysfsText.trimmed(text)
        let rowTexts = shown.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else {
            throw .invalidMountMatrix(text: shown, reason: "it has \(rowTexts.count) row\(rowTexts.count == 1 ? "" : "s") where 3 are needed, separated by ';'")
        }
        var rows: [[Double]] = []
        for (index, rowText) in rowTexts.enumerated() {
            let entries = rowText.split(separator: ",", omittingEmptySubsequences: false)
            guard entries.count == 3 else {
                throw .invalidMountMatrix(text: shown, reason: "row \(index + 1) has \(entries.count) entr\(entries.count == 1 ? "y" : "ies") where 3 are needed, separated by ','")
            }
            var row: [Double] = []
            for entry in entries {
                let trimmed = SysfsText.trimmed(entry)
                guard let number = Double(trimmed), number.isFinite else {
                    throw .invalidMountMatrix(text: shown, reason: "'\(trimmed)' in row \(index + 1) is not a number")
                }
                row.append(number)
            }
            rows.append(row)
        }
        try MountMatrix.validate(rows, text: shown)
        self.rows = rows
    }

    /// `sensor` turned into the panel's frame: `M · sensor`.
    public func apply(x: Double, y: Double, z: Double) -> Acceleration {
        Acceleration(x: rows[0][0] * x + rows[0][1] * y + rows[0][2] * z,
                     y: rows[1][0] * x + rows[1][1] * y + rows[1][2] * z,
                     z: rows[2][0] * x + rows[2][1] * y + rows[2][2] * z)
    }

    /// The sysfs/udev form, `"1, 0, 0; 0, 1, 0; 0, 0, 1"` (whole numbers without a decimal point).
    public var description: String { MountMatrix.format(rows) }

    private static func format(_ rows: [[Double]]) -> String {
        rows.map { row in
            row.map { $0 == $0.rounded() && abs($0) < 1e15 ? "\(Int($0))" : "\($0)" }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    private static func validate(_ rows: [[Double]], text: String) throws(AccelerometerError) {
        let axes = ["x", "y", "z"]
        for (index, row) in rows.enumerated() where row.allSatisfy({ $0 == 0 }) {
            throw .invalidMountMatrix(text: text, reason: "row \(index + 1) is all zeros: the panel's \(axes[index]) axis would always read 0")
        }
        let determinant = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
            - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
            + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
        guard abs(determinant) > 1e-9 else {
            throw .invalidMountMatrix(text: text, reason: "its rows are not independent (determinant 0): two panel axes would read the same sensor direction")
        }
    }
}
