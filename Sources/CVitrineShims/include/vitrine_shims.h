// C for what Swift cannot import: variadic ioctl, and the few libdispatch entry points a
// foreign run loop uses to drain the main queue. Each helper documents its contract.
#ifndef VITRINE_SHIMS_H
#define VITRINE_SHIMS_H

#include <stdint.h>

/// ioctl(fd, request, arg) with one pointer argument; returns -1 and sets errno on failure.
int vitrine_ioctl_ptr(int fd, unsigned long request, void *arg);
/// ioctl(fd, request, arg) with one integer argument; returns -1 and sets errno on failure.
int vitrine_ioctl_int(int fd, unsigned long request, unsigned long arg);

#endif
