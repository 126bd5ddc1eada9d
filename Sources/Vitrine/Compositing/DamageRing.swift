import VitrineGraphics

/// The damage of the last few frames, so that a buffer of a given age can be brought up to date
/// by copying only what changed since it was last shown (wlroots' damage ring).
///
/// Regions are in scene pixels. What it returns follows `DamagePolicy`: a region of more than
/// `rectangleCap` rectangles is replaced by its bounding box.
public struct DamageRing: Sendable {
    /// How many past frames are remembered (a buffer older than this is copied whole).
    public let capacity: Int
    /// The most rectangles a returned region has before it is replaced by its bounding box
    /// (`DamagePolicy.maximumRectangles`; another value only in tests).
    public let rectangleCap: Int
    /// The whole scene: what an unknown or too-old buffer needs.
    public private(set) var bounds: PixelRect
    /// Newest first.
    private var frames: [Region] = []

    /// A ring over a scene of `bounds`, remembering `capacity` frames.
    public init(bounds: PixelRect, capacity: Int = 4, rectangleCap: Int = DamagePolicy.maximumRectangles) {
        precondition(capacity >= 1 && rectangleCap >= 1)
        self.bounds = bounds
        self.capacity = capacity
        self.rectangleCap = rectangleCap
    }

    /// Records the damage of a frame that was just presented.
    public mutating func add(_ damage: Region) {
        frames.insert(damage.intersection(bounds), at: 0)
        if frames.count > capacity { frames.removeLast() }
    }

    /// What a buffer of `age` lacks, given the current frame's `damage` (not yet added): the
    /// union of this frame's damage and the `age - 1` frames before it. Age 0 (unknown) or an age
    /// beyond what is remembered gives the whole scene.
    public func damage(forBufferAge age: Int, current damage: Region) -> Region {
        guard age >= 1, age - 1 <= frames.count else { return Region(bounds) }
        var region = damage.intersection(bounds)
        for frame in frames.prefix(age - 1) { region.formUnion(frame) }
        return capped(region)
    }

    /// Forgets every frame (after a mode change or power-on: no buffer can be trusted).
    public mutating func reset(bounds: PixelRect) {
        self.bounds = bounds
        // Keeping the storage: a full repaint (which resets the ring) allocates nothing.
        frames.removeAll(keepingCapacity: true)
    }

    /// `region`, or its bounding box when it has more than `rectangleCap` rectangles.
    public func capped(_ region: Region) -> Region {
        DamagePolicy.capped(region, maximumRectangles: rectangleCap)
    }
}
