// The console ioctls of <linux/kd.h> the virtual-terminal code uses, as constants Swift can
// import whatever the header's macro spelling.
#ifndef VITRINE_VT_SHIMS_H
#define VITRINE_VT_SHIMS_H

#include <linux/kd.h>

/// KDGETMODE: read the console mode (KD_TEXT or KD_GRAPHICS) into an int.
static const unsigned long VITRINE_KDGETMODE = KDGETMODE;
/// KDSETMODE: set the console mode; in KD_GRAPHICS the kernel stops drawing console text.
static const unsigned long VITRINE_KDSETMODE = KDSETMODE;
/// KDGKBMODE: read the keyboard mode (K_XLATE, K_UNICODE, K_OFF...) into an int.
static const unsigned long VITRINE_KDGKBMODE = KDGKBMODE;
/// KDSKBMODE: set the keyboard mode; K_OFF stops keystrokes reaching the console (and so the
/// shell behind it, and Ctrl-C).
static const unsigned long VITRINE_KDSKBMODE = KDSKBMODE;
/// The console draws text.
static const int VITRINE_KD_TEXT = KD_TEXT;
/// The console draws nothing: a graphics program owns the screen.
static const int VITRINE_KD_GRAPHICS = KD_GRAPHICS;
/// The console ignores the keyboard.
static const int VITRINE_K_OFF = K_OFF;

#endif
