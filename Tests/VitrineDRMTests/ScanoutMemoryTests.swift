import Testing
@testable import VitrineDRM
import VitrineGraphics

/// A DRM display's buffers say they are scanout memory, so that a frame's copy into them
/// streams past the cache (in whole lines, as the write-combined mapping a GPU gives them
/// takes them) rather than taking `rep movsb`, which was measured only into ordinary memory.
@MainActor
struct ScanoutMemoryTests {
    @Test func aDRMDisplaysBuffersAreScanoutMemory() throws {
        let rig = try DRMRig()
        rig.present()
        #expect(!rig.display.buffers.isEmpty)
        #expect(rig.display.buffers.allSatisfy { $0.surface.isScanout })
        #expect(!rig.scene().isScanout)
    }
}
