/// Who is refused after failed VNC authentications, by peer address: after a failure the peer
/// is refused for 5 s, doubling with each failure in a row up to 5 minutes; a success forgets
/// it. The table is bounded (`capacity` peers): when it is full, peers whose refusal ended
/// more than `longestDelay` ago are forgotten first, then the peer whose refusal ends soonest.
/// (Many addresses only reach a listener beyond loopback, which needs a password.)
struct VNCAuthenticationBackoff {
    /// The most peers remembered at once.
    static let capacity = 64
    /// The refusal after a first failure, seconds.
    static let firstDelay = 5.0
    /// The longest refusal, seconds.
    static let longestDelay = 300.0

    /// A peer's failures in a row and the time (run-loop seconds) until which it is refused.
    typealias Entry = (failures: Int, until: Double)
    private var entries: [String: Entry] = [:]

    /// Peers remembered now.
    var count: Int { entries.count }

    /// `host`'s refusal when it is refused at `now`, else nil.
    func refusal(of host: String, now: Double) -> Entry? {
        guard let entry = entries[host], now < entry.until else { return nil }
        return entry
    }

    /// Records a failed authentication of `host` at `now`; returns its failures in a row and
    /// how long it is now refused.
    mutating func failed(_ host: String, now: Double) -> (failures: Int, delay: Double) {
        let failures = min((entries[host]?.failures ?? 0) + 1, 1_000)
        if entries[host] == nil && entries.count >= Self.capacity { makeRoom(now: now) }
        let delay = min(Self.firstDelay * Double(1 << min(failures - 1, 16)), Self.longestDelay)
        entries[host] = (failures, now + delay)
        return (failures, delay)
    }

    /// Forgets `host`'s failures (it authenticated).
    mutating func succeeded(_ host: String) { entries[host] = nil }

    private mutating func makeRoom(now: Double) {
        entries = entries.filter { now - $0.value.until <= Self.longestDelay }
        if entries.count >= Self.capacity, let soonest = entries.min(by: { $0.value.until < $1.value.until }) {
            entries[soonest.key] = nil
        }
    }
}
