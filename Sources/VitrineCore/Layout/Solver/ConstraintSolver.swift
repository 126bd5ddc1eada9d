// An incremental simplex solver of the Cassowary kind (Badros, Borning and Stuckey, "The
// Cassowary linear arithmetic constraint solving algorithm", 2001; the design of kiwi): the
// engine under Auto Layout.
//
// Every constraint becomes one tableau row with a marker symbol of its own (a slack for an
// inequality, a dummy for a required equality, error symbols for a non-required one); the
// objective is Σ strength × error over the non-required constraints, kept minimal by primal
// simplex after each add or removal. A constant change (an edit variable's suggested value,
// a layout constraint's constant each animation frame) shifts the constraint's marker, which
// changes only row constants; dual simplex then restores feasibility from the still optimal
// basis, so nothing is rebuilt.
//
// Storage is arrays indexed by integer ids (symbols, rows, constraints, variables), reused
// through free lists; rows keep their capacity. Once a system is warm, a constant edit and
// the pivots it causes write in place and allocate nothing. A column index (the rows each
// symbol is in) and the list of symbols the objective weighs keep every operation to the rows
// it touches: adding 1,000 layout constraints is not 1,000 scans of the tableau, and a
// constant shift visits the rows of one marker. The variables whose values an operation may
// have moved are listed (`changedVariables`), so a client reads back those, not all.
//
// Over 500 lines: the tableau operations share the private storage above, which splitting the
// file would have to open to the whole module.

/// Solves linear equalities and inequalities over real variables, each with a strength:
/// required ones (strength 1000) must all hold; among the assignments that satisfy them, the
/// solver keeps one minimising Σ strength × |violation| over the non-required ones (a
/// strength is a weight: one point of error at 750 costs as much as three at 250).
///
/// Constraints are added, removed and their constants changed incrementally; each operation
/// leaves the solution up to date (`value(of:)`). Operations that fail throw a `SolverError`
/// and leave the solver as it was. Not thread-safe: use it from one actor (layout uses it on
/// the main actor).
public final class ConstraintSolver {
    /// The strength of a required constraint; anything lower is a weight (UIKit's priorities).
    public static let requiredStrength = 1000.0

    // MARK: Symbols

    /// Each symbol's kind, by symbol id.
    private var kinds: [SymbolKind] = []
    /// The row slot each symbol is the basic symbol of, or -1 when it is parametric.
    private var rowOfSymbol: [Int] = []
    /// Symbol ids free for reuse.
    private var freeSymbols: [Int] = []
    /// The record (constraint slot) whose marker or second error each symbol is, or -1.
    private var recordOfSymbol: [Int] = []
    /// The column index: by symbol, the slots of the rows whose terms hold it (not the row it
    /// is basic in), in no order. Substitutions, ratio tests and constant shifts visit these.
    private var columns: [[Int]] = []
    /// Each external symbol's variable index, or -1.
    private var variableOfSymbol: [Int] = []
    /// While `add` builds a row: each symbol's index among the row's terms, or -1 (so merging
    /// a basic variable's long row costs its length, not its length times the new row's).
    private var positionInBuild: [Int] = []

    // MARK: Tableau

    /// The rows, by slot; a free slot has `basic == -1` and keeps its storage.
    private var rows: [SolverRow] = []
    private var freeRows: [Int] = []
    /// The objective, dense by symbol id: Σ coefficient × symbol + constant.
    private var objective: [Double] = []
    /// The artificial objective while a constraint is added through an artificial variable.
    private var artificial: [Double] = []
    private var artificialActive = false
    /// The symbols whose objective coefficient changed since the basis was last optimal, and
    /// whether each symbol is listed. At an optimum no parametric symbol can lower the
    /// objective, so only these can: primal simplex chooses the entering symbol among them
    /// (adding a constraint whose row changes no cost costs no scan at all). A zero found in
    /// the list is dropped then. The artificial objective's non-zero symbols, likewise.
    private var objectiveSymbols: [Int] = []
    private var listedInObjective: [Bool] = []
    private var artificialSymbols: [Int] = []
    private var listedInArtificial: [Bool] = []
    /// Basic symbols whose rows may have become negative (dual simplex's queue).
    private var infeasible: [Int] = []

    // MARK: Variables

    /// Each variable's external symbol, or -1 before its first use.
    private var symbolOfVariable: [Int] = []
    /// How many constraint terms use each variable (a variable in use cannot be released).
    private var uses: [Int] = []
    private var freeVariables: [Int] = []
    private var liveVariable: [Bool] = []
    /// Whether each variable is in `changedVariables`.
    private var variableChanged: [Bool] = []

    /// The variables whose values may have changed since the last `clearChangedVariables()`,
    /// each once (one listed may have come back to its old value): after an operation, a
    /// client reads these back rather than every variable. Bounded by the number of variables.
    public private(set) var changedVariables: [SolverVariable] = []

    // MARK: Constraints

    private struct Record {
        var generation = 0
        var live = false
        /// The marker symbol: a slack, a dummy or (non-required equality) the positive error.
        var marker = -1
        /// The second error symbol of a non-required constraint, or -1.
        var other = -1
        var strength = 0.0
        /// The expression's constant as last set.
        var constant = 0.0
        /// How far the marker moves per unit of constant (sign of the row ÷ marker's coefficient).
        var markerShift = 0.0
        /// The variables of the expression, for `uses`.
        var variables: [Int] = []
    }
    private var records: [Record] = []
    private var freeRecords: [Int] = []
    /// The edit constraint of each variable, or nil.
    private var editConstraint: [SolverConstraint?] = []

    /// The required constraints that, with the last constraint refused (`add` or `setConstant`
    /// threw `.unsatisfiable`), cannot all hold: the rows a certificate of the contradiction
    /// combines (a Farkas combination read off the tableau where the solve failed). For a
    /// refused `add`, the refused constraint is not in the solver and not listed; for a
    /// refused `setConstant`, the constraint whose constant was refused is listed. Small (the
    /// constraints that actually meet), in no particular order; empty before any refusal.
    public private(set) var lastConflict: [SolverConstraint] = []

    /// An empty solver.
    public init() {}

    // MARK: Variables

    /// A new variable, unconstrained, whose value is 0.
    public func makeVariable() -> SolverVariable {
        if let index = freeVariables.popLast() {
            liveVariable[index] = true
            return SolverVariable(index: index)
        }
        symbolOfVariable.append(-1)
        uses.append(0)
        liveVariable.append(true)
        variableChanged.append(false)
        editConstraint.append(nil)
        return SolverVariable(index: symbolOfVariable.count - 1)
    }

    /// Gives `variable`'s index back for reuse. Throws `.variableInUse` while a constraint or
    /// an edit uses it.
    public func releaseVariable(_ variable: SolverVariable) throws(SolverError) {
        let index = variable.index
        guard index < liveVariable.count, liveVariable[index] else { return }
        guard uses[index] == 0 else { throw .variableInUse }
        let symbol = symbolOfVariable[index]
        if symbol >= 0 {
            // No constraint mentions the variable, so in exact arithmetic its symbol is gone
            // from the tableau already; rounding may leave a trace, which is dropped here.
            dropSymbol(symbol)
            variableOfSymbol[symbol] = -1
            freeSymbols.append(symbol)
            symbolOfVariable[index] = -1
        }
        liveVariable[index] = false
        freeVariables.append(index)
    }

    /// The variable's value in the current solution (0 for a variable nothing constrains).
    public func value(of variable: SolverVariable) -> Double {
        guard variable.index < symbolOfVariable.count else { return 0 }
        let symbol = symbolOfVariable[variable.index]
        guard symbol >= 0 else { return 0 }
        let slot = rowOfSymbol[symbol]
        return slot >= 0 ? rows[slot].constant : 0
    }

    /// Empties `changedVariables`, keeping its storage.
    public func clearChangedVariables() {
        for variable in changedVariables { variableChanged[variable.index] = false }
        changedVariables.removeAll(keepingCapacity: true)
    }

    // MARK: Constraints

    /// Whether `constraint` is in the solver.
    public func contains(_ constraint: SolverConstraint) -> Bool {
        constraint.slot < records.count && records[constraint.slot].live
            && records[constraint.slot].generation == constraint.generation
    }

    /// Adds `expression relation 0` with `strength` (1000 or more: required; otherwise a weight
    /// greater than 0) and re-solves. Throws `.unsatisfiable` when it is required and conflicts
    /// with the required constraints already in; the solver is then unchanged.
    public func add(_ expression: LinearExpression, _ relation: LinearRelation,
                    strength: Double) throws(SolverError) -> SolverConstraint {
        guard strength > 0, strength.isFinite, expression.constant.isFinite,
              expression.terms.allSatisfy({ $0.coefficient.isFinite && liveVariable.indices.contains($0.variable.index) && liveVariable[$0.variable.index] })
        else { throw .invalidValue }
        let strength = min(strength, Self.requiredStrength)
        let required = strength >= Self.requiredStrength
        infeasible.removeAll(keepingCapacity: true)
        var record = Record()
        record.live = true
        record.strength = strength
        record.constant = expression.constant

        // The row: the expression with basic variables replaced by their rows.
        var row = takeRowSlotStorage()
        row.constant = expression.constant
        for term in expression.terms where term.coefficient != 0 {
            let symbol = externalSymbol(term.variable.index)
            let slot = rowOfSymbol[symbol]
            if slot >= 0 {
                row.constant += rows[slot].constant * term.coefficient
                for index in rows[slot].terms.indices {
                    build(&row, rows[slot].terms[index].symbol, rows[slot].terms[index].coefficient * term.coefficient)
                }
            } else {
                build(&row, symbol, term.coefficient)
            }
        }
        for term in row.terms { positionInBuild[term.symbol] = -1 }
        for term in expression.terms { record.variables.append(term.variable.index) }

        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 (≤) or expression − slack = 0 (≥), slack ≥ 0.
            let sign = relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = newSymbol(.slack)
            record.marker = slack
            row.add(slack, sign)
            if !required {
                let error = newSymbol(.error)
                record.other = error
                row.add(error, -sign)
                addToObjective(error, strength)
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                record.marker = dummy
                row.add(dummy, 1)
            } else {
                // expression = e⁺ − e⁻, both ≥ 0 and weighted.
                let plus = newSymbol(.error), minus = newSymbol(.error)
                record.marker = plus
                record.other = minus
                row.add(plus, -1)
                row.add(minus, 1)
                addToObjective(plus, strength)
                addToObjective(minus, strength)
            }
        }
        var rowSign = 1.0
        if row.constant < 0 {
            row.negate()
            rowSign = -1
        }
        // Changing the expression's constant by d changes this row's constant by rowSign × d,
        // the same as moving the marker by rowSign × d ÷ (its coefficient here).
        record.markerShift = rowSign / row.coefficient(of: record.marker)

        let subject = chooseSubject(row, record)
        if subject < 0 && row.terms.allSatisfy({ kinds[$0.symbol] == .dummy }) {
            if abs(row.constant) >= solverEpsilon {
                // Only required equalities' markers remain and the constant is not zero: it
                // contradicts them.
                noteConflict(symbolsOf: row, including: -1)
                discard(row: row, record: record)
                throw .unsatisfiable
            }
            // Redundant with required equalities already in: the row defines its own dummy.
            installRow(row, basic: record.marker)
        } else if subject < 0 {
            if !addWithArtificialVariable(row) {
                removeMarkers(of: record)
                releaseSymbols(of: record)
                optimize(artificialObjective: false)
                throw .unsatisfiable
            }
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            installRow(row, basic: subject)
        }
        for index in record.variables { uses[index] += 1 }
        let slot: Int
        if let free = freeRecords.popLast() {
            record.generation = records[free].generation + 1
            records[free] = record
            slot = free
        } else {
            records.append(record)
            slot = records.count - 1
        }
        for symbol in [record.marker, record.other] where symbol >= 0 { recordOfSymbol[symbol] = slot }
        optimize(artificialObjective: false)
        return SolverConstraint(slot: slot, generation: records[slot].generation)
    }

    /// Removes `constraint` and re-solves.
    public func remove(_ constraint: SolverConstraint) throws(SolverError) {
        guard contains(constraint) else { throw .unknownConstraint }
        let record = records[constraint.slot]
        // The constraint's errors leave the objective.
        for symbol in [record.marker, record.other] where symbol >= 0 && kinds[symbol] == .error {
            let slot = rowOfSymbol[symbol]
            if slot >= 0 { addToObjective(rows[slot], times: -record.strength) } else { addToObjective(symbol, -record.strength) }
        }
        removeMarkers(of: record)
        releaseSymbols(of: record)
        for index in record.variables { uses[index] -= 1 }
        records[constraint.slot].live = false
        records[constraint.slot].variables.removeAll(keepingCapacity: true)
        freeRecords.append(constraint.slot)
        optimize(artificialObjective: false)
    }

    /// The constant of `constraint`'s expression as last set.
    public func constant(of constraint: SolverConstraint) throws(SolverError) -> Double {
        guard contains(constraint) else { throw .unknownConstraint }
        return records[constraint.slot].constant
    }

    /// Sets the constant of `constraint`'s expression and re-solves by dual simplex from the
    /// current basis: nothing is rebuilt, and once warm nothing is allocated. Throws
    /// `.unsatisfiable` when the constraint is required and the new constant contradicts the
    /// other required constraints; the constant and the solution are then as before.
    public func setConstant(_ constant: Double, of constraint: SolverConstraint) throws(SolverError) {
        guard contains(constraint) else { throw .unknownConstraint }
        guard constant.isFinite else { throw .invalidValue }
        let record = records[constraint.slot]
        let shift = (constant - record.constant) * record.markerShift
        guard shift != 0 else { return }
        infeasible.removeAll(keepingCapacity: true)
        shiftMarker(record.marker, by: shift)
        if dualOptimize() {
            records[constraint.slot].constant = constant
            return
        }
        // The refused constraint is in its own conflict (its marker moved the failing row).
        let conflict = lastConflict.contains(constraint) ? lastConflict : [constraint] + lastConflict
        // Back to the old constant: from the still dual-feasible basis, dual simplex finds the
        // old optimum again (that system was feasible).
        shiftMarker(record.marker, by: -shift)
        for row in rows where row.basic >= 0 && kinds[row.basic] != .external && row.constant < -solverEpsilon {
            infeasible.append(row.basic)
        }
        _ = dualOptimize()
        lastConflict = conflict
        throw .unsatisfiable
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a constraint `variable = value` of `strength`
    /// (clamped below required, so a suggestion never fails), starting at its current value.
    public func addEditVariable(_ variable: SolverVariable, strength: Double) throws(SolverError) {
        guard variable.index < editConstraint.count, liveVariable[variable.index] else { throw .invalidValue }
        guard editConstraint[variable.index] == nil else { throw .duplicateEditVariable }
        let strength = min(strength, Self.requiredStrength - 1)
        let constraint = try add(LinearExpression([LinearTerm(variable)], constant: -value(of: variable)),
                                 .equal, strength: strength)
        editConstraint[variable.index] = constraint
    }

    /// Ends `variable`'s edit (its edit constraint is removed).
    public func removeEditVariable(_ variable: SolverVariable) throws(SolverError) {
        guard variable.index < editConstraint.count, let constraint = editConstraint[variable.index] else {
            throw .unknownEditVariable
        }
        try remove(constraint)
        editConstraint[variable.index] = nil
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: SolverVariable) -> Bool {
        variable.index < editConstraint.count && editConstraint[variable.index] != nil
    }

    /// Asks for `variable = value` at the edit's strength and re-solves incrementally (dual
    /// simplex); the other constraints may keep it elsewhere.
    public func suggestValue(_ value: Double, for variable: SolverVariable) throws(SolverError) {
        guard variable.index < editConstraint.count, let constraint = editConstraint[variable.index] else {
            throw .unknownEditVariable
        }
        try setConstant(-value, of: constraint)
    }

    // MARK: Conflicts

    /// Sets `lastConflict` to the constraints whose markers `row` holds, and `basic`'s (-1: none).
    /// Runs only when an operation is refused, so it may allocate.
    private func noteConflict(symbolsOf row: SolverRow, including basic: Int) {
        lastConflict.removeAll()
        if basic >= 0 { appendConflict(basic) }
        for term in row.terms { appendConflict(term.symbol) }
    }

    /// Adds the constraint `symbol` is a marker of, if it is a required one not yet listed
    /// (an optional constraint never contradicts: its errors absorb any difference).
    private func appendConflict(_ symbol: Int) {
        let slot = recordOfSymbol[symbol]
        guard slot >= 0, records[slot].live, records[slot].strength >= Self.requiredStrength else { return }
        let handle = SolverConstraint(slot: slot, generation: records[slot].generation)
        if !lastConflict.contains(handle) { lastConflict.append(handle) }
    }

    // MARK: Tableau operations

    private func newSymbol(_ kind: SymbolKind) -> Int {
        if let symbol = freeSymbols.popLast() {
            kinds[symbol] = kind
            recordOfSymbol[symbol] = -1
            return symbol
        }
        kinds.append(kind)
        rowOfSymbol.append(-1)
        recordOfSymbol.append(-1)
        columns.append([])
        variableOfSymbol.append(-1)
        positionInBuild.append(-1)
        objective.append(0)
        artificial.append(0)
        listedInObjective.append(false)
        listedInArtificial.append(false)
        return kinds.count - 1
    }

    private func externalSymbol(_ variable: Int) -> Int {
        if symbolOfVariable[variable] < 0 {
            let symbol = newSymbol(.external)
            symbolOfVariable[variable] = symbol
            variableOfSymbol[symbol] = variable
        }
        return symbolOfVariable[variable]
    }

    /// `row.add(symbol, coefficient)` with the term found through `positionInBuild`: the same
    /// terms in the same order.
    private func build(_ row: inout SolverRow, _ symbol: Int, _ coefficient: Double) {
        let index = positionInBuild[symbol]
        guard index >= 0 else {
            guard abs(coefficient) >= solverEpsilon else { return }
            positionInBuild[symbol] = row.terms.count
            row.terms.append(SolverTerm(symbol: symbol, coefficient: coefficient))
            return
        }
        let sum = row.terms[index].coefficient + coefficient
        guard abs(sum) < solverEpsilon else {
            row.terms[index].coefficient = sum
            return
        }
        // Cancelled: the last term takes its place, as `SolverRow.add` does.
        let last = row.terms.count - 1
        if index != last {
            row.terms[index] = row.terms[last]
            positionInBuild[row.terms[index].symbol] = index
        }
        row.terms.removeLast()
        positionInBuild[symbol] = -1
    }

    /// Lists `symbol`'s variable in `changedVariables` (nothing for a symbol of the solver's own).
    private func noteChanged(_ symbol: Int) {
        let variable = variableOfSymbol[symbol]
        guard variable >= 0, !variableChanged[variable] else { return }
        variableChanged[variable] = true
        changedVariables.append(SolverVariable(index: variable))
    }

    /// Records that the row in `slot` holds `symbol` now (`inserted`) or no longer (`removed`).
    private func noteColumn(_ change: SolverRow.TermChange, _ symbol: Int, _ slot: Int) {
        switch change {
        case .kept: break
        case .inserted: columns[symbol].append(slot)
        case .removed: removeFromColumn(symbol, slot)
        }
    }

    private func removeFromColumn(_ symbol: Int, _ slot: Int) {
        guard let index = columns[symbol].firstIndex(of: slot) else { return }
        columns[symbol].swapAt(index, columns[symbol].count - 1)
        columns[symbol].removeLast()
    }

    /// A row value whose terms array is a free slot's (so its capacity is reused).
    private func takeRowSlotStorage() -> SolverRow {
        guard let slot = freeRows.last else { return SolverRow() }
        var row = SolverRow()
        swap(&row, &rows[slot])
        return row
    }

    /// Puts `row` in a slot as the definition of `basic`.
    private func installRow(_ row: SolverRow, basic: Int) {
        var row = row
        row.basic = basic
        let slot: Int
        if let free = freeRows.popLast() {
            slot = free
            rows[slot] = row
        } else {
            rows.append(row)
            slot = rows.count - 1
        }
        rowOfSymbol[basic] = slot
        for index in rows[slot].terms.indices { columns[rows[slot].terms[index].symbol].append(slot) }
        noteChanged(basic)
    }

    /// Frees a row slot (its storage stays for reuse).
    private func freeRow(_ slot: Int) {
        let basic = rows[slot].basic
        rowOfSymbol[basic] = -1
        noteChanged(basic)
        for index in rows[slot].terms.indices { removeFromColumn(rows[slot].terms[index].symbol, slot) }
        rows[slot].clear()
        freeRows.append(slot)
    }

    /// Gives back a row that was built but not installed, and the new symbols of `record`.
    private func discard(row: SolverRow, record: Record) {
        var row = row
        row.clear()
        if let slot = freeRows.last { rows[slot] = row }
        releaseSymbols(of: record)
        for symbol in [record.marker, record.other] where symbol >= 0 {
            // Those errors were added to the objective (a required constraint has none, but be exact).
            objective[symbol] = 0
        }
    }

    private func releaseSymbols(of record: Record) {
        for symbol in [record.marker, record.other] where symbol >= 0 {
            recordOfSymbol[symbol] = -1
            dropSymbol(symbol)
            freeSymbols.append(symbol)
        }
    }

    /// Removes every trace of `symbol` from the tableau and objective.
    private func dropSymbol(_ symbol: Int) {
        let slot = rowOfSymbol[symbol]
        if slot >= 0 { freeRow(slot) }
        // A parametric symbol is 0: taking it out of a row leaves the row's value as it was.
        for index in columns[symbol].indices { rows[columns[symbol][index]].remove(symbol) }
        columns[symbol].removeAll(keepingCapacity: true)
        objective[symbol] = 0
        artificial[symbol] = 0
    }

    /// Takes a constraint's marker out of the tableau: drops the row it is basic in, or first
    /// pivots it into the row that keeps every restricted symbol feasible (Cassowary's rule).
    private func removeMarkers(of record: Record) {
        let marker = record.marker
        if rowOfSymbol[marker] >= 0 {
            freeRow(rowOfSymbol[marker])
        } else if let slot = markerLeavingRow(marker) {
            pivot(slot, entering: marker)
            freeRow(slot)
        }
    }

    private func markerLeavingRow(_ marker: Int) -> Int? {
        var first = -1, second = -1, third = -1
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        // Ties go as a scan of the rows in slot order would take them (the column has no order).
        for slot in columns[marker] {
            let coefficient = rows[slot].coefficient(of: marker)
            if coefficient == 0 { continue }
            if kinds[rows[slot].basic] == .external {
                third = max(third, slot)
            } else if coefficient < 0 {
                let ratio = -rows[slot].constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && slot < first) { firstRatio = ratio; first = slot }
            } else {
                let ratio = rows[slot].constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && slot < second) { secondRatio = ratio; second = slot }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    /// The symbol a new row is solved for: an external symbol if any (free in sign), else a
    /// new slack or error with a negative coefficient (so its value, the row's constant ÷ −c,
    /// is ≥ 0); -1 when none fits.
    private func chooseSubject(_ row: SolverRow, _ record: Record) -> Int {
        for term in row.terms where kinds[term.symbol] == .external { return term.symbol }
        for symbol in [record.marker, record.other] where symbol >= 0 {
            if kinds[symbol] == .slack || kinds[symbol] == .error, row.coefficient(of: symbol) < 0 { return symbol }
        }
        return -1
    }

    /// Phase one for a row with no obvious subject: minimise an artificial variable equal to
    /// the row; the constraint is satisfiable exactly when it reaches 0.
    private func addWithArtificialVariable(_ row: SolverRow) -> Bool {
        let art = newSymbol(.slack)
        installRow(row, basic: art)
        clearArtificial()
        artificialConstant = 0
        addToArtificial(row, times: 1)
        artificialActive = true
        optimize(artificialObjective: true)
        artificialActive = false
        let success = abs(artificialConstant) < solverEpsilon * 1000
        if !success {
            // At phase one's optimum the artificial objective, in parametric symbols, is the
            // certificate: the markers it weighs are the constraints the new one contradicts.
            lastConflict.removeAll()
            for symbol in artificialSymbols.filter({ abs(artificial[$0]) >= solverEpsilon }).sorted() {
                appendConflict(symbol)
            }
        }
        clearArtificial()
        let slot = rowOfSymbol[art]
        if slot >= 0 {
            if !success {
                // Unsatisfiable: drop the row (the constraint's equation) entirely; the caller
                // then eliminates its marker as a removal would.
                freeRow(slot)
                freeSymbols.append(art)
                return false
            }
            if rows[slot].terms.isEmpty {
                freeRow(slot)
            } else if let entering = rows[slot].terms.first(where: { kinds[$0.symbol] == .slack || kinds[$0.symbol] == .error })?.symbol {
                pivot(slot, entering: entering)
            } else {
                freeRow(slot)
                freeSymbols.append(art)
                return false
            }
        }
        // The artificial variable is parametric at 0 now: strike it out.
        dropSymbol(art)
        freeSymbols.append(art)
        return success
    }

    private var artificialConstant = 0.0

    /// Substitutes `row` (defining `symbol`, not installed, or installed but not holding
    /// `symbol`'s column) into every row of `symbol`'s column and the objectives.
    private func substitute(_ symbol: Int, with row: SolverRow) {
        let start = infeasible.count
        // Only other symbols' columns change below: this one is read in place, then emptied.
        for index in columns[symbol].indices {
            let other = columns[symbol][index]
            let coefficient = rows[other].remove(symbol)
            guard coefficient != 0 else { continue }
            rows[other].constant += row.constant * coefficient
            for term in row.terms {
                noteColumn(rows[other].add(term.symbol, term.coefficient * coefficient), term.symbol, other)
            }
            noteChanged(rows[other].basic)
            let basic = rows[other].basic
            if kinds[basic] != .external && rows[other].constant < -solverEpsilon { infeasible.append(basic) }
        }
        columns[symbol].removeAll(keepingCapacity: true)
        sortInfeasible(from: start)
        substituteIntoObjectives(symbol, with: row)
    }

    /// Substitutes the row in `slot` (defining its basic symbol) everywhere else.
    private func substitute(_ symbol: Int, inRowsOtherThan slot: Int) {
        substitute(symbol, with: rows[slot])
    }

    /// Puts the basic symbols queued since `start` in the order of their rows' slots, the order
    /// a scan of the whole tableau would have queued them in (dual simplex takes the last first).
    private func sortInfeasible(from start: Int) {
        guard infeasible.count - start > 1 else { return }
        for index in (start + 1)..<infeasible.count {
            let symbol = infeasible[index]
            var place = index
            while place > start && rowOfSymbol[infeasible[place - 1]] > rowOfSymbol[symbol] {
                infeasible[place] = infeasible[place - 1]
                place -= 1
            }
            infeasible[place] = symbol
        }
    }

    private func substituteIntoObjectives(_ symbol: Int, with row: SolverRow) {
        let coefficient = objective[symbol]
        if coefficient != 0 {
            objective[symbol] = 0
            addToObjective(row, times: coefficient)
        }
        if artificialActive {
            let artificialCoefficient = artificial[symbol]
            if artificialCoefficient != 0 {
                artificial[symbol] = 0
                addToArtificial(row, times: artificialCoefficient)
            }
        }
    }

    private func addToObjective(_ row: SolverRow, times factor: Double) {
        for term in row.terms {
            let sum = objective[term.symbol] + term.coefficient * factor
            objective[term.symbol] = abs(sum) < solverEpsilon ? 0 : sum
            listInObjective(term.symbol)
        }
    }

    /// Adds `amount` to `symbol`'s objective coefficient.
    private func addToObjective(_ symbol: Int, _ amount: Double) {
        objective[symbol] += amount
        listInObjective(symbol)
    }

    private func listInObjective(_ symbol: Int) {
        guard !listedInObjective[symbol] else { return }
        listedInObjective[symbol] = true
        objectiveSymbols.append(symbol)
    }

    private func clearObjectiveChanges() {
        for symbol in objectiveSymbols { listedInObjective[symbol] = false }
        objectiveSymbols.removeAll(keepingCapacity: true)
    }

    private func addToArtificial(_ row: SolverRow, times factor: Double) {
        artificialConstant += row.constant * factor
        for term in row.terms {
            let sum = artificial[term.symbol] + term.coefficient * factor
            artificial[term.symbol] = abs(sum) < solverEpsilon ? 0 : sum
            if !listedInArtificial[term.symbol] && artificial[term.symbol] != 0 {
                listedInArtificial[term.symbol] = true
                artificialSymbols.append(term.symbol)
            }
        }
    }

    private func clearArtificial() {
        for symbol in artificialSymbols {
            artificial[symbol] = 0
            listedInArtificial[symbol] = false
        }
        artificialSymbols.removeAll(keepingCapacity: true)
    }

    /// The objective's (artificial objective's) coefficient of the symbol at `index` of its
    /// list; a zero is dropped from the list (the next symbol takes its index).
    private func listedCost(at index: Int, artificialObjective: Bool) -> (symbol: Int, cost: Double) {
        if artificialObjective {
            let symbol = artificialSymbols[index]
            let cost = artificial[symbol]
            if cost == 0 {
                listedInArtificial[symbol] = false
                artificialSymbols.swapAt(index, artificialSymbols.count - 1)
                artificialSymbols.removeLast()
            }
            return (symbol, cost)
        }
        let symbol = objectiveSymbols[index]
        let cost = objective[symbol]
        if cost == 0 {
            listedInObjective[symbol] = false
            objectiveSymbols.swapAt(index, objectiveSymbols.count - 1)
            objectiveSymbols.removeLast()
        }
        return (symbol, cost)
    }

    /// Primal simplex on the objective (or the artificial one): pivots while some parametric
    /// symbol can lower it. Dantzig's rule (steepest coefficient), then Bland's (lowest id)
    /// after a run of degenerate pivots, which cannot cycle.
    private func optimize(artificialObjective: Bool) {
        var degenerateRun = 0
        while true {
            var entering = -1
            var direction = 1.0
            var best = 0.0
            // The listed symbols (in no order); ties go to the lowest id.
            var index = 0
            while index < (artificialObjective ? artificialSymbols.count : objectiveSymbols.count) {
                // Read in place: a local copy of the list would be copied when it changes.
                let (symbol, cost) = listedCost(at: index, artificialObjective: artificialObjective)
                if cost == 0 { continue }
                index += 1
                if kinds[symbol] == .dummy || rowOfSymbol[symbol] >= 0 { continue }
                // A restricted symbol can only grow (helps when its cost is negative); an
                // external one is free in sign (helps whenever its cost is not zero).
                let gain: Double
                if kinds[symbol] == .external { gain = abs(cost) } else if cost < -solverEpsilon { gain = -cost } else { continue }
                if gain < solverEpsilon { continue }
                // After a run of degenerate pivots, Bland's rule: the lowest id that helps.
                let better = degenerateRun > 50
                    ? entering < 0 || symbol < entering
                    : gain > best || (gain == best && symbol < entering)
                if better {
                    best = gain
                    entering = symbol
                    direction = cost < 0 ? 1 : -1
                }
            }
            guard entering >= 0 else {
                // Optimal: no symbol's cost helps now, and only a change can make one help.
                if !artificialObjective { clearObjectiveChanges() }
                return
            }
            // Ratio test over restricted rows: the first to reach 0 as the entering symbol moves.
            var leavingSlot = -1
            var bestRatio = Double.infinity
            for slot in columns[entering] where kinds[rows[slot].basic] != .external {
                let coefficient = rows[slot].coefficient(of: entering) * direction
                guard coefficient < -solverEpsilon else { continue }
                let ratio = max(rows[slot].constant, 0) / -coefficient
                if ratio < bestRatio || (ratio == bestRatio && rows[slot].basic < rows[leavingSlot].basic) {
                    bestRatio = ratio
                    leavingSlot = slot
                }
            }
            // Unbounded: impossible, as the objective is a weighted sum of errors ≥ 0; rounding
            // aside, stop rather than loop.
            guard leavingSlot >= 0 else { return }
            degenerateRun = bestRatio < solverEpsilon ? degenerateRun + 1 : 0
            pivot(leavingSlot, entering: entering)
        }
    }

    private func pivot(_ slot: Int, entering: Int) {
        let leaving = rows[slot].basic
        rows[slot].solve(for: leaving, replacing: entering)
        rows[slot].basic = entering
        rowOfSymbol[leaving] = -1
        rowOfSymbol[entering] = slot
        // The row now holds `leaving` and no longer `entering` (which is basic).
        columns[leaving].append(slot)
        removeFromColumn(entering, slot)
        noteChanged(leaving)
        noteChanged(entering)
        substitute(entering, inRowsOtherThan: slot)
    }

    /// Moves `marker` by `shift` (see `Record.markerShift`): only row constants change.
    private func shiftMarker(_ marker: Int, by shift: Double) {
        let own = rowOfSymbol[marker]
        if own >= 0 {
            rows[own].constant -= shift
            if kinds[marker] != .external && rows[own].constant < -solverEpsilon { infeasible.append(marker) }
            if kinds[marker] == .dummy { infeasible.append(marker) }
            return
        }
        let start = infeasible.count
        for index in columns[marker].indices {
            let slot = columns[marker][index]
            let coefficient = rows[slot].coefficient(of: marker)
            guard coefficient != 0 else { continue }
            rows[slot].constant += coefficient * shift
            let basic = rows[slot].basic
            noteChanged(basic)
            if kinds[basic] == .dummy || (kinds[basic] != .external && rows[slot].constant < -solverEpsilon) {
                infeasible.append(basic)
            }
        }
        sortInfeasible(from: start)
    }

    /// Dual simplex: while a restricted basic symbol is negative, pivot in the parametric symbol
    /// that raises it at the least cost to the (still optimal) objective. False when a row
    /// cannot be repaired: its required constraints contradict each other.
    private func dualOptimize() -> Bool {
        while let leaving = infeasible.popLast() {
            let slot = rowOfSymbol[leaving]
            guard slot >= 0 else { continue }
            if kinds[leaving] == .dummy {
                // A dummy is 0 by definition; its row holds only dummies, so nothing can raise it.
                if abs(rows[slot].constant) >= solverEpsilon {
                    noteConflict(symbolsOf: rows[slot], including: leaving)
                    infeasible.removeAll(keepingCapacity: true)
                    return false
                }
                continue
            }
            guard rows[slot].constant < -solverEpsilon else { continue }
            var entering = -1
            var bestRatio = Double.infinity
            for term in rows[slot].terms {
                let kind = kinds[term.symbol]
                if kind == .dummy { continue }
                let ratio: Double
                if kind == .external {
                    ratio = abs(objective[term.symbol]) / abs(term.coefficient)
                } else if term.coefficient > solverEpsilon {
                    ratio = objective[term.symbol] / term.coefficient
                } else { continue }
                if ratio < bestRatio || (ratio == bestRatio && term.symbol < entering) {
                    bestRatio = ratio
                    entering = term.symbol
                }
            }
            guard entering >= 0 else {
                // basic = constant < 0 + Σ c × symbol with no symbol able to raise it: this row
                // and the constraints whose markers it holds contradict each other.
                noteConflict(symbolsOf: rows[slot], including: leaving)
                infeasible.removeAll(keepingCapacity: true)
                return false
            }
            pivot(slot, entering: entering)
        }
        return true
    }
}
