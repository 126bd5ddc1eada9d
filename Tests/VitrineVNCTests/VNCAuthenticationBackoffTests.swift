import Testing
@testable import VitrineVNC

/// The refusals after failed authentications: their growth, their cap, and the table's bound.
@Suite struct VNCAuthenticationBackoffTests {
    @Test func theRefusalDoublesFrom5SecondsTo5MinutesAndASuccessForgetsIt() {
        var backoff = VNCAuthenticationBackoff()
        var delays: [Double] = []
        for _ in 0..<12 { delays.append(backoff.failed("10.0.0.2", now: 100).delay) }
        #expect(delays == [5, 10, 20, 40, 80, 160, 300, 300, 300, 300, 300, 300])
        #expect(backoff.refusal(of: "10.0.0.2", now: 399.9)?.failures == 12)
        #expect(backoff.refusal(of: "10.0.0.2", now: 400) == nil, "refused until 100 + 300 s")
        #expect(backoff.refusal(of: "10.0.0.3", now: 100) == nil)
        backoff.succeeded("10.0.0.2")
        #expect(backoff.count == 0)
        #expect(backoff.failed("10.0.0.2", now: 500).delay == 5, "a success starts the count again")
    }

    @Test func manyPeersFailingKeepTheTableBounded() {
        var backoff = VNCAuthenticationBackoff()
        // 10,000 addresses failing one after the other, a millisecond apart.
        for index in 0..<10_000 {
            let host = "10.\(index / 65536).\(index / 256 % 256).\(index % 256)"
            _ = backoff.failed(host, now: Double(index) / 1000)
            #expect(backoff.count <= VNCAuthenticationBackoff.capacity)
        }
        #expect(backoff.count == VNCAuthenticationBackoff.capacity)
        // The latest are still refused; the earliest, whose refusals ended soonest, made room.
        #expect(backoff.refusal(of: "10.0.39.15", now: 10) != nil)   // address 9,999
        #expect(backoff.refusal(of: "10.0.0.0", now: 0.5) == nil)
    }

    @Test func peersLongOutOfTheirRefusalAreForgottenFirst() {
        var backoff = VNCAuthenticationBackoff()
        for index in 0..<VNCAuthenticationBackoff.capacity { _ = backoff.failed("10.0.1.\(index)", now: 0) }
        _ = backoff.failed("10.0.2.1", now: 1000)   // all others ended at 5 s, 995 s ago
        #expect(backoff.count == 1)
        #expect(backoff.refusal(of: "10.0.2.1", now: 1001) != nil)
    }
}
