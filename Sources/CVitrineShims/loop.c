#define _GNU_SOURCE
#include "loop_shims.h"
#include <errno.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#define VITRINE_MAX_FORWARDED 8

pid_t vitrine_gettid(void) { return gettid(); }

// Read by the handler, so lock-free atomics only (async-signal-safe).
static _Atomic pid_t forward_tid = 0;
static _Atomic unsigned long forwarded = 0;
static int installed_count = 0;
static int installed_signals[VITRINE_MAX_FORWARDED];
static struct sigaction saved_actions[VITRINE_MAX_FORWARDED];

static void forward(int signo) {
    int saved_errno = errno;
    pid_t tid = atomic_load(&forward_tid);
    // Never to ourselves: the loop thread only runs this handler when it has unblocked the
    // signal (while closing), and re-sending would deliver it again forever.
    if (tid > 0 && tid != gettid()) {
        syscall(SYS_tgkill, getpid(), tid, signo);
        atomic_fetch_add(&forwarded, 1);
    }
    errno = saved_errno;
}

int vitrine_signal_forwarding_install(const int *signals, int count, pid_t tid) {
    if (count < 0 || count > VITRINE_MAX_FORWARDED) { errno = EINVAL; return -1; }
    if (installed_count > 0 || atomic_load(&forward_tid) != 0) { errno = EBUSY; return -1; }
    atomic_store(&forward_tid, tid);
    struct sigaction action = {0};
    action.sa_handler = forward;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, &saved_actions[i]) != 0) {
            int saved_errno = errno;
            for (int j = i - 1; j >= 0; j--) sigaction(installed_signals[j], &saved_actions[j], NULL);
            atomic_store(&forward_tid, 0);
            errno = saved_errno;
            return -1;
        }
        installed_signals[i] = signals[i];
    }
    installed_count = count;
    return 0;
}

void vitrine_signal_forwarding_remove(void) {
    atomic_store(&forward_tid, 0);
    for (int i = installed_count - 1; i >= 0; i--) sigaction(installed_signals[i], &saved_actions[i], NULL);
    installed_count = 0;
}

unsigned long vitrine_signal_forwarding_count(void) { return atomic_load(&forwarded); }
