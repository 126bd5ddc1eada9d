import Glibc

/// Numbers the kernel ring measures and reports without asserting them (latency, wake-ups):
/// timings on a TCG-emulated CPU say how the code behaves, not how fast a board is. Each is
/// printed as one greppable line, `vitrine-figure NAME=VALUE`, and all of them are kept in the
/// JSON file `VITRINE_KERNEL_FIGURES` names (rewritten after every figure, so a later crash
/// loses none), which `scripts/vm-test` reports.
@MainActor
enum Figures {
    private static var recorded: [(name: String, value: String)] = []

    /// Records `value` under `name` (letters, digits and underscores; the unit ends the name,
    /// as in `input_to_flip_p50_ms`).
    static func record(_ name: String, _ value: Double, decimals: Int = 2) {
        record(name, formatted: fixed(value, decimals: decimals))
    }

    /// Records a whole number.
    static func record(_ name: String, _ value: Int) {
        record(name, formatted: String(value))
    }

    private static func record(_ name: String, formatted: String) {
        recorded.removeAll { $0.name == name }
        recorded.append((name, formatted))
        print("vitrine-figure \(name)=\(formatted)")
        guard let path = KernelRing.figuresPath else { return }
        var json = "{\n"
        for (i, figure) in recorded.enumerated() {
            json += "  \"\(figure.name)\": \(figure.value)\(i + 1 < recorded.count ? "," : "")\n"
        }
        json += "}\n"
        guard let file = fopen(path, "w") else { return }
        fputs(json, file)
        fclose(file)
    }

    /// `value` with `decimals` digits after the point (no Foundation formatting here).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        return (value < 0 && scaled > 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + digits : "")
    }

    /// The `p`-th percentile (0…100) of `values`, nearest rank; nil when empty.
    static func percentile(_ p: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
