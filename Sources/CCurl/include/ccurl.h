#ifndef CCURL_H
#define CCURL_H

/*
 * libcurl for CurlHTTP, loaded when it is first needed.
 *
 * The binary does not link libcurl. The first call to ccurl_global_init or
 * ccurl_version_info opens libcurl.so.4 with dlopen and looks up the entry points
 * below; every other function here forwards to the one libcurl has. A run that
 * never makes a transfer (a cache hit, --help, a usage error) then never loads
 * libcurl and the thirty libraries it brings, and is spared the dynamic loader's
 * work and the memory they take.
 *
 * <curl/curl.h> gives the types and constants. Its own functions are declared
 * too, but nothing defines them in this binary: a call to one of them instead of
 * its ccurl_ forwarder fails at link time, not at run time.
 *
 * Contract: ccurl_global_init must have returned CURLE_OK before any forwarder
 * below it is called (ccurl_version_info and ccurl_version only load libcurl, and
 * may be called at any time); CurlHTTP's Session does it first. After that, the
 * forwarders may be called from any thread, as libcurl's own functions may.
 */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/* The write and header callback type: size_t fn(char *ptr, size_t size, size_t nmemb, void *userdata). */
typedef size_t (*ccurl_data_callback)(char *, size_t, size_t, void *);

/* The progress callback type (CURLOPT_XFERINFOFUNCTION):
   int fn(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow). */
typedef int (*ccurl_xferinfo_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

/* The seek callback type (CURLOPT_SEEKFUNCTION): int fn(void *userdata, curl_off_t offset, int origin). */
typedef int (*ccurl_seek_callback)(void *, curl_off_t, int);

/* Loading. */

/* Loads libcurl (once per process) and runs curl_global_init(CURL_GLOBAL_ALL).
   CURLE_FAILED_INIT if libcurl could not be loaded; ccurl_load_failure says why. */
CURLcode ccurl_global_init(void);

/* Loads libcurl (once per process) and returns curl_version_info(CURLVERSION_NOW),
   or NULL if it could not be loaded. */
curl_version_info_data *ccurl_version_info(void);

/* Why libcurl could not be loaded (dlerror's words, or the missing entry point),
   or "" if it was loaded; tries the load first if nothing has yet. A static buffer,
   written once. */
const char *ccurl_load_failure(void);

/* Asks that OpenSSL, when libcurl is loaded, be initialised without its atexit handler
   (OPENSSL_INIT_NO_ATEXIT), so that the process's exit does not run OPENSSL_cleanup. Call it
   before anything loads libcurl, while the process has one thread; no effect afterwards, nor
   with a libcurl on another TLS library. */
void ccurl_skip_tls_exit_cleanup(void);

/* The version string, such as "libcurl/7.88.1 OpenSSL/3.0.11 …" (static, inside
   libcurl), or NULL if libcurl could not be loaded. */
char *ccurl_version(void);

/* Easy handles. libcurl's curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt
   take their value through C varargs, which Swift cannot call: each forwarder below
   fixes the value's type. libcurl documents which type each option expects. */
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_easy_setopt_xferinfo(CURL *handle, CURLoption option, ccurl_xferinfo_callback value);
CURLcode ccurl_easy_setopt_seek(CURL *handle, CURLoption option, ccurl_seek_callback value);
/* curl_easy_pause: from the thread that drives the handle's multi handle only. */
CURLcode ccurl_easy_pause(CURL *handle, int bitmask);
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

/* Multi handles. */
CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
CURLMcode ccurl_multi_timeout(CURLM *multi, long *timeout_ms);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued);
const char *ccurl_multi_strerror(CURLMcode code);

/* Header lists. */
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

/* CURLMsg.data is a union; Swift reads the CURLcode through this accessor. */
static inline CURLcode ccurl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
