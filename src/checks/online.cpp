#include "checks/online.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::checks {

using util::tr;

namespace {

/// Why a page did not answer, in the learner's language: what libcurl's code means; its English words
/// only in English, or where no sentence of pdo's says what happened.
std::string failure_text(const HttpResponse& resp) {
  using F = HttpResponse::Failure;
  std::string what;
  switch (resp.failure) {
    case F::dns:
      what = tr("找不到这个主机（域名解析失败：没有网络，或 DNS 不通）", "the host name did not resolve");
      break;
    case F::connect:
      what = tr("连不上这个主机（连接被拒绝，或网络不通）", "could not connect to the host");
      break;
    case F::timeout:
      what = tr("请求超时", "the request timed out");
      break;
    case F::tls:
      what = tr("HTTPS 握手失败（证书或代理的问题）", "the HTTPS handshake failed");
      break;
    case F::none:
    case F::other:
      return tr("没有连上（curl 报告：", "no connection — ") + resp.error + tr("）", "");
  }
  return util::current_lang() == util::Lang::zh ? what : what + " — " + resp.error;
}

/// The code point of a numeric character reference's name ("#8212", "#x2014"), as a browser shows it:
/// U+FFFD for 0, a surrogate or one past U+10FFFF; nullopt when it is no number (then it stays text).
std::optional<unsigned long> numeric_reference(std::string_view name) {
  if (name.size() < 2 || name[0] != '#') return std::nullopt;
  const bool hex = name[1] == 'x' || name[1] == 'X';
  const std::string_view digits = name.substr(hex ? 2 : 1);
  unsigned long cp = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
  if (digits.empty() || end != digits.data() + digits.size()) return std::nullopt;
  if (ec != std::errc() || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0xFFFDul;
  return cp;
}

std::string decode_entities(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto semi = s[i] == '&' ? s.find(';', i) : std::string_view::npos;
    if (semi == std::string_view::npos || semi - i > 10) {
      out += s[i];
      continue;
    }
    const std::string name(s.substr(i + 1, semi - i - 1));
    if (name == "amp")
      out += '&';
    else if (name == "lt")
      out += '<';
    else if (name == "gt")
      out += '>';
    else if (name == "quot")
      out += '"';
    else if (name == "apos")
      out += '\'';
    else if (name == "nbsp")
      out += ' ';
    else if (name == "mdash")
      util::append_utf8(out, 0x2014);
    else if (name == "ndash")
      util::append_utf8(out, 0x2013);
    else if (name == "middot")
      util::append_utf8(out, 0xB7);
    else if (name == "hellip")
      util::append_utf8(out, 0x2026);
    else if (name == "lsquo" || name == "rsquo")
      util::append_utf8(out, name[0] == 'l' ? 0x2018 : 0x2019);
    else if (name == "ldquo" || name == "rdquo")
      util::append_utf8(out, name[0] == 'l' ? 0x201C : 0x201D);
    else if (const auto cp = numeric_reference(name)) {
      util::append_utf8(out, *cp);
    } else {
      out += s.substr(i, semi - i + 1);
    }
    i = semi;
  }
  return out;
}

std::string collapse_blanks(std::string_view s) {
  std::string out;
  bool blank = false;
  for (const char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

ItemResult lesson_result(const course::Lesson& lesson, const std::string& url, const std::string& today) {
  ItemResult r;
  r.id = "lesson-" + lesson.id + "-page";
  r.title = tr("第 ", "lesson ") + lesson.id + tr(" 课页面：", " page: ") + lesson.title;
  r.kind = course::CheckKind::automatic;
  r.date = today;
  r.url = url;
  r.command = "GET " + url;
  return r;
}

}  // namespace

std::string page_title(std::string_view html) {
  const std::string lower = util::to_lower(html);
  const auto open = lower.find("<title");
  if (open == std::string::npos) return {};
  const auto start = lower.find('>', open);
  const auto end = lower.find("</title", start);
  if (start == std::string::npos || end == std::string::npos) return {};
  return collapse_blanks(decode_entities(html.substr(start + 1, end - start - 1)));
}

std::string rebase_url(const std::string& url, const std::string& base) {
  if (base.empty()) return url;
  const auto scheme = url.find("://");
  const auto path = scheme == std::string::npos ? std::string::npos : url.find('/', scheme + 3);
  std::string b = base;
  while (!b.empty() && b.back() == '/') b.pop_back();
  return b + (path == std::string::npos ? "/" : url.substr(path));
}

bool title_matches(const std::string& page, const std::string& lesson_title) {
  const std::string want = util::to_lower(collapse_blanks(lesson_title));
  return !want.empty() && util::to_lower(collapse_blanks(page)).find(want) != std::string::npos;
}

std::vector<ItemResult> check_lesson_pages(const course::Course& course, const std::string& base_url, const HttpGetter& get,
                                           const std::string& today) {
  std::vector<ItemResult> results;
  std::vector<std::string> unreachable;  // hosts that did not answer: one timeout per host, not per lesson
  for (const auto& lesson : course.lessons) {
    if (lesson.own) continue;  // the learner's own topics are no course page to compare with the course file
    ItemResult r = lesson_result(lesson, rebase_url(lesson.url, base_url), today);
    if (!lesson.published) {
      r.command.clear();
      r.reason = tr("课程文件标为未发布，没有抓取", "marked unpublished in the course file; not fetched");
      results.push_back(std::move(r));
      continue;
    }
    const auto scheme = r.url.find("://");
    const std::string host = r.url.substr(0, scheme == std::string::npos ? std::string::npos : r.url.find('/', scheme + 3));
    if (std::find(unreachable.begin(), unreachable.end(), host) != unreachable.end()) {
      r.reason = tr("未验证（离线）：同一主机刚才没有连上，没有再试",
                    "unverified (offline): the same host did not answer just before; not retried");
      results.push_back(std::move(r));
      continue;
    }
    const HttpResponse resp = get(r.url);
    r.fix = tr("在浏览器里打开这个网址看看；如果课节改名或移动了，更新课程文件里的标题和网址。",
               "Open the URL in a browser; if the lesson was renamed or moved, update its title and URL in the course file.");
    if (!resp.reached) {
      r.reason = tr("未验证（离线）：", "unverified (offline): ") + failure_text(resp);
      r.fix.clear();
      unreachable.push_back(host);
      results.push_back(std::move(r));
      continue;
    }
    const std::string title = page_title(resp.body);
    r.source = Source::observed;
    r.evidence = "HTTP " + std::to_string(resp.status) + "\n<title>" + title + "</title>";
    if (!resp.final_url.empty() && resp.final_url != r.url) r.evidence += "\n" + tr("跳转到 ", "redirected to ") + resp.final_url;
    if (resp.status < 200 || resp.status >= 300) {
      r.status = CheckStatus::fail;
      r.reason = tr("HTTP 状态 ", "HTTP status ") + std::to_string(resp.status);
    } else if (!title_matches(title, lesson.title)) {
      r.status = CheckStatus::fail;
      r.reason = tr("页面标题里没有课程文件中的标题「", "the page title does not contain the course file's title \"") + lesson.title +
                 tr("」", "\"");
    } else {
      r.status = CheckStatus::pass;
    }
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace pdo::checks
