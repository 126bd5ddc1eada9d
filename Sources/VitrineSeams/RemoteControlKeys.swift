/// The Linux key codes (linux/input-event-codes.h) that media keyboards, HID remotes and IR
/// receivers send for transport commands, and the remote-control subtypes they become.
/// These keys reach the app as `remoteControlReceived(with:)`, not as presses.
public enum RemoteControlKeys {
    /// KEY_PLAYPAUSE.
    public static let playPause = 164
    /// KEY_PLAY and KEY_PLAYCD.
    public static let play = [207, 200]
    /// KEY_PAUSE (what IR remote keymaps send) and KEY_PAUSECD.
    public static let pause = [119, 201]
    /// KEY_STOP (what IR remote keymaps send) and KEY_STOPCD.
    public static let stop = [128, 166]
    /// KEY_NEXTSONG.
    public static let nextTrack = 163
    /// KEY_PREVIOUSSONG.
    public static let previousTrack = 165
    /// KEY_FASTFORWARD: seeking forward while held.
    public static let fastForward = 208
    /// KEY_REWIND: seeking backward while held.
    public static let rewind = 168

    /// Whether `code` is a transport key.
    public static func isRemoteControlKey(_ code: Int) -> Bool {
        switch code {
        case playPause, nextTrack, previousTrack, fastForward, rewind: true
        default: play.contains(code) || pause.contains(code) || stop.contains(code)
        }
    }
}
