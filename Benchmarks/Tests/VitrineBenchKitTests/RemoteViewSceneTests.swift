import Glibc
import Testing
import Vitrine
import VitrineBenchKit

/// The remote-view benchmark's scene: with a viewer every scroll frame is presented, mirrored
/// by the server and read whole by the viewer; without one nothing is mirrored.
@MainActor
struct RemoteViewSceneTests {
    @Test(arguments: RemoteViewScrolling.Viewer.allCases)
    func everyFrameIsPresentedAndAViewerGetsUpdates(viewer: RemoteViewScrolling.Viewer) throws {
        let scene = try RemoteViewScrolling(viewer: viewer)
        #expect(scene.server.viewerCount == (viewer == .none ? 0 : 1))
        let mirrored = scene.server.framesMirrored
        let updates = scene.received.updates.load(ordering: .relaxed)
        for index in 1...20 {
            #expect(scene.waitForViewerRequest())
            #expect(scene.frame() != nil, "frame \(index)")
        }
        #expect(scene.server.framesMirrored - mirrored == (viewer == .none ? 0 : 20))
        if viewer != .none {
            // Each frame waited for the viewer's request, so each was sent whole; the viewer
            // reads on its own thread: wait (a bounded while) for the last one to be read.
            #expect(scene.waitForViewerRequest())
            #expect(scene.received.updates.load(ordering: .relaxed) - updates == 20)
        }
    }
}
