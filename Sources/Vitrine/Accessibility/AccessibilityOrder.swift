import VitrineGraphics

// Reading order: the elements of a window as assistive technology and the focus engine walk
// them. A container's elements are its `accessibilityElements` in their order, else its
// subviews' elements sorted into lines top to bottom (a view starts a new line when its top
// is below the middle of the line's first view), each line leading to trailing (right to left
// under `effectiveUserInterfaceLayoutDirection == .rightToLeft`), depth first. Hidden views,
// views of alpha under 0.01 and `accessibilityElementsHidden` subtrees are skipped; while a
// view with `accessibilityViewIsModal` is shown, only its subtree counts (the front-most one).

extension Window {
    /// The window's accessibility elements in reading order (see above). Frames are compared
    /// in screen points (`accessibilityFrame`).
    public func accessibilityElementsInReadingOrder() -> [View] {
        var elements: [View] = []
        var scratch: [View] = []
        collectAccessibilityElements(into: &elements, scratch: &scratch)
        return elements
    }

    /// The element under `point` (screen points, as `accessibilityFrame`): of the elements in
    /// reading order whose frame contains it, the smallest (the most specific); nil when none.
    /// What touch exploration speaks.
    public func accessibilityElement(atScreenPoint point: Point) -> View? {
        var best: View?
        var bestArea = Double.infinity
        for element in accessibilityElementsInReadingOrder() {
            let frame = element.accessibilityFrame
            guard frame.contains(point) else { continue }
            let area = frame.width * frame.height
            if area < bestArea {
                best = element
                bestArea = area
            }
        }
        return best
    }

    /// The front-most shown view with `accessibilityViewIsModal`, or nil.
    public var accessibilityModalView: View? { frontModal(in: self) }

    /// Appends the elements in reading order to `elements`, using `scratch` for the sorting
    /// (both reused by the focus engine, so that a key allocates nothing once warm).
    func collectAccessibilityElements(into elements: inout [View], scratch: inout [View]) {
        elements.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        let root = frontModal(in: self) ?? self
        AccessibilityOrder.visit(root, into: &elements, scratch: &scratch)
    }

    private func frontModal(in view: View) -> View? {
        for subview in view.subviews.reversed() where AccessibilityOrder.isShown(subview) {
            if subview.accessibilityViewIsModal { return subview }
            if let found = frontModal(in: subview) { return found }
        }
        return nil
    }
}

@MainActor
enum AccessibilityOrder {
    static func isShown(_ view: View) -> Bool {
        !view.isHidden && view.alpha >= 0.01 && !view.accessibilityElementsHidden
    }

    static func visit(_ view: View, into elements: inout [View], scratch: inout [View]) {
        guard isShown(view) else { return }
        if view.isAccessibilityElement {
            elements.append(view)
            return
        }
        let start = scratch.count
        if let listed = view.accessibilityElements {
            scratch.append(contentsOf: listed)
        } else {
            scratch.append(contentsOf: view.subviews)
            sortIntoLines(&scratch, from: start, rightToLeft: view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        }
        let end = scratch.count
        var index = start
        while index < end {
            visit(scratch[index], into: &elements, scratch: &scratch)
            index += 1
        }
        scratch.removeSubrange(start...)
    }

    /// Sorts `views[start...]` into reading order: by top, then lines, each by leading edge.
    static func sortIntoLines(_ views: inout [View], from start: Int, rightToLeft: Bool) {
        guard views.count - start > 1 else { return }
        views[start...].sort { a, b in
            let fa = a.accessibilityFrame, fb = b.accessibilityFrame
            return fa.minY != fb.minY ? fa.minY < fb.minY : fa.minX < fb.minX
        }
        var lineStart = start
        while lineStart < views.count {
            let lineBottom = views[lineStart].accessibilityFrame.midY
            var lineEnd = lineStart + 1
            while lineEnd < views.count && views[lineEnd].accessibilityFrame.minY < lineBottom { lineEnd += 1 }
            if lineEnd - lineStart > 1 {
                views[lineStart..<lineEnd].sort { a, b in
                    let fa = a.accessibilityFrame, fb = b.accessibilityFrame
                    return rightToLeft ? fa.maxX > fb.maxX : fa.minX < fb.minX
                }
            }
            lineStart = lineEnd
        }
    }
}
