import Testing
import Vitrine
import VitrineBenchKit

/// The list benchmarks' scene: a 100,000-row list that shows the right rows after any number
/// of steps, made only one screen of cells plus at most two, and the same count for 1,000 rows.
@MainActor
struct ListScrollTests {
    @Test func theListShowsTheRowsOnScreenWithOneScreenOfCells() {
        let large = ListScroll(rowCount: 100_000)
        let small = ListScroll(rowCount: 1_000)
        for _ in 0..<5 {
            large.step(997)
            small.step(997)
            #expect(large.showsTheRightRows())
            #expect(small.showsTheRightRows())
        }
        // 1080 / 72 = 15 rows, 16 when the offset is not a multiple of 72.
        #expect(large.cellsCreated <= 16 + 2)
        #expect(large.cellsCreated == small.cellsCreated)
    }

    @Test func onADisplayEveryStepIsAFrame() {
        let list = ListScroll(rowCount: 100_000, frames: true)
        let presents = list.platform!.virtualDisplay.presentCount
        list.step(10)
        #expect(list.platform!.virtualDisplay.presentCount == presents + 10)
        #expect(list.showsTheRightRows())
        #expect(list.lastFrame.map { $0.pixelsComposed > 0 } == true)
    }
}
