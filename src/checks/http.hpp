#pragma once
// The one HTTP GET pdo needs (`pdo check --online`). The POSIX build implements it with libcurl
// (http_curl.cpp); a Windows build may swap in WinHTTP behind the same declaration.
#include <chrono>
#include <cstddef>
#include <string>

namespace pdo::checks {

/// Limits of one request.
struct HttpOptions {
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds total_timeout{15000};
  std::size_t max_bytes = 2 * 1024 * 1024;  ///< the body is cut here (a page title is near the top)
};

/// What came back.
struct HttpResponse {
  bool reached = false;  ///< a server answered with an HTTP status
  long status = 0;       ///< HTTP status code of the last response (after redirects)
  std::string body;
  std::string final_url;  ///< where redirects ended
  std::string error;      ///< why no answer came, as libcurl says it (English), if !reached
  /// Why no answer came, as pdo says it in the learner's language.
  enum class Failure { none, dns, connect, tls, timeout, other } failure = Failure::none;
};

/// GETs an http(s) URL, following up to 5 redirects; proxies from the usual environment variables apply.
HttpResponse http_get(const std::string& url, const HttpOptions& options = {});

}  // namespace pdo::checks
