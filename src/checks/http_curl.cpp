// http.hpp with libcurl (Debian: libcurl4-openssl-dev).
#include <curl/curl.h>

#include <memory>
#include <mutex>

#include "checks/http.hpp"

namespace pdo::checks {

namespace {

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
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
  static std::once_flag init;
  std::call_once(init, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  HttpResponse r;
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) {
    r.error = "curl_easy_init failed";
    return r;
  }
  CURL* c = curl.get();
  Sink sink{&r.body, options.max_bytes};
  char errbuf[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
#if LIBCURL_VERSION_NUM >= 0x075500
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#endif
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options.connect_timeout.count()));
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(options.total_timeout.count()));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "pdo/" PDO_VERSION " (study workspace self-check)");
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
  const CURLcode rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  char* final_url = nullptr;
  if (curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &final_url) == CURLE_OK && final_url) r.final_url = final_url;
  r.status = status;
  // A body cut at max_bytes ends with CURLE_WRITE_ERROR, but the server did answer.
  r.reached = status > 0 && (rc == CURLE_OK || rc == CURLE_WRITE_ERROR);
  r.timed_out = rc == CURLE_OPERATION_TIMEDOUT;
  if (!r.reached) r.error = errbuf[0] ? errbuf : curl_easy_strerror(rc);
  return r;
}

}  // namespace pdo::checks
