import Testing
import Vitrine

/// The buffer-age bookkeeping DRM and virtual displays share.
struct BufferAgesTests {
    private func ages(count: Int, frames: Int) -> [Int] {
        var ages = BufferAges(count: count)
        var seen: [Int] = []
        for _ in 0..<frames {
            seen.append(ages.age)
            _ = ages.fillBack()
        }
        return seen
    }

    @Test func eachBufferIsAsOldAsTheSwapchainIsLong() {
        #expect(ages(count: 1, frames: 3) == [0, 1, 1])
        #expect(ages(count: 2, frames: 5) == [0, 0, 2, 2, 2])
        #expect(ages(count: 3, frames: 6) == [0, 0, 0, 3, 3, 3])
    }

    @Test func buffersAreFilledInTurnAndCounted() {
        var ages = BufferAges(count: 3)
        #expect([ages.fillBack(), ages.fillBack(), ages.fillBack(), ages.fillBack()] == [0, 1, 2, 0])
        #expect(ages.presentCount == 4 && ages.back == 1)
    }

    @Test func forgettingMakesEveryAgeUnknownAndRestartingBeginsAtBufferZero() {
        var ages = BufferAges(count: 2)
        _ = ages.fillBack()
        _ = ages.fillBack()
        _ = ages.fillBack()
        #expect(ages.age == 2)
        ages.forget()
        #expect(ages.age == 0 && ages.back == 1)
        ages.restart()
        #expect(ages.age == 0 && ages.back == 0 && ages.presentCount == 3)
    }
}
