/// A random-number generator fully determined by its seed (a 64-bit LCG, its high bits mixed
/// with its low), shared by this target's seeded random tests, which have no VitrineHeadless
/// (`SeededRandom`): a failure names its seed and replays.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 11 ^ state << 7
    }
}
