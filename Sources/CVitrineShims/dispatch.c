#define _GNU_SOURCE
#include "dispatch_shims.h"
#include <unistd.h>

int vitrine_is_main_thread(void) { return gettid() == getpid(); }
