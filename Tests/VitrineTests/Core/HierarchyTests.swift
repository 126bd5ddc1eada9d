import Testing
import Vitrine
import VitrineGraphics

@MainActor
private final class LifecycleView: View {
    static var log: [String] = []
    var name = ""
    convenience init(_ name: String) {
        self.init(frame: .zero)
        self.name = name
    }
    override func willMove(toSuperview newSuperview: View?) {
        LifecycleView.log.append("\(name) willMoveToSuperview \(newSuperview.map { ($0 as? LifecycleView)?.name ?? "window" } ?? "nil")")
    }
    override func didMoveToSuperview() { LifecycleView.log.append("\(name) didMoveToSuperview") }
    override func willMove(toWindow newWindow: Window?) {
        LifecycleView.log.append("\(name) willMoveToWindow \(newWindow == nil ? "nil" : "window")")
    }
    override func didMoveToWindow() { LifecycleView.log.append("\(name) didMoveToWindow") }
    override func didAddSubview(_ subview: View) {
        LifecycleView.log.append("\(name) didAddSubview \((subview as? LifecycleView)?.name ?? "?")")
    }
    override func willRemoveSubview(_ subview: View) {
        LifecycleView.log.append("\(name) willRemoveSubview \((subview as? LifecycleView)?.name ?? "?")")
    }
}

@MainActor
struct HierarchyTests {
    @Test func insertionOrderAndReordering() {
        let parent = View()
        let a = View(), b = View(), c = View(), d = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        parent.insertSubview(d, aboveSubview: c)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, d, a, b].map(ObjectIdentifier.init))
        parent.insertSubview(b, belowSubview: d)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, b, d, a].map(ObjectIdentifier.init))
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, d, a, c].map(ObjectIdentifier.init))
        parent.sendSubviewToBack(a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, b, d, c].map(ObjectIdentifier.init))
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, b, d, a].map(ObjectIdentifier.init))
        parent.addSubview(b)   // already a subview: moves to the front
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, d, a, b].map(ObjectIdentifier.init))
        d.removeFromSuperview()
        #expect(d.superview == nil)
        #expect(parent.subviews.count == 3)
    }

    @Test func movingAViewToAnotherParentDetachesItFromTheFirst() {
        let first = View(), second = View(), child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.superview === second)
        #expect(child.isDescendant(of: second))
        #expect(!child.isDescendant(of: first))
    }

    @Test func lifecycleCallbacksInUIKitOrder() {
        LifecycleView.log = []
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let parent = LifecycleView("parent")
        window.addSubview(parent)
        let child = LifecycleView("child")
        let grandchild = LifecycleView("grandchild")
        child.addSubview(grandchild)
        LifecycleView.log = []
        parent.addSubview(child)
        #expect(LifecycleView.log == [
            "child willMoveToSuperview parent",
            "child willMoveToWindow window",
            "grandchild willMoveToWindow window",
            "child didMoveToWindow",
            "grandchild didMoveToWindow",
            "child didMoveToSuperview",
            "parent didAddSubview child",
        ])
        #expect(grandchild.window === window)
        LifecycleView.log = []
        child.removeFromSuperview()
        #expect(LifecycleView.log == [
            "parent willRemoveSubview child",
            "child willMoveToSuperview nil",
            "child willMoveToWindow nil",
            "grandchild willMoveToWindow nil",
            "child didMoveToWindow",
            "grandchild didMoveToWindow",
            "child didMoveToSuperview",
        ])
        #expect(grandchild.window == nil)
    }

    @Test func reorderingSendsNoLifecycleCallbacks() {
        LifecycleView.log = []
        let parent = LifecycleView("parent")
        let a = LifecycleView("a"), b = LifecycleView("b")
        parent.addSubview(a)
        parent.addSubview(b)
        LifecycleView.log = []
        parent.bringSubviewToFront(a)
        parent.sendSubviewToBack(a)
        #expect(LifecycleView.log.isEmpty)
    }

    @Test func viewWithTagSearchesDepthFirstIncludingSelf() {
        let root = View()
        root.tag = 1
        let a = View(), b = View(), deep = View()
        a.tag = 2
        b.tag = 3
        deep.tag = 3
        root.addSubview(a)
        a.addSubview(deep)
        root.addSubview(b)
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(3) === deep)
        #expect(root.viewWithTag(99) == nil)
    }
}
