import VitrineGraphics

// The on-screen keyboard and the app's input method (`Application.inputMethod`): while the
// focused view takes the active input method, letter, Space, Backspace and Return taps go to the
// engine first (through `InputMethodController.handle(_:in:)`, as hardware keys do), and the
// controller's `CandidateBar` sits in the keyboard, above its keys, where a tap chooses.

extension SystemKeyboard {
    /// The application's input-method controller, when an input method is set and enabled.
    private var activeInputMethodController: InputMethodController? {
        guard let controller = application?.inputMethodController, controller.isActive else { return nil }
        return controller
    }

    /// The focused view, if it takes the active input method (not a secure field or a pad).
    private var inputMethodTarget: (any TextInput & View)? {
        guard let view = target as? (any TextInput & View), InputMethodController.takesInputMethod(view) else { return nil }
        return view
    }

    /// Whether the input method is composing for the focused view.
    var inputMethodIsComposing: Bool {
        guard let controller = activeInputMethodController, let view = inputMethodTarget else { return false }
        return controller.isComposing && controller.target === view
    }

    /// Offers `key` to the active input method for the focused view; whether it consumed it
    /// (false without one, or for a key it passes on: the caller types it as usual).
    func sendToInputMethod(_ key: InputMethodKey?) -> Bool {
        guard let key, let controller = activeInputMethodController, let view = inputMethodTarget else { return false }
        return controller.handle(key, in: view)
    }

    /// The app's input method was set, removed, turned on or off: the keyboard, if up, takes
    /// or gives back the candidate bar (changing height) and its automatic Shift follows.
    func inputMethodDidChange() {
        let hosted = hostsCandidateBar
        updateCandidateBarHosting()
        if isVisible, hosted != hostsCandidateBar {
            resize(to: shownFrame)
            keepFocusedViewVisible()  // the scroll view's inset follows the new height
        }
        updateAutomaticShift()
    }

    /// Hosts the candidate bar above the keys while the keyboard is up for a view that takes
    /// the active input method; otherwise gives it back to the controller (which places it
    /// above the field for hardware typing).
    func updateCandidateBarHosting() {
        let controller = application?.inputMethodController
        let hosts = isVisibleOrShowing && controller?.isActive == true && inputMethodTarget != nil
        guard hosts != hostsCandidateBar || (hosts && view.hostedCandidateBar == nil) else { return }
        setHostsCandidateBar(hosts)
        guard let controller else { return }
        controller.placesCandidateBar = !hosts
        if hosts {
            view.host(controller.candidateBar)
        } else if view.hostedCandidateBar === controller.candidateBar {
            view.host(nil)
        }
    }
}

extension KeyboardView {
    /// Puts `bar` above the keys (nil: none); the keys take the height below it.
    func host(_ bar: CandidateBar?) {
        if let old = hostedCandidateBar, old !== bar, old.superview === self { old.removeFromSuperview() }
        hostedCandidateBar = bar
        if let bar {
            bar.autoresizingMask = []
            addSubview(bar)
        }
        keysTop = bar == nil ? 0 : CandidateBar.preferredHeight
        setNeedsLayout()
    }
}
