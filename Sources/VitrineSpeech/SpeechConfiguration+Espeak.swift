import Vitrine

extension SpeechConfiguration {
    /// espeak-ng's amplitude for `volume` (0…100; out-of-range or non-finite volumes clamped).
    var espeakVolume: Int {
        guard volume.isFinite else { return 100 }
        return Int((min(max(volume, 0), 1) * 100).rounded())
    }

    /// espeak-ng's rate (clamped to `rateRange`).
    var espeakRate: Int { min(max(rate, Self.rateRange.lowerBound), Self.rateRange.upperBound) }
}
