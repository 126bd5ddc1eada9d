// The console switch signal's forwarder (see vt_shims.h). Written in C because a signal
// handler may only make async-signal-safe calls and touch lock-free atomics.
#define _GNU_SOURCE
#include "vt_shims.h"
#include <errno.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic pid_t vt_forward_tid = 0;
static _Atomic unsigned long vt_forwarded = 0;
static int vt_installed_signal = 0;
static struct sigaction vt_saved_action;

static void vt_forward(int signo) {
    int saved_errno = errno;
    pid_t tid = atomic_load(&vt_forward_tid);
    // Never to ourselves: the reading thread runs this only once it has unblocked the signal
    // (while closing), and re-sending would deliver it again forever.
    if (tid > 0 && tid != gettid()) {
        syscall(SYS_tgkill, getpid(), tid, signo);
        atomic_fetch_add(&vt_forwarded, 1);
    }
    errno = saved_errno;
}

int vitrine_vt_signal_forwarding_install(int signo, pid_t tid) {
    if (vt_installed_signal != 0 || atomic_load(&vt_forward_tid) != 0) { errno = EBUSY; return -1; }
    atomic_store(&vt_forward_tid, tid);
    struct sigaction action = {0};
    action.sa_handler = vt_forward;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(signo, &action, &vt_saved_action) != 0) {
        int saved_errno = errno;
        atomic_store(&vt_forward_tid, 0);
        errno = saved_errno;
        return -1;
    }
    vt_installed_signal = signo;
    return 0;
}

void vitrine_vt_signal_forwarding_remove(void) {
    atomic_store(&vt_forward_tid, 0);
    if (vt_installed_signal == 0) return;
    sigaction(vt_installed_signal, &vt_saved_action, NULL);
    vt_installed_signal = 0;
}

unsigned long vitrine_vt_signal_forwarding_count(void) { return atomic_load(&vt_forwarded); }
