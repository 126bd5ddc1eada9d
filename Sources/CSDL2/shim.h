// SDL2 (the desktop window of VitrineSDL) and the one Xlib call it needs: the X connection's
// descriptor, which the run loop watches so that the app sleeps until the window system speaks.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>

/// The descriptor of the X connection `display` (Xlib's ConnectionNumber, a macro Swift cannot call).
static inline int vitrine_x11_connection_number(void *display) {
    return ConnectionNumber((Display *)display);
}

/// The X11 `Display *` of an SDL window, or NULL when the window is not on X11.
static inline void *vitrine_sdl_x11_display(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    return info.info.x11.display;
}
