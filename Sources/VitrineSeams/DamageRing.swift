import VitrineGraphics

/// The damage of the last few frames, so that a buffer of a given age can be brought up to date
/// by copying only what changed since it was last shown (wlroots' damage ring).
///
/// Regions are in scene pixels. What it returns follows `DamagePolicy`: a region of more than
/// `rectangleCap` rectangles is replaced by its bounding box. Its frames are kept in slots whose
/// regions are reused (copied into, never shared with the caller's), so that adding a frame and
/// `damage(forBufferAge:current:into:)` allocate nothing once warm.
public struct DamageRing: Sendable {
    /// How many past frames are remembered (a buffer older than this is copied whole).
    public let capacity: Int
    /// The most rectangles a returned region has before it is replaced by its bounding box
    /// (`DamagePolicy.maximumRectangles`; another value only in tests).
    public let rectangleCap: Int
    /// The whole scene: what an unknown or too-old buffer needs.
    public private(set) var bounds: PixelRect
    /// `capacity` slots, used as a ring: the newest frame is at `newest`, the one before it
    /// at `newest - 1` (wrapping), and so on for `count` frames.
    private var frames: [Region]
    /// The slot of the newest frame.
    private var newest = 0
    /// How many frames are remembered.
    private var count = 0

    /// A ring over a scene of `bounds`, remembering `capacity` frames.
    public init(bounds: PixelRect, capacity: Int = 4, rectangleCap: Int = DamagePolicy.maximumRectangles) {
        precondition(capacity >= 1 && rectangleCap >= 1)
        self.bounds = bounds
        self.capacity = capacity
        self.rectangleCap = rectangleCap
        frames = Array(repeating: Region(), count: capacity)
    }

    /// Records the damage of a frame that was just presented (copied into the oldest slot's
    /// region, whose blocks are reused).
    public mutating func add(_ damage: Region) {
        newest = (newest + 1) % capacity
        count = min(count + 1, capacity)
        frames[newest].replaceContents(with: damage)
        frames[newest].formIntersection(bounds)
    }

    /// What a buffer of `age` lacks, given the current frame's `damage` (not yet added): the
    /// union of this frame's damage and the `age - 1` frames before it. Age 0 (unknown) or an age
    /// beyond what is remembered gives the whole scene.
    public func damage(forBufferAge age: Int, current damage: Region) -> Region {
        var region = Region()
        self.damage(forBufferAge: age, current: damage, into: &region)
        return region
    }

    /// `damage(forBufferAge:current:)` written into `result`, whose pixman blocks are reused:
    /// what the compositor calls each frame with a region it keeps, so that it allocates
    /// nothing once warm.
    public func damage(forBufferAge age: Int, current damage: Region, into result: inout Region) {
        result.removeAll(keepingCapacity: true)
        guard age >= 1, age - 1 <= count else {
            result.formUnion(bounds)
            return
        }
        result.replaceContents(with: damage)
        result.formIntersection(bounds)
        for back in 0..<(age - 1) { result.formUnion(frames[(newest - back + capacity) % capacity]) }
        if result.rectCount > rectangleCap {
            let box = result.boundingBox
            result.removeAll(keepingCapacity: true)
            result.formUnion(box)
        }
    }

    /// Forgets every frame (after a mode change or power-on: no buffer can be trusted).
    public mutating func reset(bounds: PixelRect) {
        self.bounds = bounds
        // Keeping the slots and their regions' blocks: a full repaint (which resets the ring)
        // allocates nothing.
        count = 0
    }

    /// `region`, or its bounding box when it has more than `rectangleCap` rectangles.
    public func capped(_ region: Region) -> Region {
        DamagePolicy.capped(region, maximumRectangles: rectangleCap)
    }
}
