#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

/*
 * Typed forwarders for libcurl's variadic entry points.
 *
 * curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take their value
 * through C varargs, which Swift cannot call. Each forwarder below fixes the
 * value's type, so Swift sees an ordinary function. libcurl documents which
 * type each option expects (long, curl_off_t, char *, void *, a function
 * pointer); CurlHTTP picks the forwarder that matches.
 */
#include <curl/curl.h>

/* The write and header callback type: size_t fn(char *ptr, size_t size, size_t nmemb, void *userdata). */
typedef size_t (*ccurl_data_callback)(char *, size_t, size_t, void *);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/* curl_global_init with CURL_GLOBAL_ALL, whose value is a macro expression Swift does not import. */
static inline CURLcode ccurl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

/* curl_version_info for the version this header describes; CURLVERSION_NOW is a macro Swift does not import. */
static inline curl_version_info_data *ccurl_version_info(void) {
    return curl_version_info(CURLVERSION_NOW);
}

/* CURLMsg.data is a union; Swift reads the CURLcode through this accessor. */
static inline CURLcode ccurl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
