// The console ioctls of <linux/kd.h> and <linux/vt.h> the virtual-terminal code uses, as
// constants Swift can import whatever the header's macro spelling, and the forwarder that
// brings the console's switch signal to the thread that reads it.
#ifndef VITRINE_VT_SHIMS_H
#define VITRINE_VT_SHIMS_H

#include <linux/kd.h>
#include <linux/vt.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/types.h>

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

/// VT_SETMODE: who switches away from this console (struct vt_mode): the kernel (VT_AUTO) or
/// the process that set it (VT_PROCESS), which is sent `relsig` when a switch away is asked
/// for and `acqsig` when the console is shown again.
static const unsigned long VITRINE_VT_SETMODE = VT_SETMODE;
/// VT_GETSTATE: the console in the foreground (struct vt_stat.v_active).
static const unsigned long VITRINE_VT_GETSTATE = VT_GETSTATE;
/// VT_RELDISP: the process's answer to a switch: 1 lets it happen, 0 refuses it, VT_ACKACQ
/// acknowledges that the console was shown again.
static const unsigned long VITRINE_VT_RELDISP = VT_RELDISP;
/// VT_ACTIVATE: asks for a switch to console `arg` and returns at once (the switch waits for
/// the VT_PROCESS owner of the console in front).
static const unsigned long VITRINE_VT_ACTIVATE = VT_ACTIVATE;
/// TIOCGDEV: the device number of the terminal behind a descriptor (for /dev/tty0, the console
/// it stood for when it was opened): major 4, minor the console's number.
static const unsigned long VITRINE_TIOCGDEV = TIOCGDEV;
/// The kernel switches consoles by itself.
static const int VITRINE_VT_AUTO = VT_AUTO;
/// The process that set the mode negotiates every switch away from and back to its console.
static const int VITRINE_VT_PROCESS = VT_PROCESS;
/// VT_RELDISP's "the console is shown again, acknowledged".
static const int VITRINE_VT_ACKACQ = VT_ACKACQ;

/// SIGRTMIN, the first real-time signal the C library leaves to programs (a function-like
/// macro, which Swift cannot import).
static inline int vitrine_sigrtmin(void) { return SIGRTMIN; }
/// SIGRTMAX, the last real-time signal.
static inline int vitrine_sigrtmax(void) { return SIGRTMAX; }

/// Installs, for `signo`, a handler that re-sends the signal to thread `tid` (which must block
/// it and read it from a signalfd): the console sends its switch signal to the process, and a
/// thread that does not block it would otherwise take it with the default action (for a
/// real-time signal: termination). The previous action is saved for
/// `vitrine_vt_signal_forwarding_remove`. Returns 0, or -1 with errno set: EBUSY when a
/// forwarder is installed already (one console negotiates switches per process), or
/// sigaction's errno (EINVAL for a signal that cannot be caught).
int vitrine_vt_signal_forwarding_install(int signo, pid_t tid);

/// Stops forwarding and restores the action saved by `vitrine_vt_signal_forwarding_install`.
/// Does nothing when no forwarder is installed.
void vitrine_vt_signal_forwarding_remove(void);

/// How many switch signals the forwarder re-sent since the process started (for tests).
unsigned long vitrine_vt_signal_forwarding_count(void);

#endif
