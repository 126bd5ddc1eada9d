#include "vitrine_shims.h"
#include <sys/ioctl.h>

int vitrine_ioctl_ptr(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }
int vitrine_ioctl_int(int fd, unsigned long request, unsigned long arg) { return ioctl(fd, request, arg); }
