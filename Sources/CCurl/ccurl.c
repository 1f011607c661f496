/*
 * libcurl loaded with dlopen on first use; see ccurl.h for why and for the contract.
 */
#define _GNU_SOURCE /* RTLD_DEEPBIND, RTLD_DEFAULT */
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* Every libcurl function CurlHTTP calls. Each gets a pointer p_<name> of the exact type
   <curl/curl.h> declares for it, filled from dlsym. */
#define CCURL_FUNCTIONS(X) \
    X(curl_global_init) \
    X(curl_version_info) \
    X(curl_version) \
    X(curl_easy_init) \
    X(curl_easy_cleanup) \
    X(curl_easy_strerror) \
    X(curl_easy_setopt) \
    X(curl_easy_getinfo) \
    X(curl_easy_pause) \
    X(curl_multi_init) \
    X(curl_multi_cleanup) \
    X(curl_multi_setopt) \
    X(curl_multi_add_handle) \
    X(curl_multi_remove_handle) \
    X(curl_multi_perform) \
    X(curl_multi_poll) \
    X(curl_multi_wakeup) \
    X(curl_multi_timeout) \
    X(curl_multi_info_read) \
    X(curl_multi_strerror) \
    X(curl_slist_append) \
    X(curl_slist_free_all)

/* Written only inside load(), which pthread_once runs exactly once; read only after
   pthread_once returned in this thread (ccurl_global_init, ccurl_version_info) or in a thread
   that the contract orders after such a call. pthread_once makes the writes visible to every
   thread that returns from it. */
#define CCURL_POINTER(name) static __typeof__(name) *p_##name;
CCURL_FUNCTIONS(CCURL_POINTER)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
/* Set by ccurl_skip_tls_exit_cleanup before the first load, read by load(). */
static int skip_tls_exit_cleanup;
static char load_failure[512];

/* The library's soname: the ABI CurlHTTP was built against (libcurl4 on Debian). */
static const char library_name[] = "libcurl.so.4";

/* True if the process's malloc is not the C library's: a sanitizer's runtime in the executable,
   or an allocator preloaded with LD_PRELOAD. */
static int malloc_replaced(void) {
    void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    if (libc == NULL) return 1; /* not glibc as Debian ships it: assume the worst */
    void *process_malloc = dlsym(RTLD_DEFAULT, "malloc");
    void *libc_malloc = dlsym(libc, "malloc");
    dlclose(libc);
    return process_malloc != libc_malloc;
}

static void load(void) {
    /* RTLD_LAZY: libcurl's own calls into its dependencies bind on first use, as they would
       for a linked library; RTLD_LOCAL: its symbols stay out of the global scope. The handle
       is never closed: libcurl stays until the process ends, as a linked library would.
       RTLD_DEEPBIND: libcurl and the thirty libraries behind it look each symbol up among
       themselves before the process's scope. Debian builds them with -z now, so nearly all
       their symbols are bound at load, and without the flag each lookup first tries the
       executable, libm and libc in vain. Nothing the executable defines is meant for them
       (its own C functions are ccurl_, cprocess_ and the Swift runtime's argument entry
       points, and it has no copy relocation of a library's data), so nothing is skipped. Not when malloc is replaced: then libcurl must
       allocate with the same malloc as the rest of the process, and the sanitizers' runtimes
       refuse RTLD_DEEPBIND outright. A preload that replaces other functions (libfaketime's
       clocks) then serves the Swift code but not libcurl, which keeps the system's clock. */
    int flags = RTLD_LAZY | RTLD_LOCAL;
    if (!malloc_replaced()) flags |= RTLD_DEEPBIND;
    void *library = dlopen(library_name, flags);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure, sizeof load_failure, "%s", reason != NULL ? reason : library_name);
        return;
    }
#define CCURL_RESOLVE(name) \
    p_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (p_##name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s has no %s: libcurl 7.84 or later is needed", \
                 library_name, #name); \
        return; \
    }
    CCURL_FUNCTIONS(CCURL_RESOLVE)
#undef CCURL_RESOLVE
    if (skip_tls_exit_cleanup) {
        /* OpenSSL's first initialisation, before curl_global_init's, with
           OPENSSL_INIT_NO_ATEXIT (crypto.h's 0x00080000, stable since OpenSSL 1.1.1; not
           included, so that building needs no OpenSSL headers): it then registers no atexit
           handler. Looked up through libcurl's handle, which reaches its dependencies; a
           libcurl on another TLS library has no such symbol, and nothing is done. */
        int (*init_crypto)(uint64_t, const void *) =
            (int (*)(uint64_t, const void *))dlsym(library, "OPENSSL_init_crypto");
        if (init_crypto != NULL) init_crypto(0x00080000UL, NULL);
    }
    loaded = 1;
}

void ccurl_skip_tls_exit_cleanup(void) {
    skip_tls_exit_cleanup = 1;
}

static int ccurl_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *ccurl_load_failure(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

CURLcode ccurl_global_init(void) {
    if (!ccurl_load()) return CURLE_FAILED_INIT;
    return p_curl_global_init(CURL_GLOBAL_ALL);
}

curl_version_info_data *ccurl_version_info(void) {
    if (!ccurl_load()) return NULL;
    return p_curl_version_info(CURLVERSION_NOW);
}

char *ccurl_version(void) {
    if (!ccurl_load()) return NULL;
    return p_curl_version();
}

/* The forwarders: callers hold the contract in ccurl.h (libcurl loaded first). */

CURL *ccurl_easy_init(void) { return p_curl_easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { p_curl_easy_cleanup(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return p_curl_easy_strerror(code); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_xferinfo(CURL *handle, CURLoption option, ccurl_xferinfo_callback value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_pause(CURL *handle, int bitmask) {
    return p_curl_easy_pause(handle, bitmask);
}
CURLcode ccurl_easy_setopt_seek(CURL *handle, CURLoption option, ccurl_seek_callback value) {
    return p_curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return p_curl_easy_getinfo(handle, info, value);
}
CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return p_curl_easy_getinfo(handle, info, value);
}
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return p_curl_easy_getinfo(handle, info, value);
}
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return p_curl_easy_getinfo(handle, info, value);
}

CURLM *ccurl_multi_init(void) { return p_curl_multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return p_curl_multi_cleanup(multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return p_curl_multi_setopt(multi, option, value);
}
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return p_curl_multi_add_handle(multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return p_curl_multi_remove_handle(multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return p_curl_multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds) {
    return p_curl_multi_poll(multi, extra, count, timeout_ms, numfds);
}
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return p_curl_multi_wakeup(multi); }
CURLMcode ccurl_multi_timeout(CURLM *multi, long *timeout_ms) { return p_curl_multi_timeout(multi, timeout_ms); }
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued) { return p_curl_multi_info_read(multi, queued); }
const char *ccurl_multi_strerror(CURLMcode code) { return p_curl_multi_strerror(code); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return p_curl_slist_append(list, string);
}
void ccurl_slist_free_all(struct curl_slist *list) { p_curl_slist_free_all(list); }
