// Ambiguity (UIKit's `hasAmbiguousLayout`): a view's layout is ambiguous when another frame
// satisfies its constraints at the same cost as the solved one, so which one it gets is the
// solver's arbitrary pick.
//
// Probed through the solver's public API only: for each of the view's four variables, a very
// weak edit asks for the current value plus, then minus, a step. Against the view's constraints
// the edit weighs nothing next to even the weakest app priority (1 per point, times its
// multiplier): a variable the constraints fix — at any priority, as UIKit counts optional
// constraints — stays; one that moves did so at no cost, so it is free. The edit is then asked
// for the value it started from and removed, which gives the solver back its solution; if
// rounding or a degenerate pivot leaves another of the equally good solutions, the views it
// moves are marked for layout, so what is drawn always matches the solver.

import VitrineGraphics

extension LayoutEngine {
    /// The edit's strength: far below the weakest constraint an app can make (priority 1, whose
    /// multiplier would have to be below 1e-3 to weigh less), far above the solver's epsilon.
    private static let probeStrength = 1e-6
    /// How far a probe asks a variable to move, in points.
    private static let probeStep = 1.0
    /// A move beyond rounding: the variable is free.
    private static let probeTolerance = 1e-6

    /// Which of the view's frame values (in its superview's space) its constraints leave free;
    /// empty when they fix its frame. A view the engine does not know is free along every axis
    /// when constraints should place it (`translatesAutoresizingMaskIntoConstraints` false:
    /// nothing does) and fixed otherwise (its frame is its own). Never changes a frame.
    func ambiguousAxes(of view: View) -> AmbiguousLayoutAxes {
        guard !view.translatesAutoresizingMaskIntoConstraints else { return [] }
        let index = view.layoutEngineEntry
        guard index >= 0, entries[index].live else { return .all }
        let entry = entries[index]
        var axes: AmbiguousLayoutAxes = []
        let probes: [(SolverVariable, AmbiguousLayoutAxes)] = [(entry.left, .x), (entry.top, .y),
                                                              (entry.width, .width), (entry.height, .height)]
        for (variable, axis) in probes where probeMoves(variable) { axes.insert(axis) }
        // Should the solver have settled on another of the equally good solutions, what it
        // moved is laid out in the next pass (only free variables can have moved).
        if !axes.isEmpty { markMovedViews() }
        return axes
    }

    /// Whether a very weak edit moves `variable` off its value (up or down); leaves no edit.
    private func probeMoves(_ variable: SolverVariable) -> Bool {
        guard !solver.hasEditVariable(variable) else { return false }
        let value = solver.value(of: variable)
        do {
            try solver.addEditVariable(variable, strength: Self.probeStrength)
        } catch {
            return false
        }
        var moved = false
        for target in [value + Self.probeStep, value - Self.probeStep] where !moved {
            if (try? solver.suggestValue(target, for: variable)) != nil {
                moved = abs(solver.value(of: variable) - value) > Self.probeTolerance
            }
        }
        try? solver.suggestValue(value, for: variable)
        try? solver.removeEditVariable(variable)
        return moved
    }

    /// Another frame the view's constraints allow, when they leave it free: each free value
    /// asked to move by `step` points (the other way when it cannot), as far as the
    /// constraints let it. The solver keeps its solution.
    func alternativeFrame(of view: View, step: Double) -> Rect? {
        let index = view.layoutEngineEntry
        guard !view.translatesAutoresizingMaskIntoConstraints, index >= 0, entries[index].live else { return nil }
        let entry = entries[index]
        let variables = [entry.left, entry.top, entry.width, entry.height]
        var edited: [(SolverVariable, Double)] = []
        for variable in variables where !solver.hasEditVariable(variable) {
            let value = solver.value(of: variable)
            guard (try? solver.addEditVariable(variable, strength: Self.probeStrength)) != nil else { continue }
            edited.append((variable, value))
            try? solver.suggestValue(value + step, for: variable)
            if abs(solver.value(of: variable) - value) <= Self.probeTolerance {
                try? solver.suggestValue(value - step, for: variable)
            }
        }
        let frame = solvedFrame(index)
        for (variable, value) in edited.reversed() {
            try? solver.suggestValue(value, for: variable)
        }
        for (variable, _) in edited.reversed() {
            try? solver.removeEditVariable(variable)
        }
        markMovedViews()
        return frame
    }
}

/// The parts of a view's frame its constraints leave free (`View.ambiguousLayoutAxes`).
public struct AmbiguousLayoutAxes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The frame's minX in the superview's space.
    public static let x = AmbiguousLayoutAxes(rawValue: 1)
    /// The frame's minY in the superview's space.
    public static let y = AmbiguousLayoutAxes(rawValue: 2)
    /// The frame's width.
    public static let width = AmbiguousLayoutAxes(rawValue: 4)
    /// The frame's height.
    public static let height = AmbiguousLayoutAxes(rawValue: 8)
    /// All four.
    public static let all: AmbiguousLayoutAxes = [.x, .y, .width, .height]

    /// The names of the members, e.g. `x, width`.
    public var description: String {
        [(Self.x, "x"), (.y, "y"), (.width, "width"), (.height, "height")]
            .filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
