import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct FocusEngineTests {
    @Test func focusIsOffUntilTheFirstFocusKeyThenTabWalksTheReadingOrder() {
        let h = Harness()
        _ = buttonGrid(rows: 2, columns: 3, in: h.window)
        h.advance(by: 0.1)
        #expect(h.app.focusedView == nil && h.ringView == nil, "a touch kiosk shows no ring before a key")
        h.press(FKey.tab)
        #expect(h.focusedLabel == "r0c0")
        #expect(h.ringView != nil)
        var order: [String] = []
        for _ in 0..<6 {
            h.press(FKey.tab)
            order.append(h.focusedLabel ?? "nil")
        }
        #expect(order == ["r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r0c0"], "Tab wraps at the end")
        h.press(FKey.tab, modifiers: .shift)
        #expect(h.focusedLabel == "r1c2")
    }

    @Test func arrowsMoveToTheNearestElementInTheirDirection() {
        let h = Harness()
        let grid = buttonGrid(rows: 3, columns: 3, in: h.window)
        // A wide button under the grid, offset to the right.
        let wide = button("wide", Rect(x: 300, y: 300, width: 400, height: 50))
        h.window.addSubview(wide)
        h.advance(by: 0.1)
        #expect(h.app.moveFocus(to: grid[0][0]))
        h.press(FKey.right)
        #expect(h.focusedLabel == "r0c1")
        h.press(FKey.down)
        #expect(h.focusedLabel == "r1c1")
        h.press(FKey.down)
        #expect(h.focusedLabel == "r2c1")
        h.press(FKey.down)
        #expect(h.focusedLabel == "wide", "below, the one overlapping most across wins")
        h.press(FKey.up)
        #expect(h.focusedLabel == "r2c2", "straight above the wide button's middle… the nearest aligned")
        h.press(FKey.right)
        #expect(h.focusedLabel == "r2c2", "nothing to the right: focus stays")
        h.press(FKey.left)
        h.press(FKey.left)
        h.press(FKey.up)
        #expect(h.focusedLabel == "r1c0")
    }

    @Test func enterAndSpaceActivateTheFocusedButton() {
        let h = Harness()
        let grid = buttonGrid(rows: 1, columns: 2, in: h.window)
        var taps: [String] = []
        for b in grid[0] { b.addAction({ c in taps.append((c as! Button).currentTitle!) }, for: .primaryActionTriggered) }
        h.advance(by: 0.1)
        h.press(FKey.tab)
        h.press(FKey.enter)
        h.press(FKey.tab)
        h.press(FKey.space)
        #expect(taps == ["r0c0", "r0c1"])
    }

    @Test func aFieldKeepsItsArrowsAndTabLeavesIt() {
        let h = Harness()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.text = "abc"
        h.window.addSubview(field)
        let ok = button("OK", Rect(x: 20, y: 100, width: 100, height: 44))
        h.window.addSubview(ok)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.app.focusedView === field && field.isFirstResponder, "focusing a field starts editing")
        let caret = field.selectedRange
        h.press(FKey.left)
        #expect(field.selectedRange.lowerBound == caret.lowerBound - 1, "the arrow moved the caret")
        #expect(h.app.focusedView === field)
        h.press(FKey.down)
        #expect(h.app.focusedView === ok, "a key the field does not use moves focus")
        h.press(FKey.tab, modifiers: .shift)
        #expect(h.app.focusedView === field && field.isFirstResponder)
        h.press(FKey.tab)
        #expect(h.app.focusedView === ok && !field.isFirstResponder, "Tab leaves the field")
    }

    @Test func aTouchedFieldsTabGoesToTheElementAfterIt() {
        let h = Harness()
        let first = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let second = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        let before = button("before", Rect(x: 400, y: 10, width: 100, height: 20))
        for v in [before, first, second] { h.window.addSubview(v) }
        h.advance(by: 0.1)
        h.tap(at: Point(x: 100, y: 40))
        #expect(first.isFirstResponder)
        h.press(FKey.tab)
        #expect(second.isFirstResponder && h.app.focusedView === second)
    }

    @Test func anEngagedSliderTakesTheArrowsUntilEnter() {
        let h = Harness()
        let slider = Slider(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        slider.value = 0.5
        let after = button("after", Rect(x: 400, y: 20, width: 100, height: 40))
        h.window.addSubview(slider)
        h.window.addSubview(after)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.app.focusedView === slider && !h.app.isFocusEngaged)
        h.press(FKey.enter)
        h.advance(by: 0.05)
        #expect(h.app.isFocusEngaged)
        #expect(h.app.focusEngineIfMade?.ring.view.borderColor == FocusRing.engagedColor)
        h.press(FKey.right)
        h.press(FKey.up)
        #expect(slider.accessibilityValue == "70 %")
        h.press(FKey.left)
        #expect(slider.accessibilityValue == "60 %")
        h.press(FKey.enter)
        #expect(!h.app.isFocusEngaged)
        h.press(FKey.right)
        #expect(h.app.focusedView === after && slider.accessibilityValue == "60 %")
    }

    @Test func anAlertTrapsFocusEscapeCancelsItAndFocusReturns() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        let open = button("Open", Rect(x: 20, y: 20, width: 100, height: 44))
        let other = button("Other", Rect(x: 20, y: 100, width: 100, height: 44))
        root.view.addSubview(open)
        root.view.addSubview(other)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "Open")
        var log: [String] = []
        let alert = AlertController(title: "Sure?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
        alert.addAction(AlertAction(title: "Yes") { _ in log.append("yes") })
        root.present(alert, animated: true)
        h.advance(by: 0.5)
        #expect(h.focusedLabel == "Cancel", "a presented alert takes focus")
        var seen: Set<String> = []
        for _ in 0..<5 {
            h.press(FKey.tab)
            seen.insert(h.focusedLabel ?? "nil")
        }
        #expect(seen == ["Cancel", "Yes"], "Tab stays inside the alert")
        h.press(FKey.down)
        #expect(seen.contains(h.focusedLabel ?? "nil"))
        h.press(FKey.escape)
        h.advance(by: 1)
        #expect(log == ["cancel"])
        #expect(h.focusedLabel == "Open", "focus goes back to where it was")
    }

    @Test func aScrollViewScrollsTheFocusedButtonIntoView() {
        let h = Harness()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        scroll.contentSize = Size(width: 400, height: 1000)
        h.window.addSubview(scroll)
        let buttons = (0..<10).map { i -> Button in
            let b = button("b\(i)", Rect(x: 20, y: 20 + Double(i) * 100, width: 200, height: 50))
            scroll.addSubview(b)
            return b
        }
        h.advance(by: 0.1)
        for _ in 0..<5 { h.press(FKey.tab) }
        h.advance(by: 0.05)
        #expect(h.app.focusedView === buttons[4])
        let visible = Rect(origin: scroll.contentOffset, size: scroll.bounds.size)
        #expect(visible.contains(buttons[4].frame), "\(visible)")
        #expect(scroll.contentOffset.y > 0)
        // The ring is drawn where the button shows now.
        let ring = h.ringView!.frame
        #expect(ring.insetBy(dx: FocusRing.outset, dy: FocusRing.outset) == buttons[4].accessibilityFrame)
    }

    @Test func tabReachesTableRowsThatAreNotMadeYet() {
        let h = Harness()
        let rows = Rows([30])
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 320, height: 220))
        h.window.addSubview(table)
        h.advance(by: 0.1)
        for _ in 0..<12 { h.press(FKey.tab) }
        let cell = h.app.focusedView as? TableViewCell
        #expect(cell.flatMap { table.indexPath(for: $0) } == ItemPath(row: 11, section: 0))
        #expect(table.contentOffset.y > 0)
        h.press(FKey.enter)
        #expect(rows.selected == [ItemPath(row: 11, section: 0)])
    }

    @Test func theRingMovesRepaintingOnlyItsOldAndNewPlace() {
        let h = Harness()
        h.window.backgroundColor = .white
        let grid = buttonGrid(rows: 1, columns: 3, in: h.window)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        h.advance(by: 0.1)
        let before = h.ringView!.frame
        h.press(FKey.tab)
        h.advance(by: 0.1)
        let after = h.ringView!.frame
        #expect(after.insetBy(dx: FocusRing.outset, dy: FocusRing.outset) == grid[0][1].accessibilityFrame)
        let damage = h.app.statistics.lastPresentedDamage.boundingBox
        let union = before.union(after)
        #expect(damage.width > 0 && Double(damage.width) <= union.width + 2 && Double(damage.height) <= union.height + 2,
                "damage \(damage) within \(union)")
        // Nothing changed: nothing is presented.
        let presents = h.app.statistics.presents
        h.advance(by: 1)
        #expect(h.app.statistics.presents == presents)
    }

    @Test func alwaysOnFocusesTheFirstElementWithoutAKey() {
        let h = Harness()
        _ = buttonGrid(rows: 1, columns: 2, in: h.window)
        h.app.focusBehavior = .always
        h.advance(by: 0.1)
        #expect(h.focusedLabel == "r0c0" && h.ringView != nil)
    }

    @Test func aPushedAndPoppedScreenGetsFocusOnItsFirstElement() {
        let h = Harness()
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        let a = ViewController(), b = ViewController()
        a.view.addSubview(button("A1", Rect(x: 20, y: 100, width: 100, height: 44)))
        b.view.addSubview(button("B1", Rect(x: 20, y: 100, width: 100, height: 44)))
        let navigation = h.navigation(root: a)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "A1")
        navigation.pushViewController(b, animated: true)
        h.advance(by: 1)
        #expect(h.focusedLabel == "B1")
        #expect(observer.log.contains("screen B1"))
        h.press(FKey.escape)
        h.advance(by: 1)
        #expect(navigation.topViewController === a)
        #expect(h.focusedLabel == "A1")
    }

    @Test func focusUpdatesAreToldToTheViewsAndTheObserver() {
        let h = Harness()
        final class Watching: Button {
            var log: [String] = []
            override func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator) {
                log.append("\(context.previouslyFocusedView === self ? "lost" : "got") \(context.focusHeading == .next)")
            }
        }
        let first = Watching(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        first.setTitle("one", for: .normal)
        let second = Watching(frame: Rect(x: 100, y: 0, width: 50, height: 50))
        second.setTitle("two", for: .normal)
        h.window.addSubview(first)
        h.window.addSubview(second)
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        h.press(FKey.tab)
        h.press(FKey.tab)
        #expect(first.log == ["got true", "lost true"])
        #expect(second.log == ["got true"])
        #expect(second.isFocused && !first.isFocused)
        #expect(observer.log == ["focus one", "focus two"])
    }
}

/// The rotary encoder: turns move focus, a press activates, an engaged adjustable element
/// takes the turns.
@MainActor
@Suite struct EncoderFocusTests {
    func turn(_ h: Harness, _ steps: Int) {
        h.input.send(.encoder(.rotated(steps), timestamp: h.clock.now))
        h.loop.runUntilIdle()
    }

    func push(_ h: Harness) {
        h.input.send(.encoder(.pressed, timestamp: h.clock.now))
        h.input.send(.encoder(.released, timestamp: h.clock.now))
        h.loop.runUntilIdle()
    }

    @Test func turnsMoveFocusAndAPressActivates() {
        let h = Harness()
        let grid = buttonGrid(rows: 1, columns: 3, in: h.window)
        var taps: [String] = []
        for b in grid[0] { b.addAction({ c in taps.append((c as! Button).currentTitle!) }, for: .touchUpInside) }
        h.advance(by: 0.1)
        turn(h, 1)
        #expect(h.focusedLabel == "r0c0", "the first turn shows focus on the first element")
        turn(h, 2)
        #expect(h.focusedLabel == "r0c2")
        turn(h, -1)
        #expect(h.focusedLabel == "r0c1")
        push(h)
        #expect(taps == ["r0c1"])
    }

    @Test func anEngagedStepperTakesTheTurnsUntilPressedAgain() {
        let h = Harness()
        let stepper = Stepper(frame: Rect(x: 20, y: 20, width: 94, height: 32))
        let after = button("after", Rect(x: 200, y: 20, width: 100, height: 40))
        h.window.addSubview(stepper)
        h.window.addSubview(after)
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        h.advance(by: 0.1)
        turn(h, 1)
        #expect(h.app.focusedView === stepper)
        push(h)
        #expect(h.app.isFocusEngaged)
        turn(h, 3)
        turn(h, -1)
        #expect(stepper.value == 2)
        #expect(observer.log.suffix(2) == ["value 3", "value 2"])
        push(h)
        #expect(!h.app.isFocusEngaged)
        turn(h, 1)
        #expect(h.app.focusedView === after && stepper.value == 2)
    }
}

@MainActor
@Suite struct FocusRingGeometryTests {
    /// Found by the hostile-input run: a focused view with a non-finite transform made the ring
    /// take a NaN frame, which differs from itself, so every commit damaged the window again and
    /// the loop never went idle. A view now refuses a non-finite transform; one that scales it
    /// beyond any screen must still let the loop rest.
    @Test func aFocusedViewWithNoUsableGeometryLetsTheLoopRest() {
        let h = Harness()
        let grid = buttonGrid(rows: 1, columns: 2, in: h.window)
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.ringView != nil)
        grid[0][0].transform = AffineTransform(scaleX: .nan, y: 1)
        h.advance(by: 0.1)
        #expect(grid[0][0].transform.isIdentity)
        #expect(h.ringView != nil)
        #expect(!h.app.hasPendingCommit)
        grid[0][0].transform = AffineTransform(scaleX: 1e300, y: 1e300)
        h.advance(by: 0.1)
        #expect(!h.app.hasPendingCommit)
    }
}

@MainActor
@Suite struct FocusNotificationTests {
    @Test func aLayoutChangeNamingAnElementMovesFocusWhenFocusIsOn() {
        let h = Harness()
        let grid = buttonGrid(rows: 1, columns: 3, in: h.window)
        h.advance(by: 0.1)
        Accessibility.post(notification: .layoutChanged, argument: grid[0][2])
        #expect(h.app.focusedView == nil, "focus stays off on a touch kiosk")
        h.press(FKey.tab)
        Accessibility.post(notification: .layoutChanged, argument: grid[0][2])
        #expect(h.app.focusedView === grid[0][2])
    }
}

@MainActor
@Suite struct ScreenChangeObserverTests {
    @Test func theObserverHearsOfNewScreensWithoutFocusKeys() {
        let h = Harness()
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        observer.log.removeAll()
        navigation.pushViewController(b, animated: true)
        h.advance(by: 1)
        #expect(observer.log == ["screen nil"])
        _ = navigation.popViewController(animated: false)
        h.advance(by: 0.1)
        #expect(observer.log == ["screen nil", "screen nil"])
        h.advance(by: 1)
        #expect(observer.log.count == 2, "nothing more while nothing changes")
        #expect(h.app.focusedView == nil && h.ringView == nil)
    }
}
