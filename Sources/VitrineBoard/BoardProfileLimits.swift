// The bounds a profile's matrices must keep: beyond them a value is a typo or a corrupted file,
// never a real panel or sensor, and would make every touch or orientation meaningless (or
// non-finite further down).

extension BoardProfile.Touch {
    /// The bounds of `calibration`: each of the 6 numbers (the 4 coefficients and the 2 offsets,
    /// in normalised panel coordinates, where 1 is the whole width or height) within
    /// ±`coefficient` (16), and |a·e − b·d| (the share of the screen the panel maps onto) at
    /// least `determinant` (0.001). A real calibration is near the identity: its coefficients
    /// within ±2 and offsets within ±1.
    package static let calibrationLimits = (coefficient: 16.0, determinant: 0.001)
}

extension BoardProfile.Accelerometer {
    /// The bounds of `mount_matrix`: each of the 9 numbers within ±`element` (16), and the size
    /// of its determinant at least `determinant` (0.001), so it neither flattens nor shrinks the
    /// gravity vector to nothing. Real mount matrices hold 0, ±1 and, for a sensor mounted at an
    /// angle, sines and cosines.
    package static let mountMatrixLimits = (element: 16.0, determinant: 0.001)
}
