#include <rfb/rfb.h>
#include <rfb/keysym.h>

/* rfbInitServer is a macro naming the build's variant (threads, ZRLE); Swift sees no macros. */
static inline void vitrine_rfbInitServer(rfbScreenInfoPtr screen) { rfbInitServer(screen); }
