// ALSA (libasound2-dev): the non-blocking PCM that VitrineSpeech writes speech samples to.
#include <alsa/asoundlib.h>
