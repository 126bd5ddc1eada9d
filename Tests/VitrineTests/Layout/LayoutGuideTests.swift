import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Layout guides, margins, the safe area and baselines give UIKit's frames.
@MainActor
struct LayoutGuideTests {
    private func constrained(in root: View) -> View {
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    private func pin(_ view: View, to guide: LayoutGuide) {
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            view.topAnchor.constraint(equalTo: guide.topAnchor),
            view.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
    }

    @Test func pinnedToTheLayoutMarginsFollowsThem() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let child = constrained(in: root)
        pin(child, to: root.layoutMarginsGuide)
        root.layoutIfNeeded()
        // UIKit's default margins: 8 points on each side.
        #expect(child.frame == Rect(x: 8, y: 8, width: 384, height: 284))
        #expect(root.layoutMarginsGuide.layoutFrame == child.frame)
        root.layoutMargins = EdgeInsets(top: 20, left: 16, bottom: 10, right: 24)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 16, y: 20, width: 360, height: 270))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 10)
        #expect(root.layoutMargins == EdgeInsets(top: 0, left: 40, bottom: 0, right: 10))
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 40, y: 0, width: 350, height: 300))
        // The guide follows its view's size.
        root.frame = Rect(x: 0, y: 0, width: 500, height: 100)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 40, y: 0, width: 450, height: 100))
    }

    @Test func aGuideOfTheSuperviewPlacesASubviewOfASubview() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let panel = View(frame: Rect(x: 50, y: 40, width: 200, height: 100))
        root.addSubview(panel)
        let inner = constrained(in: panel)
        // inner's edges meet root's margins guide: the common ancestor is root.
        LayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor, constant: 2),
            inner.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame == Rect(x: -40, y: -32, width: 10, height: 10))
    }

    @Test func aPlainGuideSpacesTwoViewsAndCentresTheGroup() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let a = constrained(in: root), b = constrained(in: root)
        let gap = LayoutGuide()
        root.addLayoutGuide(gap)
        let group = LayoutGuide()
        group.identifier = "group"
        root.addLayoutGuide(group)
        #expect(root.layoutGuides.count == 2 && gap.owningView === root)
        LayoutConstraint.activate([
            a.widthAnchor.constraint(equalToConstant: 100), b.widthAnchor.constraint(equalToConstant: 60),
            a.heightAnchor.constraint(equalToConstant: 20), b.heightAnchor.constraint(equalTo: a.heightAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: a.topAnchor),
            gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
            gap.widthAnchor.constraint(equalToConstant: 20),
            group.leadingAnchor.constraint(equalTo: a.leadingAnchor),
            group.trailingAnchor.constraint(equalTo: b.trailingAnchor),
            group.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 110, y: 0, width: 100, height: 20))
        #expect(b.frame == Rect(x: 230, y: 0, width: 60, height: 20))
        #expect(group.layoutFrame.minX == 110 && group.layoutFrame.width == 180)
        // Removing a guide deactivates what mentions it.
        let edge = b.leadingAnchor.constraint(equalTo: gap.trailingAnchor)
        edge.isActive = true
        root.removeLayoutGuide(gap)
        #expect(!edge.isActive && gap.owningView == nil && root.layoutGuides.count == 1)
    }

    @Test func theSafeAreaIsThePanelsInsetsTurnedWithTheScreen() {
        let h = Harness()
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 0, right: 0)
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        h.window.addSubview(content)
        pin(content, to: h.window.safeAreaLayoutGuide)
        let inMargins = View()
        inMargins.translatesAutoresizingMaskIntoConstraints = false
        h.window.addSubview(inMargins)
        pin(inMargins, to: h.window.layoutMarginsGuide)
        h.runLayoutTurn()
        #expect(h.window.safeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        #expect(content.frame == Rect(x: 0, y: 24, width: 800, height: 456))
        // Margins are measured from the safe area's edges (insetsLayoutMarginsFromSafeArea).
        #expect(inMargins.frame == Rect(x: 8, y: 32, width: 784, height: 440))
        // A view's own safe area is the part of the window's it overlaps.
        #expect(content.safeAreaInsets == .zero)
        let banner = View(frame: Rect(x: 0, y: 0, width: 800, height: 60))
        h.window.addSubview(banner)
        #expect(banner.safeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        // A quarter turn clockwise brings the panel's top edge to the screen's left.
        h.app.setScreenRotation(.clockwise90)
        h.runLayoutTurn()
        #expect(h.window.frame.size == Size(width: 480, height: 800))
        #expect(h.window.safeAreaInsets == EdgeInsets(top: 0, left: 24, bottom: 0, right: 0))
        #expect(content.frame == Rect(x: 24, y: 0, width: 456, height: 800))
        #expect(inMargins.frame == Rect(x: 32, y: 8, width: 440, height: 784))
        // Changed by the app, the insets reach the layout at the next pass.
        h.app.screen.panelSafeAreaInsets = .zero
        h.runLayoutTurn()
        #expect(content.frame == Rect(x: 0, y: 0, width: 480, height: 800))
        h.window.insetsLayoutMarginsFromSafeArea = false
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 0, right: 0)
        h.runLayoutTurn()
        #expect(inMargins.frame == Rect(x: 8, y: 8, width: 464, height: 784))
    }

    /// Where `label`'s first (or last) baseline is drawn, in its superview's space.
    private func drawnBaseline(_ label: Label, last: Bool = false) -> Double {
        let layout = label.textLayout!
        let line = last ? layout.lines.last! : layout.lines.first!
        return label.frame.minY + (label.bounds.height - layout.size.height) / 2 + line.baseline
    }

    @Test func baselinesOfTwoFontsAlign() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let title = Label(text: "Gate 12", font: .system(size: 34))
        let caption = Label(text: "boarding", font: .system(size: 13))
        for label in [title, caption] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        let plain = constrained(in: root)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            caption.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            caption.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
            // A view without text has its bottom as baseline.
            plain.leadingAnchor.constraint(equalTo: caption.trailingAnchor),
            plain.widthAnchor.constraint(equalToConstant: 4), plain.heightAnchor.constraint(equalToConstant: 4),
            plain.lastBaselineAnchor.constraint(equalTo: title.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let baseline = drawnBaseline(title)
        #expect(abs(drawnBaseline(caption) - baseline) < 1e-9)
        #expect(abs(plain.frame.maxY - baseline) < 1e-9)
        #expect(caption.frame.minY > title.frame.minY)
        // A new text (a bigger font) moves what is aligned to it.
        title.font = .system(size: 48)
        root.layoutIfNeeded()
        #expect(abs(drawnBaseline(caption) - drawnBaseline(title)) < 1e-9)
        #expect(abs(plain.frame.maxY - drawnBaseline(title)) < 1e-9)
    }

    @Test func theLastBaselineOfAMultiLineLabel() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let body = Label(text: "first line\nsecond line\nthird")
        body.numberOfLines = 0
        let note = Label(text: "note")
        for label in [body, note] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        LayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor), body.topAnchor.constraint(equalTo: root.topAnchor),
            note.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            note.lastBaselineAnchor.constraint(equalTo: body.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        #expect(body.textLayout!.lines.count == 3)
        #expect(abs(drawnBaseline(note) - drawnBaseline(body, last: true)) < 1e-9)
    }
}
