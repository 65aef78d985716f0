// http.hpp with libcurl (Debian: libcurl4-openssl-dev). With PDO_CURL_RUNTIME_LOAD (the Linux build)
// libcurl is loaded only when a request is made: its ~30 dependent libraries would otherwise cost
// every pdo command a few milliseconds of start-up. Elsewhere it is linked as usual.
#include <curl/curl.h>

#include <memory>
#include <mutex>

#include "checks/http.hpp"
#include "util/platform.hpp"

namespace pdo::checks {

namespace {

/// The libcurl entry points pdo uses.
struct CurlApi {
  decltype(&curl_global_init) global_init = nullptr;
  decltype(&curl_easy_init) easy_init = nullptr;
  decltype(&curl_easy_setopt) easy_setopt = nullptr;
  decltype(&curl_easy_perform) easy_perform = nullptr;
  decltype(&curl_easy_getinfo) easy_getinfo = nullptr;
  decltype(&curl_easy_strerror) easy_strerror = nullptr;
  decltype(&curl_easy_cleanup) easy_cleanup = nullptr;
};

#ifdef PDO_CURL_RUNTIME_LOAD
template <class F>
bool resolve(const platform::SharedLibrary& lib, const char* name, F& out) {
  out = reinterpret_cast<F>(lib.symbol(name));
  return out != nullptr;
}
#endif

/// libcurl's functions, or nullptr if the library cannot be loaded.
const CurlApi* curl_api() {
  static const CurlApi* api = []() -> const CurlApi* {
    static CurlApi a;
#ifdef PDO_CURL_RUNTIME_LOAD
    static const auto lib = platform::SharedLibrary::load({"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"});
    if (!lib) return nullptr;
    const bool ok = resolve(*lib, "curl_global_init", a.global_init) && resolve(*lib, "curl_easy_init", a.easy_init) &&
                    resolve(*lib, "curl_easy_setopt", a.easy_setopt) && resolve(*lib, "curl_easy_perform", a.easy_perform) &&
                    resolve(*lib, "curl_easy_getinfo", a.easy_getinfo) && resolve(*lib, "curl_easy_strerror", a.easy_strerror) &&
                    resolve(*lib, "curl_easy_cleanup", a.easy_cleanup);
    if (!ok) return nullptr;
#else
    a = CurlApi{&curl_global_init,  &curl_easy_init,     &curl_easy_setopt, &curl_easy_perform,
                &curl_easy_getinfo, &curl_easy_strerror, &curl_easy_cleanup};
#endif
    a.global_init(CURL_GLOBAL_DEFAULT);
    return &a;
  }();
  return api;
}

struct CurlDeleter {
  void operator()(CURL* c) const { curl_api()->easy_cleanup(c); }
};

struct Sink {
  std::string* body;
  std::size_t max;
};

std::size_t on_data(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  const std::size_t n = size * count;
  const std::size_t room = sink->max > sink->body->size() ? sink->max - sink->body->size() : 0;
  sink->body->append(data, n < room ? n : room);
  // Returning less than n stops the transfer: enough of the page has been read.
  return n <= room ? n : 0;
}

}  // namespace

HttpResponse http_get(const std::string& url, const HttpOptions& options) {
  HttpResponse r;
  const CurlApi* api = curl_api();
  if (!api) {
    r.error = "libcurl is not installed (Debian: apt-get install libcurl4)";
    return r;
  }
  std::unique_ptr<CURL, CurlDeleter> curl(api->easy_init());
  if (!curl) {
    r.error = "curl_easy_init failed";
    return r;
  }
  CURL* c = curl.get();
  Sink sink{&r.body, options.max_bytes};
  char errbuf[CURL_ERROR_SIZE] = {};
  api->easy_setopt(c, CURLOPT_URL, url.c_str());
#if LIBCURL_VERSION_NUM >= 0x075500
  api->easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  api->easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#endif
  api->easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  api->easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  api->easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options.connect_timeout.count()));
  api->easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(options.total_timeout.count()));
  api->easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  api->easy_setopt(c, CURLOPT_USERAGENT, "pdo/" PDO_VERSION " (study workspace self-check)");
  api->easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  api->easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
  api->easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  api->easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
  const CURLcode rc = api->easy_perform(c);
  long status = 0;
  api->easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  char* final_url = nullptr;
  if (api->easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &final_url) == CURLE_OK && final_url) r.final_url = final_url;
  r.status = status;
  // A body cut at max_bytes ends with CURLE_WRITE_ERROR, but the server did answer.
  r.reached = status > 0 && (rc == CURLE_OK || rc == CURLE_WRITE_ERROR);
  if (!r.reached) {
    r.error = errbuf[0] ? errbuf : api->easy_strerror(rc);
    switch (rc) {
      case CURLE_COULDNT_RESOLVE_HOST:
      case CURLE_COULDNT_RESOLVE_PROXY:
        r.failure = HttpResponse::Failure::dns;
        break;
      case CURLE_COULDNT_CONNECT:
        r.failure = HttpResponse::Failure::connect;
        break;
      case CURLE_OPERATION_TIMEDOUT:
        r.failure = HttpResponse::Failure::timeout;
        break;
      case CURLE_SSL_CONNECT_ERROR:
      case CURLE_PEER_FAILED_VERIFICATION:
      case CURLE_SSL_CERTPROBLEM:
      case CURLE_SSL_CACERT_BADFILE:
        r.failure = HttpResponse::Failure::tls;
        break;
      default:
        r.failure = HttpResponse::Failure::other;
        break;
    }
  }
  return r;
}

}  // namespace pdo::checks
