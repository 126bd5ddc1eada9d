import Vitrine

extension ProfileReader {
    /// `[accessibility]`: the screen reader's speech.
    ///
    /// ```toml
    /// [accessibility]
    /// speech = "on-headphones"    # "off" (default), "on" or "on-headphones"
    /// rate = 175                  # words per minute, 80 to 450
    /// voice = "en"                # espeak-ng voice for Latin-script text: "en", "en-us", "fr", "de"…
    /// volume = 0.8                # 0 to 1
    /// device = "default"          # the ALSA PCM
    /// jack = "auto"               # or the jack's evdev node, "/dev/input/event5"
    /// ```
    func readSpeech(_ s: Section) throws(BoardProfileError) -> SpeechConfiguration {
        var speech = SpeechConfiguration()
        speech.mode = try s.choice("speech", default: .off, SpeechConfiguration.Mode.allCases.map { ($0.rawValue, $0) })
        speech.rate = try s.integer("rate", default: speech.rate, in: SpeechConfiguration.rateRange)
        speech.voice = try s.string("voice", default: speech.voice,
                                    allowed: "must be an espeak-ng voice such as \"en\", \"en-us\", \"fr\", \"ru\" or \"cmn\" (espeak-ng --voices lists them)") { name in
            !name.isEmpty && name.count <= 40 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_+".contains($0)) }
        }
        speech.volume = try s.number("volume", default: speech.volume, in: 0...1)
        speech.device = try s.string("device", default: speech.device,
                                     allowed: "must be an ALSA PCM name such as \"default\", \"hw:0,0\" or \"plughw:1\" (aplay -L lists them)") { name in
            !name.isEmpty && !name.contains(where: \.isWhitespace)
        }
        speech.jack = try s.pathOrAuto("jack", pathPrefix: "/dev/input/", what: "the headphone jack's evdev node, e.g. \"/dev/input/event5\"")
        return speech
    }
}
