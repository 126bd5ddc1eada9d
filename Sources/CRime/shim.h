// librime (Debian: librime-dev): the Rime input method engine's C API.
#include <rime_api.h>
