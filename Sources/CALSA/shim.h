// ALSA (libasound2-dev): the non-blocking PCM that VitrineSpeech writes speech samples to.
#include <alsa/asoundlib.h>

// alsa-lib prints its own errors to stderr (several lines for a missing card); Vitrine logs one
// line with the remedy instead. The handler is variadic, which Swift cannot write.
static void vitrine_alsa_discard_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void vitrine_alsa_silence_errors(void) {
    snd_lib_error_set_handler(vitrine_alsa_discard_error);
}
