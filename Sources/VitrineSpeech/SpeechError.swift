/// Why speech could not start or a voice could not be used, with what to do about it.
public enum SpeechError: Error, Sendable, Hashable, CustomStringConvertible {
    /// espeak-ng could not start: its data (voices, dictionaries) is missing or unreadable.
    case engineUnavailable(String)
    /// espeak-ng has no voice by this name.
    case unknownVoice(String, message: String)
    /// espeak-ng refused to synthesize.
    case synthesisFailed(String)
    /// The sound device could not be opened or set up (ALSA's message).
    case audioUnavailable(device: String, message: String)

    /// What went wrong, then what to do.
    public var description: String {
        switch self {
        case .engineUnavailable(let message):
            "espeak-ng could not start (\(message)) — install espeak-ng-data (apt-get install espeak-ng-data)"
        case .unknownVoice(let name, let message):
            "espeak-ng has no voice \"\(name)\" (\(message)) — name a language such as \"en\", \"fr\", \"ru\" or \"cmn\" (espeak-ng --voices lists them)"
        case .synthesisFailed(let message):
            "espeak-ng could not synthesize: \(message)"
        case .audioUnavailable(let device, let message):
            "no sound device \"\(device)\" (\(message)) — speech continues silently; check `aplay -l` and that the user is in group audio"
        }
    }
}
