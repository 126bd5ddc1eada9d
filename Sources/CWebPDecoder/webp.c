#include "vitrine_webp.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Each pointer has the type of libwebp's own declaration (typeof), so this file cannot
// disagree with the library's API.
static struct {
    typeof(&WebPGetFeaturesInternal) WebPGetFeaturesInternal;
    typeof(&WebPInitDecoderConfigInternal) WebPInitDecoderConfigInternal;
    typeof(&WebPDecode) WebPDecode;
    typeof(&WebPFreeDecBuffer) WebPFreeDecBuffer;
} webp;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char failure[256];

#define FIND(name)                                                                        \
    do {                                                                                  \
        webp.name = (typeof(webp.name))dlsym(library, #name);                             \
        if (webp.name == NULL) {                                                          \
            snprintf(failure, sizeof failure, "%s has no %s: %s", VITRINE_WEBP_SONAME, #name, \
                     dlerror());                                                          \
            return;                                                                       \
        }                                                                                 \
    } while (0)

static void load(void) {
    void *library = dlopen(VITRINE_WEBP_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : VITRINE_WEBP_SONAME " could not be loaded");
        return;
    }
    FIND(WebPGetFeaturesInternal);
    FIND(WebPInitDecoderConfigInternal);
    FIND(WebPDecode);
    FIND(WebPFreeDecBuffer);
    loaded = 0;  // kept loaded for the process's life
}

int vitrine_webp_load(char *message, size_t capacity) {
    pthread_once(&once, load);
    if (loaded != 0 && message != NULL && capacity > 0) snprintf(message, capacity, "%s", failure);
    return loaded;
}

VP8StatusCode vitrine_WebPGetFeaturesInternal(const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features,
                                              int version) {
    return webp.WebPGetFeaturesInternal(data, data_size, features, version);
}
int vitrine_WebPInitDecoderConfigInternal(WebPDecoderConfig *config, int version) {
    return webp.WebPInitDecoderConfigInternal(config, version);
}
VP8StatusCode vitrine_WebPDecode(const uint8_t *data, size_t data_size, WebPDecoderConfig *config) {
    return webp.WebPDecode(data, data_size, config);
}
void vitrine_WebPFreeDecBuffer(WebPDecBuffer *buffer) { webp.WebPFreeDecBuffer(buffer); }
