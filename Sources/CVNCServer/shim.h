#include <rfb/rfb.h>
#include <rfb/keysym.h>

/* rfbInitServer is a macro naming the build's variant (threads, ZRLE); Swift sees no macros. */
static inline void vitrine_rfbInitServer(rfbScreenInfoPtr screen) { rfbInitServer(screen); }

/* How long libvncserver waits on a viewer's socket (a full send buffer, half a message) before
   dropping it; a global variable, which Swift 6 cannot write safely. */
static inline void vitrine_rfbSetMaxClientWait(int milliseconds) { rfbMaxClientWait = milliseconds; }
