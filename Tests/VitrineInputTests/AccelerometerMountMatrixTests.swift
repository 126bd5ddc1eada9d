import Testing
import Vitrine
import VitrineInput

/// The mount matrix: applying it, and reading it from the sysfs/udev text form.
struct AccelerometerMountMatrixTests {
    @Test func identityKeepsTheSensorsAxes() {
        let a = MountMatrix.identity.apply(x: 0.25, y: -0.5, z: 0.75)
        #expect(a == Acceleration(x: 0.25, y: -0.5, z: 0.75))
    }

    /// A chip turned 90° clockwise on the board: its x runs along the panel's down direction,
    /// its y along the panel's right. Upright, gravity's reaction (panel +y) reads as sensor -x.
    @Test func ninetyDegreeMountingTurnsTheVector() throws {
        let turned = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(turned.apply(x: -1, y: 0, z: 0) == Acceleration(x: 0, y: 1, z: 0))
        // Tilted towards the panel's right edge: the sensor's +y.
        #expect(turned.apply(x: 0, y: 1, z: 0) == Acceleration(x: 1, y: 0, z: 0))
        #expect(turned.apply(x: 0, y: 0, z: 1) == Acceleration(x: 0, y: 0, z: 1))
    }

    /// A chip on the back of the board: its z points into the screen and its x to the panel's
    /// left (turned over about y).
    @Test func flippedAxesChangeSign() throws {
        let flipped = try MountMatrix(parsing: "-1, 0, 0; 0, 1, 0; 0, 0, -1")
        #expect(flipped.apply(x: 0.5, y: 0.25, z: -1) == Acceleration(x: -0.5, y: 0.25, z: 1))
    }

    @Test func parsesTheSysfsFormWithSpacesDecimalsAndANewline() throws {
        let m = try MountMatrix(parsing: "  0.5,-0.866025, 0 ;0.866025,  0.5, 0; 0, 0, 1\n")
        #expect(m.rows == [[0.5, -0.866025, 0], [0.866025, 0.5, 0], [0, 0, 1]])
        #expect(try MountMatrix(parsing: "1,0,0;0,1,0;0,0,1") == .identity)
        #expect(MountMatrix.identity.description == "1, 0, 0; 0, 1, 0; 0, 0, 1")
        #expect(try MountMatrix(parsing: m.description) == m)
    }

    @Test func rowMajorEntriesAsABoardProfileGivesThem() throws {
        let m = try MountMatrix(rowMajor: [0, 1, 0, -1, 0, 0, 0, 0, 1])
        #expect(m == (try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")))
        #expect(throws: AccelerometerError.self) { try MountMatrix(rowMajor: [1, 0, 0, 0, 1, 0]) }
    }

    @Test(arguments: [
        ("1, 0, 0; 0, 1, 0", "it has 2 rows where 3 are needed, separated by ';'"),
        ("1, 0, 0, 0; 0, 1, 0; 0, 0, 1", "row 1 has 4 entries where 3 are needed, separated by ','"),
        ("1, 0, 0; 0, one, 0; 0, 0, 1", "'one' in row 2 is not a number"),
        ("1, 0, 0; 0, 1, 0; 0, , 1", "'' in row 3 is not a number"),
        ("1, 0, 0; 0, 1, 0; 0, 0, nan", "'nan' in row 3 is not a number"),
        ("1, 0, 0; 0, 0, 0; 0, 0, 1", "row 2 is all zeros: the panel's y axis would always read 0"),
        ("1, 0, 0; 1, 0, 0; 0, 0, 1", "its rows are not independent (determinant 0): two panel axes would read the same sensor direction"),
        ("", "it has 1 row where 3 are needed, separated by ';'"),
    ])
    func malformedMatricesSayWhatIsWrong(text: String, reason: String) {
        #expect(throws: AccelerometerError.invalidMountMatrix(text: text.split(separator: "\n").first.map(String.init) ?? "", reason: reason)) {
            try MountMatrix(parsing: text)
        }
    }

    @Test func theErrorShowsTheTextAndHowToWriteIt() {
        let error = AccelerometerError.invalidMountMatrix(text: "1, 0; 0, 1", reason: "it has 2 rows where 3 are needed, separated by ';'")
        #expect(error.description == "mount matrix \"1, 0; 0, 1\" is invalid: it has 2 rows where 3 are needed, separated by ';' — "
            + "write three rows of three numbers, rows separated by ';' and numbers by ',', like \"1, 0, 0; 0, 1, 0; 0, 0, 1\" (the identity)")
    }

    @Test func rowsMustBeThreeByThreeAndFinite() {
        #expect(throws: AccelerometerError.self) { try MountMatrix(rows: [[1, 0, 0], [0, 1, 0]]) }
        #expect(throws: AccelerometerError.self) { try MountMatrix(rows: [[1, 0, 0], [0, .infinity, 0], [0, 0, 1]]) }
        #expect((try? MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])) == .identity)
    }
}
