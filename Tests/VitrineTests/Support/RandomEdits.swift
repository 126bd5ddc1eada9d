import Vitrine
import VitrineHeadless
import VitrineTestSupport

/// One seeded random edit of `input`, whose text has `count` characters: a character deleted
/// backwards, a whole range deleted (the text loses lines), or one of `pieces` inserted, each at
/// a random place. For tests that compare a view edited many times with one made afresh.
@MainActor
func randomEdit(_ input: some TextInput, count: Int, pieces: [String], using generator: inout SeededRandom) {
    let choice = Int.random(in: 0..<4, using: &generator)
    if count > 0, choice == 0 {
        let at = Int.random(in: 1...count, using: &generator)
        input.selectedRange = at..<at
        input.deleteBackward()
    } else if count > 0, choice == 1 {
        let a = Int.random(in: 0..<count, using: &generator), b = Int.random(in: a...count, using: &generator)
        input.selectedRange = a..<max(b, a + 1)
        input.deleteBackward()
    } else {
        let at = Int.random(in: 0...count, using: &generator)
        input.selectedRange = at..<at
        input.insertText(pieces.randomElement(using: &generator)!)
    }
}
