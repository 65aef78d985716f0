#pragma once
// `pdo check --online`: each lesson URL fetched once, its HTTP status and <title> compared with the
// course file, so broken or renamed lessons show up. No answer means unverified (offline), never pass.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check.hpp"
#include "checks/http.hpp"
#include "course/course.hpp"

namespace pdo::checks {

/// Fetches a URL (http_get, or a fake in unit tests).
using HttpGetter = std::function<HttpResponse(const std::string& url)>;

/// The text of the page's <title>, entities decoded and blanks collapsed ("" if none).
std::string page_title(std::string_view html);

/// `url` with its scheme and host replaced by `base` ("http://127.0.0.1:8000"); `url` itself if base is "".
std::string rebase_url(const std::string& url, const std::string& base);

/// True if the page title names the lesson (case and blanks ignored; sites append " — Site name").
bool title_matches(const std::string& page, const std::string& lesson_title);

/// One result per lesson (kind auto, ids "lesson-NN-page").
std::vector<ItemResult> check_lesson_pages(const course::Course& course, const std::string& base_url, const HttpGetter& get,
                                           const std::string& today);

}  // namespace pdo::checks
