import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Menus: a button's menu opened by a tap or a long press, anchored to it; a context menu on a
/// long press with its lifted preview; choosing, dismissing, submenus, inline groups, right to
/// left, the screen reader's view of the rows, and the touches under a menu that appears.
@MainActor
@Suite struct MenuTests {
    /// A harness with a button at (40, 60), 160 × 50.
    private func setUp(rightToLeft: Bool = false) -> (Harness, Button) {
        let h = Harness()
        if rightToLeft { h.app.userInterfaceLayoutDirection = .rightToLeft }
        let button = Button(frame: Rect(x: 40, y: 60, width: 160, height: 50))
        button.setTitle("Sort", for: .normal)
        h.window.addSubview(button)
        h.settle()
        return (h, button)
    }

    private func presentation(in h: Harness) -> MenuPresentation? {
        h.window.subviews.lazy.compactMap { $0 as? MenuPresentation }.first
    }

    private func row(_ title: String, in h: Harness) -> MenuItemView? {
        presentation(in: h)?.panel.rows.first { $0.titleLabel.text == title }
    }

    @Test func aTapOpensTheMenuBelowTheButtonLeadingEdgesAligned() {
        let (h, button) = setUp()
        var chosen: [String] = []
        button.menu = Menu(children: [
            MenuAction(title: "Name") { chosen.append($0.title) },
            MenuAction(title: "Date") { chosen.append($0.title) },
        ])
        button.showsMenuAsPrimaryAction = true
        #expect(!button.isMenuPresented)
        h.tap(at: h.centre(of: button))
        h.advance(by: 0.3)
        let shown = try! #require(presentation(in: h))
        #expect(button.isMenuPresented)
        #expect(shown.panel.frame.minX == button.frame.minX)
        #expect(shown.panel.frame.minY == button.frame.maxY + MenuPresentation.spacing)
        #expect(shown.panel.rows.map { $0.titleLabel.text } == ["Name", "Date"])
        #expect(chosen.isEmpty)
    }

    @Test func choosingAnActionDismissesAndRunsItWithTheButtonAsSender() {
        let (h, button) = setUp()
        var chosen: [String] = []
        var sender: View?
        button.menu = Menu(children: [
            MenuAction(title: "Name") { chosen.append($0.title); sender = $0.sender },
            MenuAction(title: "Date") { chosen.append($0.title) },
        ])
        button.showsMenuAsPrimaryAction = true
        button.presentMenu()
        h.advance(by: 0.3)
        h.tap(at: h.centre(of: try! #require(row("Date", in: h))))
        #expect(chosen == ["Date"])
        #expect(!button.isMenuPresented)
        h.advance(by: 0.5)
        #expect(presentation(in: h) == nil, "gone once it has faded")
        _ = sender
        button.presentMenu()
        h.advance(by: 0.3)
        h.tap(at: h.centre(of: try! #require(row("Name", in: h))))
        #expect(chosen == ["Date", "Name"] && sender === button)
    }

    @Test func aTapOutsideDismissesWithoutChoosing() {
        let (h, button) = setUp()
        var chosen = 0
        var taps = 0
        let behind = Button(frame: Rect(x: 500, y: 300, width: 100, height: 50))
        _ = behind.addAction({ _ in taps += 1 }, for: .touchUpInside)
        h.window.addSubview(behind)
        button.menu = Menu(children: [MenuAction(title: "Name") { _ in chosen += 1 }])
        button.presentMenu()
        h.advance(by: 0.3)
        h.tap(at: h.centre(of: behind))
        #expect(!button.isMenuPresented && chosen == 0)
        #expect(taps == 0, "the tap that dismisses the menu goes no further")
        h.advance(by: 0.5)
        #expect(presentation(in: h) == nil)
        h.tap(at: h.centre(of: behind))
        #expect(taps == 1)
    }

    @Test func aDisabledActionCannotBeChosenAndHiddenOnesAreNotShown() {
        let (h, button) = setUp()
        var chosen = 0
        button.menu = Menu(children: [
            MenuAction(title: "Delete", attributes: [.destructive, .disabled]) { _ in chosen += 1 },
            MenuAction(title: "Secret", attributes: .hidden) { _ in chosen += 1 },
            MenuAction(title: "Copy") { _ in },
        ])
        button.presentMenu()
        h.advance(by: 0.3)
        #expect(presentation(in: h)?.panel.rows.map { $0.titleLabel.text } == ["Delete", "Copy"])
        let delete = try! #require(row("Delete", in: h))
        #expect(!delete.isEnabled && delete.accessibilityTraits.contains(.notEnabled))
        h.tap(at: h.centre(of: delete))
        #expect(chosen == 0 && button.isMenuPresented)
    }

    @Test func aLongPressOpensTheMenuWhenItIsNotThePrimaryAction() {
        let (h, button) = setUp()
        var taps = 0
        _ = button.addAction({ _ in taps += 1 }, for: .touchUpInside)
        button.menu = Menu(children: [MenuAction(title: "Name") { _ in }])
        h.tap(at: h.centre(of: button))
        h.advance(by: 0.3)
        #expect(taps == 1 && !button.isMenuPresented, "a tap is the button's own action")
        h.down(0, at: h.centre(of: button))
        h.advance(by: 0.7)
        #expect(button.isMenuPresented)
        h.up(0)
        #expect(taps == 1, "the press cancelled the tap")
        #expect(button.isMenuPresented, "lifting the finger leaves the menu open")
    }

    @Test func aSubmenuOpensInThePanelAndGoesBack() {
        let (h, button) = setUp()
        var chosen: [String] = []
        button.menu = Menu(children: [
            MenuAction(title: "Share") { _ in },
            Menu(title: "Sort by", children: [
                MenuAction(title: "Name") { chosen.append($0.title) },
                MenuAction(title: "Size", state: .on) { chosen.append($0.title) },
            ]),
        ])
        button.presentMenu()
        h.advance(by: 0.3)
        let shown = try! #require(presentation(in: h))
        #expect(shown.panel.rows.map { $0.titleLabel.text } == ["Share", "Sort by"])
        h.tap(at: h.centre(of: try! #require(row("Sort by", in: h))))
        h.advance(by: 0.1)
        #expect(shown.panel.rows.map { $0.titleLabel.text } == ["Sort by", "Name", "Size"])
        #expect(button.isMenuPresented)
        #expect(try! #require(row("Size", in: h)).accessibilityTraits.contains(.selected))
        h.tap(at: h.centre(of: shown.panel.rows[0]))
        h.advance(by: 0.1)
        #expect(shown.panel.rows.map { $0.titleLabel.text } == ["Share", "Sort by"])
        h.tap(at: h.centre(of: try! #require(row("Sort by", in: h))))
        h.advance(by: 0.1)
        h.tap(at: h.centre(of: try! #require(row("Name", in: h))))
        #expect(chosen == ["Name"] && !button.isMenuPresented)
    }

    @Test func anInlineMenuShowsItsChildrenBetweenBands() {
        let (h, button) = setUp()
        button.menu = Menu(title: "Room 12", children: [
            MenuAction(title: "Open") { _ in },
            Menu(title: "View", options: .displayInline, children: [
                MenuAction(title: "List", state: .on) { _ in },
                MenuAction(title: "Grid") { _ in },
            ]),
            MenuAction(title: "Remove", attributes: .destructive) { _ in },
        ])
        button.presentMenu()
        h.advance(by: 0.3)
        let rows = try! #require(presentation(in: h)).panel.rows
        #expect(rows.map { $0.titleLabel.text } == ["Room 12", "Open", "View", "List", "Grid", "Remove"])
        // Bands of `groupGap` before and after the group: the header is that far below "Open".
        #expect(rows[2].frame.minY == rows[1].frame.maxY + MenuPanel.groupGap)
        #expect(rows[5].frame.minY == rows[4].frame.maxY + MenuPanel.groupGap)
        #expect(rows[5].titleLabel.textColor == MenuItemView.destructiveColor)
    }

    @Test func rightToLeftTheMenuAlignsWithTheButtonsRightEdge() {
        let (h, button) = setUp(rightToLeft: true)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        button.frame = Rect(x: 600, y: 60, width: 160, height: 50)
        button.menu = Menu(children: [MenuAction(title: "Name", state: .on) { _ in }, MenuAction(title: "Date") { _ in }])
        button.presentMenu()
        h.advance(by: 0.3)
        let shown = try! #require(presentation(in: h))
        #expect(shown.panel.frame.maxX == button.frame.maxX)
        let name = try! #require(row("Name", in: h))
        #expect(name.titleLabel.textAlignment == .right)
        // The check column is at the right: the title ends before it.
        #expect(name.titleLabel.frame.maxX == name.bounds.maxX - MenuItemView.inset - MenuItemView.checkColumn)
    }

    @Test func nearTheBottomTheMenuOpensAbove() {
        let (h, button) = setUp()
        button.frame = Rect(x: 40, y: 400, width: 160, height: 50)
        button.menu = Menu(children: [MenuAction(title: "Name") { _ in }, MenuAction(title: "Date") { _ in }])
        button.presentMenu()
        h.advance(by: 0.3)
        let shown = try! #require(presentation(in: h))
        #expect(shown.panel.frame.maxY == button.frame.minY - MenuPresentation.spacing)
    }

    @Test func theRowsAreTheOnlyAccessibilityElementsNamedByTheirTitles() {
        let (h, button) = setUp()
        button.menu = Menu(children: [
            MenuAction(title: "Name") { _ in },
            Menu(title: "More", children: [MenuAction(title: "Size") { _ in }]),
        ])
        button.presentMenu()
        h.advance(by: 0.3)
        let elements = h.window.accessibilityElementsInReadingOrder()
        #expect(elements.compactMap(\.accessibilityLabel) == ["Name", "More"], "the button behind is not read")
        #expect(elements.allSatisfy { $0.accessibilityTraits.contains(.button) })
        #expect(elements.allSatisfy { $0.canBecomeFocused })
        button.dismissMenu()
        h.advance(by: 0.5)
        #expect(h.window.accessibilityElementsInReadingOrder().compactMap(\.accessibilityLabel) == ["Sort"])
    }

    @Test func enterOnTheFocusedButtonOpensTheMenuAndFocusGoesIn() {
        let (h, button) = setUp()
        button.menu = Menu(children: [MenuAction(title: "Name") { _ in }, MenuAction(title: "Date") { _ in }])
        button.showsMenuAsPrimaryAction = true
        #expect(h.app.moveFocus(to: button))
        #expect(h.app.activateFocusedView())
        h.advance(by: 0.3)
        #expect(button.isMenuPresented)
        #expect(h.app.focusedView === row("Name", in: h))
        button.dismissMenu()
        h.advance(by: 0.5)
        #expect(h.app.focusedView === button, "focus goes back to the button")
    }

    // MARK: Context menus

    final class Provider: ContextMenuInteractionDelegate {
        var chosen: [String] = []
        var ended = 0
        var menu = true
        func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                    configurationForMenuAtLocation location: Point) -> ContextMenuConfiguration? {
            guard menu else { return nil }
            return ContextMenuConfiguration(identifier: "room", actionProvider: { _ in
                Menu(children: [
                    MenuAction(title: "Book") { self.chosen.append($0.title) },
                    MenuAction(title: "Report a problem", attributes: .destructive) { self.chosen.append($0.title) },
                ])
            })
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            ended += 1
        }
    }

    private func card(in h: Harness) -> RecordingView {
        let card = RecordingView("card", frame: Rect(x: 60, y: 80, width: 240, height: 120))
        card.backgroundColor = Color(rgb: 0x2E6BD9)
        card.cornerRadius = 12
        h.window.addSubview(card)
        h.settle()
        return card
    }

    @Test func aLongPressLiftsTheViewOnADimmedBackgroundWithTheMenu() {
        let h = Harness()
        let card = card(in: h)
        let provider = Provider()
        let interaction = ContextMenuInteraction(delegate: provider)
        card.addInteraction(interaction)
        h.down(0, at: h.centre(of: card))
        h.advance(by: 0.7)
        #expect(interaction.isMenuPresented)
        let shown = try! #require(presentation(in: h))
        #expect(shown.backgroundColor == MenuPresentation.dimmingColor)
        let preview = try! #require(shown.preview)
        #expect(preview.center == card.center && preview.transform.a == MenuPresentation.liftScale)
        #expect(shown.panel.frame.minY > preview.frame.maxY)
        #expect(card.log == ["began 1", "cancelled 1"], "the press took the card's touch")
        h.up(0)
        #expect(card.log == ["began 1", "cancelled 1"], "and nothing more comes of it")
        #expect(interaction.isMenuPresented)
        #expect(h.app.touchPool.activeCount == 0)
        h.tap(at: h.centre(of: try! #require(row("Book", in: h))))
        #expect(provider.chosen == ["Book"] && provider.ended == 1 && !interaction.isMenuPresented)
    }

    @Test func noConfigurationNoMenu() {
        let h = Harness()
        let card = card(in: h)
        let provider = Provider()
        provider.menu = false
        card.addInteraction(ContextMenuInteraction(delegate: provider))
        h.down(0, at: h.centre(of: card))
        h.advance(by: 0.7)
        h.up(0)
        #expect(presentation(in: h) == nil)
    }

    @Test func aFingerDownWhenTheMenuAppearsEndsOnItsOwnViewOnce() {
        let (h, button) = setUp()
        let other = RecordingView("other", frame: Rect(x: 500, y: 300, width: 200, height: 120))
        h.window.addSubview(other)
        button.menu = Menu(children: [MenuAction(title: "Name") { _ in }])
        button.showsMenuAsPrimaryAction = true
        h.down(1, at: h.centre(of: other))
        h.tap(at: h.centre(of: button))
        #expect(button.isMenuPresented)
        h.advance(by: 0.3)
        h.move(1, to: Point(x: 610, y: 370))
        h.up(1)
        #expect(other.log == ["began 1", "moved 1", "ended 1"], "the touch from before the menu stays its own")
        #expect(h.app.touchPool.activeCount == 0)
        #expect(button.isMenuPresented, "and does not dismiss the menu")
    }

    @Test func tappingTheDimmedBackgroundDismissesTheContextMenu() {
        let h = Harness()
        let card = card(in: h)
        let provider = Provider()
        let interaction = ContextMenuInteraction(delegate: provider)
        card.addInteraction(interaction)
        interaction.presentMenu(at: Point(x: 10, y: 10))
        h.advance(by: 0.3)
        h.tap(at: Point(x: 700, y: 400))
        #expect(!interaction.isMenuPresented && provider.ended == 1 && provider.chosen.isEmpty)
        h.advance(by: 0.5)
        #expect(presentation(in: h) == nil)
        #expect(card.log.isEmpty, "the dismissing tap went to the menu only")
    }

    // MARK: Pictures

    @Test func goldenButtonMenu() {
        let (h, button) = setUp()
        h.window.backgroundColor = Color(white: 0.9)
        button.frame = Rect(x: 40, y: 20, width: 160, height: 50)
        button.setBackgroundColor(.white, for: .normal)
        button.setTitleColor(Color(rgb: 0x007AFF), for: .normal)
        button.menu = Menu(title: "Room 12", children: [
            MenuAction(title: "Open") { _ in },
            Menu(title: "View", options: .displayInline, children: [
                MenuAction(title: "List", state: .on) { _ in },
                MenuAction(title: "Grid") { _ in },
            ]),
            Menu(title: "Sort by", children: [MenuAction(title: "Name") { _ in }]),
            MenuAction(title: "Archive", attributes: .disabled) { _ in },
            MenuAction(title: "Remove", attributes: .destructive) { _ in },
        ])
        button.presentMenu()
        h.advance(by: 0.5)
        h.settle()
        expectGolden(h.display.shownBuffer!, "menu")
    }

    @Test func goldenContextMenu() {
        let h = Harness()
        h.window.backgroundColor = Color(white: 0.95)
        let card = card(in: h)
        let label = Label(frame: Rect(x: 16, y: 16, width: 200, height: 30))
        label.text = "Room 12"
        label.textColor = .white
        card.addSubview(label)
        h.settle()
        let provider = Provider()   // the interaction holds its delegate weakly
        let interaction = ContextMenuInteraction(delegate: provider)
        card.addInteraction(interaction)
        interaction.presentMenu(at: Point(x: 10, y: 10))
        h.advance(by: 0.5)
        #expect(interaction.isMenuPresented)
        h.settle()
        expectGolden(h.display.shownBuffer!, "context-menu")
    }
}
