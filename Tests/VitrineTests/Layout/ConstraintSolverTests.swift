// The constraint solver against an independent reference: the weighted-error linear program of
// each small random system is solved by enumerating the vertices of its hyperplane
// arrangement (every constraint's hyperplane plus the coordinate planes, which make every
// cell pointed, so the minimum of the piecewise-linear objective is at one of them).

import Testing
import VitrineCore

/// SplitMix64: a small seeded generator, so a failing system can be replayed from its seed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A constraint as plain numbers: `Σ coefficients[j] × x_j + constant (relation) 0`.
private struct RandomConstraint {
    var coefficients: [Double]
    var constant: Double
    var relation: LinearRelation
    var strength: Double

    func value(at x: [Double]) -> Double {
        zip(coefficients, x).reduce(constant) { $0 + $1.0 * $1.1 }
    }

    /// How far `x` is from satisfying it (0 when it holds).
    func violation(at x: [Double]) -> Double {
        let v = value(at: x)
        switch relation {
        case .equal: return abs(v)
        case .lessThanOrEqual: return max(v, 0)
        case .greaterThanOrEqual: return max(-v, 0)
        }
    }

    var isRequired: Bool { strength >= 1000 }
}

private func randomSystem(_ generator: inout SeededGenerator) -> (variables: Int, constraints: [RandomConstraint]) {
    let variables = Int.random(in: 2...5, using: &generator)
    let count = Int.random(in: 3...8, using: &generator)
    let strengths: [Double] = [1000, 1000, 1000, 999, 750, 500, 250, 10, 1]
    var constraints: [RandomConstraint] = []
    for _ in 0..<count {
        var coefficients = (0..<variables).map { _ in Double(Int.random(in: -3...3, using: &generator)) }
        // At most three variables per constraint, like a layout constraint; never none.
        for index in coefficients.indices where Int.random(in: 0..<variables, using: &generator) >= 3 { coefficients[index] = 0 }
        if coefficients.allSatisfy({ $0 == 0 }) { coefficients[Int.random(in: 0..<variables, using: &generator)] = 1 }
        let relation = [LinearRelation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &generator)!
        constraints.append(RandomConstraint(coefficients: coefficients,
                                            constant: Double(Int.random(in: -10...10, using: &generator)),
                                            relation: relation, strength: strengths.randomElement(using: &generator)!))
    }
    return (variables, constraints)
}

/// Weighted error of the non-required constraints at `x`.
private func weightedError(_ constraints: [RandomConstraint], at x: [Double]) -> Double {
    constraints.filter { !$0.isRequired }.reduce(0) { $0 + $1.strength * $1.violation(at: x) }
}

/// Solves the square system `a x = b` by Gaussian elimination with partial pivoting; nil when singular.
private func solveSquare(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let n = b.count
    var m = a
    var r = b
    for column in 0..<n {
        guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
              abs(m[pivot][column]) > 1e-9 else { return nil }
        m.swapAt(column, pivot)
        r.swapAt(column, pivot)
        for row in 0..<n where row != column {
            let factor = m[row][column] / m[column][column]
            if factor == 0 { continue }
            for k in column..<n { m[row][k] -= factor * m[column][k] }
            r[row] -= factor * r[column]
        }
    }
    return (0..<n).map { r[$0] / m[$0][$0] }
}

/// The reference: the least weighted error over points satisfying every required constraint,
/// or nil when the required ones contradict each other.
private func referenceOptimum(variables n: Int, _ constraints: [RandomConstraint]) -> Double? {
    var planes: [([Double], Double)] = constraints.map { ($0.coefficients, -$0.constant) }
    for j in 0..<n {
        var unit = [Double](repeating: 0, count: n)
        unit[j] = 1
        planes.append((unit, 0))
    }
    var best: Double?
    var chosen: [Int] = []
    func visit(_ start: Int) {
        if chosen.count == n {
            guard let x = solveSquare(chosen.map { planes[$0].0 }, chosen.map { planes[$0].1 }) else { return }
            guard constraints.allSatisfy({ !$0.isRequired || $0.violation(at: x) <= 1e-7 }) else { return }
            let error = weightedError(constraints, at: x)
            if best == nil || error < best! { best = error }
            return
        }
        guard start < planes.count else { return }
        for index in start..<planes.count {
            chosen.append(index)
            visit(index + 1)
            chosen.removeLast()
        }
    }
    visit(0)
    return best
}

private func expression(_ constraint: RandomConstraint, _ variables: [SolverVariable]) -> LinearExpression {
    LinearExpression(zip(variables, constraint.coefficients).map { LinearTerm($0.0, $0.1) }, constant: constraint.constant)
}

/// Adds the constraints in order the way the reference expects: a required one that
/// contradicts the required ones before it is refused (and must be). Returns the kept ones.
private func addAll(_ constraints: [RandomConstraint], to solver: ConstraintSolver, _ variables: [SolverVariable],
                    n: Int, seed: UInt64) -> [(RandomConstraint, SolverConstraint)] {
    var kept: [(RandomConstraint, SolverConstraint)] = []
    for constraint in constraints {
        let feasible = !constraint.isRequired
            || referenceOptimum(variables: n, (kept.map(\.0) + [constraint]).filter(\.isRequired)) != nil
        do {
            let handle = try solver.add(expression(constraint, variables), constraint.relation, strength: constraint.strength)
            #expect(feasible, "seed \(seed): accepted a required constraint that contradicts the others")
            kept.append((constraint, handle))
        } catch {
            #expect(error == .unsatisfiable)
            #expect(!feasible, "seed \(seed): refused a satisfiable constraint")
        }
    }
    return kept
}

/// The solver's solution meets every required constraint and reaches the reference's optimum.
private func expectOptimal(_ solver: ConstraintSolver, _ variables: [SolverVariable], _ constraints: [RandomConstraint],
                           n: Int, _ context: String) {
    let x = variables.map { solver.value(of: $0) }
    for constraint in constraints where constraint.isRequired {
        #expect(constraint.violation(at: x) <= 1e-6, "\(context): required constraint broken at \(x)")
    }
    guard let reference = referenceOptimum(variables: n, constraints) else {
        Issue.record("\(context): reference found the kept constraints infeasible")
        return
    }
    let error = weightedError(constraints, at: x)
    #expect(abs(error - reference) <= 1e-6 * max(1, reference), "\(context): error \(error), optimum \(reference)")
}

@Suite("Constraint solver")
struct ConstraintSolverTests {
    @Test("random small systems reach the reference optimum")
    func randomSystems() {
        for seed in UInt64(1)...200 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            let kept = addAll(constraints, to: solver, variables, n: n, seed: seed)
            expectOptimal(solver, variables, kept.map(\.0), n: n, "seed \(seed)")
        }
    }

    @Test("removing constraints gives the optimum of what is left")
    func incrementalRemoval() throws {
        for seed in UInt64(1001)...1150 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            var kept = addAll(constraints, to: solver, variables, n: n, seed: seed)
            // Remove about half, in random order, checking after each removal.
            for _ in 0..<(kept.count / 2 + 1) where !kept.isEmpty {
                let index = Int.random(in: kept.indices, using: &generator)
                try solver.remove(kept[index].1)
                kept.remove(at: index)
                expectOptimal(solver, variables, kept.map(\.0), n: n, "seed \(seed) after removal")
            }
            // And add a fresh batch on top: the incremental state must still be a sound base.
            let (_, more) = randomSystem(&generator)
            let extra = more.map { c in
                RandomConstraint(coefficients: Array((c.coefficients + [0, 0, 0, 0, 0]).prefix(n)),
                                 constant: c.constant, relation: c.relation, strength: c.strength)
            }.filter { $0.coefficients.contains { $0 != 0 } }
            var all = kept.map(\.0)
            for constraint in extra {
                let feasible = !constraint.isRequired || referenceOptimum(variables: n, (all + [constraint]).filter(\.isRequired)) != nil
                do {
                    _ = try solver.add(expression(constraint, variables), constraint.relation, strength: constraint.strength)
                    #expect(feasible, "seed \(seed): accepted a contradiction after removals")
                    all.append(constraint)
                } catch {
                    #expect(!feasible, "seed \(seed): refused a satisfiable constraint after removals")
                }
            }
            expectOptimal(solver, variables, all, n: n, "seed \(seed) after re-adding")
        }
    }

    @Test("changing constants in place matches a fresh solve")
    func constantEdits() throws {
        for seed in UInt64(2001)...2150 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            var kept = addAll(constraints, to: solver, variables, n: n, seed: seed)
            guard !kept.isEmpty else { continue }
            for _ in 0..<6 {
                let index = Int.random(in: kept.indices, using: &generator)
                let newConstant = Double(Int.random(in: -12...12, using: &generator))
                var changed = kept.map(\.0)
                changed[index].constant = newConstant
                let feasible = referenceOptimum(variables: n, changed.filter(\.isRequired)) != nil
                do {
                    try solver.setConstant(newConstant, of: kept[index].1)
                    #expect(feasible, "seed \(seed): accepted a contradicting constant")
                    kept[index].0.constant = newConstant
                    #expect(try solver.constant(of: kept[index].1) == newConstant)
                } catch {
                    #expect(error == .unsatisfiable)
                    #expect(!feasible, "seed \(seed): refused a satisfiable constant")
                    // Refused: the constant stays, and the check below finds the unchanged optimum.
                    #expect(try solver.constant(of: kept[index].1) == kept[index].0.constant)
                }
                expectOptimal(solver, variables, kept.map(\.0), n: n, "seed \(seed) after setConstant")
            }
        }
    }

    @Test("suggested values are tracked within the other constraints")
    func suggestValue() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable(), width = solver.makeVariable()
        // 10 ≤ x ≤ 100 (required); width = 200 − x (required), width ≥ 50 at 750.
        _ = try solver.add(LinearExpression(x) - 10, .greaterThanOrEqual, strength: 1000)
        _ = try solver.add(LinearExpression(x) - 100, .lessThanOrEqual, strength: 1000)
        _ = try solver.add(LinearExpression(width) + LinearExpression(x) - 200, .equal, strength: 1000)
        try solver.addEditVariable(x, strength: 500)
        #expect(throws: SolverError.duplicateEditVariable) { try solver.addEditVariable(x, strength: 500) }
        for (suggested, expected) in [(50.0, 50.0), (5, 10), (120, 100), (70, 70), (-3, 10)] {
            try solver.suggestValue(suggested, for: x)
            #expect(abs(solver.value(of: x) - expected) < 1e-9)
            #expect(abs(solver.value(of: width) - (200 - expected)) < 1e-9)
        }
        try solver.removeEditVariable(x)
        #expect(throws: SolverError.unknownEditVariable) { try solver.suggestValue(1, for: x) }
    }

    @Test("random edits match a fresh solve with the edit as a constraint")
    func randomSuggestions() throws {
        for seed in UInt64(3001)...3100 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            let kept = addAll(constraints, to: solver, variables, n: n, seed: seed).map(\.0)
            let edited = Int.random(in: 0..<n, using: &generator)
            let strength = [1.0, 100, 500, 999].randomElement(using: &generator)!
            try solver.addEditVariable(variables[edited], strength: strength)
            for _ in 0..<8 {
                let value = Double(Int.random(in: -20...20, using: &generator))
                try solver.suggestValue(value, for: variables[edited])
                var unit = [Double](repeating: 0, count: n)
                unit[edited] = 1
                let edit = RandomConstraint(coefficients: unit, constant: -value, relation: .equal, strength: strength)
                expectOptimal(solver, variables, kept + [edit], n: n, "seed \(seed) suggesting \(value)")
            }
        }
    }

    @Test("a refused constraint names the required ones it contradicts, and no others")
    func conflictSets() throws {
        var refusals = 0
        for seed in UInt64(3001)...3400 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            var kept: [(RandomConstraint, SolverConstraint)] = []
            for constraint in constraints {
                do {
                    kept.append((constraint, try solver.add(expression(constraint, variables), constraint.relation,
                                                            strength: constraint.strength)))
                } catch {
                    refusals += 1
                    let named = solver.lastConflict.compactMap { handle in kept.first { $0.1 == handle }?.0 }
                    #expect(named.count == solver.lastConflict.count, "seed \(seed): names a constraint not in the solver")
                    #expect(named.allSatisfy { $0.isRequired }, "seed \(seed): names an optional constraint")
                    // The named ones and the refused one contradict each other…
                    #expect(referenceOptimum(variables: n, named + [constraint]) == nil, "seed \(seed): \(named) do not conflict")
                    // …and each named one is needed for that.
                    for index in named.indices {
                        var fewer = named
                        fewer.remove(at: index)
                        #expect(referenceOptimum(variables: n, fewer + [constraint]) != nil,
                                "seed \(seed): \(named[index]) is not part of the conflict")
                    }
                }
            }
            // A refused constant names the changed constraint and what it contradicts.
            guard let (changed, handle) = kept.first(where: { $0.0.isRequired }) else { continue }
            let newConstant = changed.constant + 50
            var moved = changed
            moved.constant = newConstant
            let others = kept.filter { $0.1 != handle }
            guard referenceOptimum(variables: n, (others.map(\.0) + [moved]).filter(\.isRequired)) == nil else { continue }
            #expect(throws: SolverError.unsatisfiable) { try solver.setConstant(newConstant, of: handle) }
            refusals += 1
            #expect(solver.lastConflict.contains(handle), "seed \(seed)")
            let named = solver.lastConflict.filter { $0 != handle }.compactMap { h in others.first { $0.1 == h }?.0 }
            #expect(named.count + 1 == solver.lastConflict.count, "seed \(seed)")
            #expect(referenceOptimum(variables: n, named + [moved]) == nil, "seed \(seed): \(named) do not conflict")
        }
        #expect(refusals >= 30, "the seeds must exercise refusals")
    }

    @Test("contradicting required constraints are refused and leave the solver as it was")
    func unsatisfiable() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        let pin = try solver.add(LinearExpression(x) - 10, .equal, strength: 1000)
        #expect(throws: SolverError.unsatisfiable) { try solver.add(LinearExpression(x) - 20, .equal, strength: 1000) }
        #expect(solver.value(of: x) == 10)
        #expect(solver.lastConflict == [pin])
        // x ≤ 5 contradicts x = 10 through an inequality (the artificial-variable path).
        #expect(throws: SolverError.unsatisfiable) { try solver.add(LinearExpression(x) - 5, .lessThanOrEqual, strength: 1000) }
        #expect(solver.value(of: x) == 10)
        // Not required: accepted and violated as little as its weight allows.
        _ = try solver.add(LinearExpression(x) - 5, .lessThanOrEqual, strength: 750)
        #expect(solver.value(of: x) == 10)
        // y ≥ x + 1 and y ≤ 12: changing x's pin to 20 contradicts them; the change is refused.
        _ = try solver.add(LinearExpression(y) - LinearExpression(x) - 1, .greaterThanOrEqual, strength: 1000)
        _ = try solver.add(LinearExpression(y) - 12, .lessThanOrEqual, strength: 1000)
        #expect(throws: SolverError.unsatisfiable) { try solver.setConstant(-20, of: pin) }
        #expect(solver.value(of: x) == 10)
        #expect(try solver.constant(of: pin) == -10)
        try solver.setConstant(-11, of: pin)
        #expect(solver.value(of: x) == 11)
        #expect(solver.value(of: y) == 12)
        // A redundant copy is fine; changing one of the copies is not.
        let copy = try solver.add(LinearExpression(x) - 11, .equal, strength: 1000)
        #expect(throws: SolverError.unsatisfiable) { try solver.setConstant(-10, of: copy) }
        #expect(solver.value(of: x) == 11)
        try solver.remove(copy)
        #expect(throws: SolverError.unknownConstraint) { try solver.remove(copy) }
        #expect(throws: SolverError.variableInUse) { try solver.releaseVariable(x) }
    }

    @Test("a constant change lists the variables it moves, not the others")
    func changedVariablesOfAConstant() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        let pin = try solver.add(LinearExpression(x) - 10, .equal, strength: 1000)
        // y = x + 5; z = 100 and wishes to be 2x at 250 (it stays at 100).
        _ = try solver.add(LinearExpression(y) - LinearExpression(x) - 5, .equal, strength: 1000)
        _ = try solver.add(LinearExpression(z) - 100, .equal, strength: 1000)
        _ = try solver.add(LinearExpression(z) - 2 * LinearExpression(x), .equal, strength: 250)
        #expect(Set(solver.changedVariables) == [x, y, z])
        solver.clearChangedVariables()
        #expect(solver.changedVariables.isEmpty)
        try solver.setConstant(-20, of: pin)
        #expect(solver.value(of: y) == 25)
        #expect(solver.value(of: z) == 100)
        #expect(Set(solver.changedVariables) == [x, y])
        #expect(solver.changedVariables.count == 2)
        solver.clearChangedVariables()
        // Refused: nothing moved in the end, but what moved on the way may be listed.
        _ = try solver.add(LinearExpression(y) - 40, .lessThanOrEqual, strength: 1000)
        solver.clearChangedVariables()
        #expect(throws: SolverError.unsatisfiable) { try solver.setConstant(-50, of: pin) }
        #expect(solver.value(of: x) == 20)
        #expect(!solver.changedVariables.contains(z))
    }

    @Test("every variable an operation moves is listed as changed, once")
    func changedVariablesCoverEveryMove() throws {
        for seed in UInt64(4001)...4150 {
            var generator = SeededGenerator(seed: seed)
            let (n, constraints) = randomSystem(&generator)
            let solver = ConstraintSolver()
            let variables = (0..<n).map { _ in solver.makeVariable() }
            var kept = addAll(constraints, to: solver, variables, n: n, seed: seed)
            let (_, more) = randomSystem(&generator)
            var extra = more.map { c in
                RandomConstraint(coefficients: Array((c.coefficients + [0, 0, 0, 0, 0]).prefix(n)),
                                 constant: c.constant, relation: c.relation, strength: c.strength)
            }.filter { $0.coefficients.contains { $0 != 0 } }
            for step in 0..<8 {
                let before = variables.map { solver.value(of: $0) }
                solver.clearChangedVariables()
                let operation = Int.random(in: 0..<3, using: &generator)
                if operation == 0, !kept.isEmpty {
                    let index = Int.random(in: kept.indices, using: &generator)
                    let constant = Double(Int.random(in: -12...12, using: &generator))
                    if (try? solver.setConstant(constant, of: kept[index].1)) != nil { kept[index].0.constant = constant }
                } else if operation == 1, !kept.isEmpty {
                    try solver.remove(kept.remove(at: Int.random(in: kept.indices, using: &generator)).1)
                } else if let constraint = extra.popLast(),
                          let handle = try? solver.add(expression(constraint, variables), constraint.relation, strength: constraint.strength) {
                    kept.append((constraint, handle))
                }
                let listed = solver.changedVariables
                #expect(Set(listed).count == listed.count, "seed \(seed) step \(step): a variable listed twice")
                for (variable, old) in zip(variables, before) where solver.value(of: variable) != old {
                    #expect(listed.contains(variable), "seed \(seed) step \(step): a moved variable is not listed")
                }
            }
        }
    }
}
