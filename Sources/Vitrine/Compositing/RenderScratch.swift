import VitrineGraphics

/// The drawing scratch of the main actor: the mask memory, solid images and graphics contexts
/// that composition and the views' drawing reuse, so that once warm a frame allocates nothing.
@MainActor
enum RenderScratch {
    /// Shared by every compositor, backing-store redraw and group layer (all on the main actor).
    static let drawing = DrawingScratch()
}
