// The value types the constraint solver is spoken to in: variables, linear expressions,
// relations, errors. The solver itself is ConstraintSolver.swift.

/// A real-valued unknown of a `ConstraintSolver`: an index the solver made
/// (`ConstraintSolver.makeVariable()`), meaningful only to that solver.
public struct SolverVariable: Hashable, Sendable {
    /// The solver's index for the variable.
    public let index: Int
    /// Wraps an index; only a solver makes variables that mean something.
    init(index: Int) { self.index = index }
}

/// One term of a `LinearExpression`: `coefficient × variable`.
public struct LinearTerm: Equatable, Sendable {
    /// The unknown.
    public var variable: SolverVariable
    /// Its factor.
    public var coefficient: Double
    /// `coefficient × variable`.
    public init(_ variable: SolverVariable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `Σ coefficientᵢ × variableᵢ + constant`. A variable may appear in several terms; their
/// coefficients add up.
public struct LinearExpression: Equatable, Sendable {
    /// The terms.
    public var terms: [LinearTerm]
    /// The constant part.
    public var constant: Double

    /// An expression of `terms` plus `constant`.
    public init(_ terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// `1 × variable`.
    public init(_ variable: SolverVariable) {
        self.init([LinearTerm(variable)])
    }

    /// The expression times `factor`.
    public static func * (expression: LinearExpression, factor: Double) -> LinearExpression {
        LinearExpression(expression.terms.map { LinearTerm($0.variable, $0.coefficient * factor) },
                         constant: expression.constant * factor)
    }

    /// `factor × expression`.
    public static func * (factor: Double, expression: LinearExpression) -> LinearExpression {
        expression * factor
    }

    /// The sum of two expressions.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// The difference of two expressions.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + rhs * -1
    }

    /// The expression plus a constant.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + rhs)
    }

    /// The expression minus a constant.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs + -rhs
    }
}

/// How a constraint's expression compares with zero.
public enum LinearRelation: Sendable, Hashable {
    /// `expression ≤ 0`.
    case lessThanOrEqual
    /// `expression = 0`.
    case equal
    /// `expression ≥ 0`.
    case greaterThanOrEqual
}

/// A constraint added to a `ConstraintSolver`: a handle to remove it or change its constant.
/// A handle of a removed constraint is refused (`SolverError.unknownConstraint`), even when
/// the solver reuses its slot.
public struct SolverConstraint: Hashable, Sendable {
    /// The solver's slot for the constraint.
    let slot: Int
    /// Which use of the slot this is (slots are reused after a removal).
    let generation: Int
}

/// Why a `ConstraintSolver` refused an operation. The solver is unchanged after each.
public enum SolverError: Error, Equatable, Sendable {
    /// The constraint is required (strength 1000) and no assignment of the variables satisfies
    /// it together with the required constraints already in the solver.
    case unsatisfiable
    /// The handle names no constraint in this solver (never added, or removed).
    case unknownConstraint
    /// The variable is not an edit variable (`addEditVariable`) of this solver.
    case unknownEditVariable
    /// The variable is already an edit variable.
    case duplicateEditVariable
    /// The variable is still used by a constraint, so it cannot be released.
    case variableInUse
    /// A coefficient, constant or strength is not finite (or a strength not positive).
    case invalidValue
}
