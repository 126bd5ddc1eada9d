// espeak-ng (libespeak-ng-dev): speech synthesis, used in its synchronous mode by VitrineSpeech.
#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
