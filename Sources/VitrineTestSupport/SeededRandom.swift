// Seeded randomness, moved here from VitrineHeadless (it was public API only tests used), and the
// shared generator of the test targets: it replaces VitrineGraphicsTests' `SeededGenerator` (an
// LCG, Support/SeededGenerator.swift), RegionRandomOperationTests' private `Seeded`, and VitrineTests'
// `SeededGenerator` (xorshift) in ListRepaintTests and SparedFillTests. PartialRepaintTests keeps
// that xorshift privately (see there: this stream finds repaint differences it does not).
// Used by: VitrineTests (HostileInputTests, the compositing, scrolling, navigation, text, image and
// calendar soaks, Support/RandomEdits.swift), VitrineGraphicsTests (drawing, text and pixel
// soaks), VitrineSpeechTests (ScreenReaderRandomTouchTests) and VitrineKernelTests (SoakTests).

/// A random-number generator fully determined by its seed (SplitMix64), for seeded random
/// input: the same seed plays the same stream on every run and machine, so a failure found by a
/// random test names its seed and replays. Not for anything secret.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E459
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
