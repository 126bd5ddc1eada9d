// One row of the simplex tableau: `basic = constant + Σ coefficient × symbol`. Rows are
// sparse (a layout constraint touches a few variables) and kept in arrays that keep their
// capacity, so that once a system is warm, pivots and constant edits write in place. Which
// rows hold a symbol is the solver's column index (ConstraintSolver.swift), kept up to date
// from what `add(_:_:)` reports.

/// A symbol's role in the tableau.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality: ≥ 0.
    case slack
    /// The error of a non-required constraint: ≥ 0 and weighted in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
}

/// `coefficient × symbol`.
struct SolverTerm {
    var symbol: Int
    var coefficient: Double
}

/// Values closer to zero than this are zero: pivots leave rounding dust behind that must not
/// count as a coefficient or make a slack look negative.
let solverEpsilon = 1e-9

/// A tableau row (or the objective, then `basic` is -1).
struct SolverRow {
    /// The symbol this row defines; -1 for a free slot or an objective.
    var basic = -1
    var constant = 0.0
    var terms: [SolverTerm] = []

    func coefficient(of symbol: Int) -> Double {
        for term in terms where term.symbol == symbol { return term.coefficient }
        return 0
    }

    /// What `add(_:_:)` did to the row's set of symbols (the solver keeps its column index by it).
    enum TermChange {
        /// The symbol was in the row and stays, or was not and stays out.
        case kept
        /// The symbol joined the row.
        case inserted
        /// The symbol's coefficient cancelled: it left the row.
        case removed
    }

    /// Adds `coefficient × symbol`, dropping the term when it cancels.
    @discardableResult
    mutating func add(_ symbol: Int, _ coefficient: Double) -> TermChange {
        for index in terms.indices where terms[index].symbol == symbol {
            let sum = terms[index].coefficient + coefficient
            if abs(sum) < solverEpsilon {
                terms.swapAt(index, terms.count - 1)
                terms.removeLast()
                return .removed
            }
            terms[index].coefficient = sum
            return .kept
        }
        guard abs(coefficient) >= solverEpsilon else { return .kept }
        terms.append(SolverTerm(symbol: symbol, coefficient: coefficient))
        return .inserted
    }

    /// Adds `factor × other` (its constant and terms).
    mutating func add(_ other: SolverRow, times factor: Double) {
        constant += other.constant * factor
        for term in other.terms { add(term.symbol, term.coefficient * factor) }
    }

    /// Removes `symbol`'s term; returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double {
        for index in terms.indices where terms[index].symbol == symbol {
            let coefficient = terms[index].coefficient
            terms.swapAt(index, terms.count - 1)
            terms.removeLast()
            return coefficient
        }
        return 0
    }

    mutating func negate() {
        constant = -constant
        for index in terms.indices { terms[index].coefficient = -terms[index].coefficient }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …` (the symbol must be in the row).
    mutating func solve(for symbol: Int) {
        let factor = -1 / remove(symbol)
        constant *= factor
        for index in terms.indices { terms[index].coefficient *= factor }
    }

    /// Rewrites `lhs = … + c × rhs + …` as `rhs = …` (with `lhs` among the terms).
    mutating func solve(for lhs: Int, replacing rhs: Int) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Empties the row, keeping its storage for the next row put in this slot.
    mutating func clear() {
        basic = -1
        constant = 0
        terms.removeAll(keepingCapacity: true)
    }
}
