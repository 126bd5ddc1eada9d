/// What a `VideoPlayer` tells its delegate, on the main actor, in the order GStreamer reported
/// it (AVFoundation's item notifications). Every method has an empty default.
@MainActor
public protocol VideoPlayerDelegate: AnyObject {
    /// `item` is loaded and its first frame decoded: `duration` is known (for a file) and
    /// `play()` starts at once. Called once each time an item is loaded (not after a seek or a
    /// loop of a single item).
    func videoPlayer(_ player: VideoPlayer, isReadyToPlay item: VideoItem)
    /// `item` played to its end. Called once per end: a looping single item calls it each
    /// time round, a queue once per item.
    func videoPlayer(_ player: VideoPlayer, didPlayToEndOf item: VideoItem)
    /// Playback of a stream waits for data (`status` is `.stalled`).
    func videoPlayerDidStall(_ player: VideoPlayer)
    /// Enough data arrived after a stall; playback goes on if it was asked to.
    func videoPlayerDidResume(_ player: VideoPlayer)
    /// `item` cannot be played: `error` says why and what to do. The player stops (`status`
    /// is `.failed(error)`); `play()` tries the item again.
    func videoPlayer(_ player: VideoPlayer, didFailWith error: VideoError, item: VideoItem)
}

extension VideoPlayerDelegate {
    /// Does nothing.
    public func videoPlayer(_ player: VideoPlayer, isReadyToPlay item: VideoItem) {}
    /// Does nothing.
    public func videoPlayer(_ player: VideoPlayer, didPlayToEndOf item: VideoItem) {}
    /// Does nothing.
    public func videoPlayerDidStall(_ player: VideoPlayer) {}
    /// Does nothing.
    public func videoPlayerDidResume(_ player: VideoPlayer) {}
    /// Does nothing.
    public func videoPlayer(_ player: VideoPlayer, didFailWith error: VideoError, item: VideoItem) {}
}
