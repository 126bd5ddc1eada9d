// A controller whose view is out of every window when the language or the direction changes
// (under a pushed screen, behind a presented one, a tab not shown) hears nothing then: the
// change walks the windows. It hears when its view comes back into a window, as UIKit updates
// traits when a view enters the hierarchy: `traitCollectionDidChange(_:)` (and the handlers
// registered for the language and direction) on the controller and every view under its view,
// with the language and direction it last heard of as the previous traits. That happens in the
// move, after `viewWillAppear(_:)` and before the next layout and drawing, so the screen slides
// in already showing the new language.
//
// Only controllers remember what they last heard (one value each, no walk of their views at
// rest): a bare view moved out and back in is not told, as screens are what show texts.

/// A language (BCP 47 tag) and a layout direction: what a controller last heard of.
struct LanguageAndDirection: Equatable {
    var language: String
    var direction: UserInterfaceLayoutDirection
}

extension View {
    /// The language of the view's application (in no window: the language `String(localized:)`
    /// reads, the last one set) and the view's direction.
    var languageAndDirection: LanguageAndDirection {
        LanguageAndDirection(language: window?.application?.ownLocalizer.language ?? Localization.current.language,
                             direction: effectiveUserInterfaceLayoutDirection)
    }

    /// After the subtree came into a window: each controller in it whose view missed a
    /// change of language or direction hears of it now, with the views under it. A subtree
    /// told is not walked again.
    func catchUpWithLanguage() {
        if let controller = owningViewController, let told = controller.languageLastTold {
            let now = languageAndDirection
            if told != now {
                notifyLanguageDidChange(from: told.language, layoutDirection: told.direction)
                // A controller that overrides nothing is told too: remember the change anyway.
                controller.languageLastTold = now
                return
            }
        }
        for subview in subviews { subview.catchUpWithLanguage() }
    }
}

extension ViewController {
    /// After `viewDidLoad`: the texts it set are in the current language and direction.
    func noteLanguageAtLoad() {
        guard let view = viewIfLoaded else { return }
        languageLastTold = view.languageAndDirection
    }
}
