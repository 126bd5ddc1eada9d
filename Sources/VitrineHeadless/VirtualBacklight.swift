import VitrineSeams

/// The headless backlight: holds a level and records every level written, for tests of
/// `Screen.brightness`, dimming and fades. Follows the `Backlight` contract (it never fails).
@MainActor
public final class VirtualBacklight: Backlight {
    /// The name given at creation.
    public let name: String
    /// The level last written (or the initial one).
    public private(set) var level: Double
    /// Every level written, oldest first, with the time (on `clock`) it was written.
    public private(set) var writes: [(time: Double, level: Double)] = []

    private let clock: any TimeSource

    /// Creates a backlight called `name` at `level`, stamping writes with `clock`'s time.
    public init(name: String = "virtual", level: Double = 1, clock: any TimeSource) {
        self.name = name
        self.level = level
        self.clock = clock
    }

    /// Records `level` and holds it.
    public func setLevel(_ level: Double) {
        self.level = level
        writes.append((clock.now, level))
    }
}
