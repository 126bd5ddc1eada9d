import VitrineGraphics

extension ScrollView {
    /// Moves the content offset by `delta` (points, content space) and carries a drag or a
    /// motion in progress along with it, so that the content under the finger, or coasting,
    /// does not jump. A list calls it when content above what is shown changed size (a
    /// self-sizing row measured as it came on screen): the offset moves by the change, the
    /// visible content stays where it is on screen, and the next frame of the drag or of the
    /// momentum goes on from there instead of snapping back to the old position.
    package func correctContentOffset(by delta: Point) {
        guard delta != .zero, delta.x.isFinite, delta.y.isFinite else { return }
        scrolling.dragStart.x += delta.x
        scrolling.dragStart.y += delta.y
        if scrolling.x.isActive {
            scrolling.x.start += delta.x
            scrolling.x.target += delta.x
        }
        if scrolling.y.isActive {
            scrolling.y.start += delta.y
            scrolling.y.target += delta.y
        }
        if scrolling.motion == .animation {
            scrolling.animationFrom = Point(x: scrolling.animationFrom.x + delta.x, y: scrolling.animationFrom.y + delta.y)
            scrolling.animationTo = Point(x: scrolling.animationTo.x + delta.x, y: scrolling.animationTo.y + delta.y)
        }
        contentOffset = Point(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y)
    }
}
