#include "vitrine_turbojpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Each pointer has the type of TurboJPEG's own declaration (typeof), so this file cannot
// disagree with the library's API.
static struct {
    typeof(&tjInitDecompress) tjInitDecompress;
    typeof(&tjInitCompress) tjInitCompress;
    typeof(&tjDestroy) tjDestroy;
    typeof(&tjDecompressHeader3) tjDecompressHeader3;
    typeof(&tjDecompress2) tjDecompress2;
    typeof(&tjGetScalingFactors) tjGetScalingFactors;
    typeof(&tjGetErrorStr2) tjGetErrorStr2;
    typeof(&tjCompress2) tjCompress2;
    typeof(&tjFree) tjFree;
} tj;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char failure[256];

#define FIND(name)                                                                       \
    do {                                                                                 \
        tj.name = (typeof(tj.name))dlsym(library, #name);                                \
        if (tj.name == NULL) {                                                           \
            snprintf(failure, sizeof failure, "%s has no %s: %s", VITRINE_TURBOJPEG_SONAME, \
                     #name, dlerror());                                                  \
            return;                                                                      \
        }                                                                                \
    } while (0)

static void load(void) {
    void *library = dlopen(VITRINE_TURBOJPEG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : VITRINE_TURBOJPEG_SONAME " could not be loaded");
        return;
    }
    FIND(tjInitDecompress);
    FIND(tjInitCompress);
    FIND(tjDestroy);
    FIND(tjDecompressHeader3);
    FIND(tjDecompress2);
    FIND(tjGetScalingFactors);
    FIND(tjGetErrorStr2);
    FIND(tjCompress2);
    FIND(tjFree);
    loaded = 0;  // kept loaded for the process's life
}

int vitrine_tj_load(char *message, size_t capacity) {
    pthread_once(&once, load);
    if (loaded != 0 && message != NULL && capacity > 0) snprintf(message, capacity, "%s", failure);
    return loaded;
}

tjhandle vitrine_tjInitDecompress(void) { return tj.tjInitDecompress(); }
tjhandle vitrine_tjInitCompress(void) { return tj.tjInitCompress(); }
int vitrine_tjDestroy(tjhandle handle) { return tj.tjDestroy(handle); }
int vitrine_tjDecompressHeader3(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, int *width,
                                int *height, int *jpegSubsamp, int *jpegColorspace) {
    return tj.tjDecompressHeader3(handle, jpegBuf, jpegSize, width, height, jpegSubsamp, jpegColorspace);
}
int vitrine_tjDecompress2(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, unsigned char *dstBuf,
                          int width, int pitch, int height, int pixelFormat, int flags) {
    return tj.tjDecompress2(handle, jpegBuf, jpegSize, dstBuf, width, pitch, height, pixelFormat, flags);
}
tjscalingfactor *vitrine_tjGetScalingFactors(int *numScalingFactors) { return tj.tjGetScalingFactors(numScalingFactors); }
char *vitrine_tjGetErrorStr2(tjhandle handle) { return tj.tjGetErrorStr2(handle); }
int vitrine_tjCompress2(tjhandle handle, const unsigned char *srcBuf, int width, int pitch, int height,
                        int pixelFormat, unsigned char **jpegBuf, unsigned long *jpegSize, int jpegSubsamp,
                        int jpegQual, int flags) {
    return tj.tjCompress2(handle, srcBuf, width, pitch, height, pixelFormat, jpegBuf, jpegSize, jpegSubsamp, jpegQual, flags);
}
void vitrine_tjFree(unsigned char *buffer) { tj.tjFree(buffer); }
