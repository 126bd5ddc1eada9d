import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Helpers of the layout tests (next to `Harness`, which they use).

extension Harness {
    /// Runs the turn a real event would have run after the test's changes (test code runs outside
    /// any turn, so it wakes the loop itself), then lets the presented frame's flip land, so that
    /// the commit of the next call is not held back by it. Layout work pending before the call is
    /// done by exactly one commit.
    func runLayoutTurn() {
        loop.wakeUp()
        loop.runUntilIdle()
        // A vblank is at most one refresh period (1/60 s) away.
        while display.isFlipPending || app.hasPendingCommit {
            loop.advance(by: 0.025)
        }
    }
}

/// A shared, ordered record of layout callbacks, so tests can assert who ran before whom.
@MainActor
final class LayoutLog {
    var entries: [String] = []
}

/// A view that records its `layoutSubviews` calls (into `log` when given) and, optionally, what
/// its subviews' frames were at that moment.
@MainActor
final class LayoutProbeView: View {
    var name = ""
    var log: LayoutLog?
    var layoutCount = 0
    /// Subview frames seen by the latest `layoutSubviews`, in subview order.
    var framesSeenInLayout: [Rect] = []
    /// Runs once, inside the next `layoutSubviews`, then is cleared.
    var onNextLayout: (() -> Void)?

    convenience init(_ name: String, frame: Rect, log: LayoutLog? = nil) {
        self.init(frame: frame)
        self.name = name
        self.log = log
    }

    override func layoutSubviews() {
        layoutCount += 1
        log?.entries.append(name)
        framesSeenInLayout = subviews.map(\.frame)
        if let action = onNextLayout {
            onNextLayout = nil
            action()
        }
    }
}

/// A view whose `intrinsicContentSize` the test sets; setting it invalidates the size, as a label
/// does when its text changes.
@MainActor
final class LayoutSizedView: View {
    var intrinsic = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) {
        didSet { invalidateIntrinsicContentSize() }
    }

    override var intrinsicContentSize: Size { intrinsic }

    /// A view with intrinsic `main` along `axis` and `cross` across it (nil: no intrinsic metric),
    /// and frame lengths `frameMain` × `frameCross` (the fallback when a metric is missing).
    convenience init(main: Double?, cross: Double?, axis: StackView.Axis,
                     frameMain: Double = 0, frameCross: Double = 0) {
        let frameSize = LayoutAxes.size(main: frameMain, cross: frameCross, axis: axis)
        self.init(frame: Rect(origin: .zero, size: frameSize))
        intrinsic = LayoutAxes.size(main: main ?? View.noIntrinsicMetric,
                                    cross: cross ?? View.noIntrinsicMetric, axis: axis)
    }
}

/// A stack that counts its layouts.
@MainActor
final class CountingStackView: StackView {
    var layoutCount = 0

    override func layoutSubviews() {
        layoutCount += 1
        super.layoutSubviews()
    }
}

/// Turns "along the axis / across it" values into x/y ones, so one hand-computed expectation
/// serves a row and a column.
enum LayoutAxes {
    static func size(main: Double, cross: Double, axis: StackView.Axis) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }

    /// The frame starting at `main` along the axis (length `length`) and at `cross` across it
    /// (length `crossLength`).
    static func frame(main: Double, length: Double, cross: Double, crossLength: Double,
                      axis: StackView.Axis) -> Rect {
        axis == .horizontal
            ? Rect(x: main, y: cross, width: length, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: length)
    }
}

/// Equal within 1e-9 on every edge: shares like 380/800 are not exact in binary, so a frame
/// computed by hand may differ from the laid-out one by an ulp.
func layoutClose(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9
        && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

/// Expects `views` to have `frames`, one by one, with a readable failure.
@MainActor
func expectFrames(_ views: [View], _ frames: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(views.count == frames.count, sourceLocation: sourceLocation)
    for (view, frame) in zip(views, frames) {
        #expect(layoutClose(view.frame, frame), "\(view.frame) is not \(frame)", sourceLocation: sourceLocation)
    }
}
