import VitrineGraphics

/// The focus engine: which view has focus, moves by keys and the encoder, the ring.
@MainActor
final class FocusEngine {
    unowned let application: Application
    /// The focused view (weak: a view that goes away loses focus).
    weak var focusedView: View?

    init(application: Application) {
        self.application = application
    }
}
