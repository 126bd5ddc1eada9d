import VitrineGraphics

/// The drawing scratch of the main actor: the mask memory, solid images and graphics contexts
/// that composition and the views' drawing reuse, so that once warm a frame allocates nothing;
/// and the group layers, reused and kept within a budget however deep groups nest.
@MainActor
enum RenderScratch {
    /// Shared by every compositor, backing-store redraw and group layer (all on the main actor).
    static let drawing = DrawingScratch()

    /// The most bytes the group layers alive at once may take (nested translucent groups each
    /// hold a layer while their subviews render): 4 MiB, half a full-HD frame. Past it a group
    /// is made in bands; each band costs a walk of the group's subtree, but the screen's memory
    /// stays the frame buffers' plus a few MiB however deep groups nest.
    static var layerBudget = 4 << 20
    /// Bytes of the group layers alive now.
    @exclusivity(unchecked) private(set) static var layerBytes = 0
    /// The most `layerBytes` has been since it was last set to 0 (for tests and benchmarks).
    static var peakLayerBytes = 0
    /// Layers given back, for the next group of the same size (this frame's or the next's).
    private static var idleLayers: [Surface] = []
    /// At most this many idle layers are kept, and only while they fit in half `layerBudget`
    /// (what a translucent view fading over the frames reuses, without holding much).
    static let idleLayerCapacity = 4

    /// The rows a band of a group layer covering `box` (target pixels) may have, when a layer
    /// of the whole box would pass `layerBudget`; nil when it fits (or is one row already).
    static func bandRows(forLayer box: PixelRect) -> Int? {
        let rowBytes = box.width * 4
        guard box.height > 1, layerBytes + rowBytes * box.height > layerBudget else { return nil }
        return max(1, min(box.height - 1, (layerBudget - layerBytes) / max(rowBytes, 1)))
    }

    /// A transparent ARGB layer of `width`×`height` pixels: an idle one of that size cleared,
    /// or a new one. Counted in `layerBytes` until given back.
    static func takeLayer(width: Int, height: Int) -> Surface {
        let layer: Surface
        if let index = idleLayers.lastIndex(where: { $0.width == width && $0.height == height }) {
            layer = idleLayers.remove(at: index)
            layer.fill(layer.bounds, with: .clear)
        } else {
            layer = Surface(width: width, height: height, format: .argb8888)
        }
        layerBytes += layer.width * layer.height * 4
        peakLayerBytes = max(peakLayerBytes, layerBytes)
        return layer
    }

    /// Gives back a layer from `takeLayer`: kept for reuse while few and small enough.
    static func giveBack(_ layer: Surface) {
        let bytes = layer.width * layer.height * 4
        layerBytes -= bytes
        let kept = idleLayers.reduce(0) { $0 + $1.width * $1.height * 4 }
        guard kept + bytes <= layerBudget / 2 else { return }
        if idleLayers.count == idleLayerCapacity { idleLayers.removeFirst() }
        idleLayers.append(layer)
    }
}
