// The Linux event APIs the epoll run loop uses (Swift's Glibc module does not import these
// headers), and a signal forwarder that must be written in C to be async-signal-safe.
#ifndef VITRINE_LOOP_SHIMS_H
#define VITRINE_LOOP_SHIMS_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/types.h>
#include <signal.h>

/// The calling thread's kernel id (gettid).
pid_t vitrine_gettid(void);

/// Installs, for each of `signals[0..<count]`, a handler that re-sends the signal to thread `tid`
/// (which must block those signals and read them from a signalfd). A process-directed signal
/// (kill, systemd's SIGTERM) is taken by whichever thread does not block it; without the
/// forwarder a thread created before the signals were blocked would take it with the default
/// action and kill the process before the loop can shut down cleanly.
/// The previous actions are saved for `vitrine_signal_forwarding_remove`.
/// Returns 0, or -1 with errno set: EBUSY when forwarding is installed already (one loop per
/// process handles signals), EINVAL when `count` is out of range, or sigaction's errno.
int vitrine_signal_forwarding_install(const int *signals, int count, pid_t tid);

/// Stops forwarding (signals that still reach a handler are dropped: the loop is going away)
/// and restores the actions saved by `vitrine_signal_forwarding_install`. Does nothing when
/// forwarding is not installed.
void vitrine_signal_forwarding_remove(void);

/// How many signals the forwarder re-sent to the loop thread since the process started (for
/// tests and diagnostics).
unsigned long vitrine_signal_forwarding_count(void);

#endif
