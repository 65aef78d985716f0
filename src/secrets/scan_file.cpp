// A file as the scanner reads it: decoded before matching (gzip, UTF-32/16, binary runs, JSON, lone CRs),
// then matched as logical lines, each mapped back to the file's own line. An allow marker covers the
// logical line it stands on, up to any line terminator (LF, CR, NEL, U+2028, U+2029): one JSON string,
// one notebook source line; in a script (.js, .ts…) only the value nearest to it on that line.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>

#include "secrets/containers.hpp"
#include "secrets/json_text.hpp"
#include "secrets/literals.hpp"
#include "secrets/scanner.hpp"
#include "secrets/shapes.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_binary_probe = 8000;
constexpr std::size_t k_gzip_max = std::size_t{64} << 20;  // inflated bytes scanned from one file
constexpr std::size_t k_base64_min = 32;
constexpr std::size_t k_marker_reach = 200;  // in a script, the farthest a marker covers a value from

/// True if `text` ends with `lower_suffix` in any ASCII case.
bool ends_with_folded(std::string_view text, std::string_view lower_suffix) {
  if (text.size() < lower_suffix.size()) return false;
  const std::string tail = util::to_lower(text.substr(text.size() - lower_suffix.size()));
  return tail == lower_suffix;
}

std::string file_name(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  return util::to_lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string extension(std::string_view path) {
  const std::string name = file_name(path);
  const std::size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? std::string() : name.substr(dot + 1);
}

/// Compiled code, object files and archives: their text is names and data, not assignments a learner
/// wrote, so only keys with a shape of their own are looked for in their printable runs.
bool compiled_or_archive(std::string_view path, std::string_view content) {
  static constexpr std::array<std::string_view, 30> k_ext{
      "pyc", "pyo", "pyd", "so",  "o",  "a",  "obj", "lib", "dll", "dylib", "exe", "class", "jar",  "zip",         "whl",
      "egg", "tar", "tgz", "bz2", "xz", "7z", "rar", "npz", "npy", "pt",    "pth", "ckpt",  "onnx", "safetensors", "wasm"};
  const std::string ext = extension(path);
  if (!ext.empty() && std::find(k_ext.begin(), k_ext.end(), ext) != k_ext.end()) return true;
  if (ends_with_folded(path, ".so") || path.find(".so.") != std::string_view::npos) return true;  // libfoo.so.1.2
  for (const std::string_view magic : {std::string_view("\x7f"
                                                        "ELF"),
                                       std::string_view("PK\x03\x04"), std::string_view("\xca\xfe\xba\xbe")}) {
    if (util::starts_with(content, magic)) return true;
  }
  return false;
}

/// Files where credentials travel wrapped in base64 (kubeconfig, Docker's config.json, .npmrc, YAML).
bool config_like(std::string_view path) {
  static constexpr std::array<std::string_view, 15> k_ext{"yaml",       "yml", "json",  "toml",   "ini",   "cfg",    "conf", "env",
                                                          "properties", "xml", "plist", "tfvars", "npmrc", "pypirc", "netrc"};
  static constexpr std::array<std::string_view, 6> k_names{"config", "kubeconfig", "credentials", ".dockercfg", ".npmrc", ".netrc"};
  const std::string ext = extension(path), name = file_name(path);
  return std::find(k_ext.begin(), k_ext.end(), ext) != k_ext.end() || std::find(k_names.begin(), k_names.end(), name) != k_names.end() ||
         util::starts_with(name, ".env");
}

/// The logical line (1-based) of each offset, counted forward: offsets must come in order.
class LineCounter {
public:
  explicit LineCounter(std::string_view text) : m_text(text) {}
  std::size_t at(std::size_t offset) {
    offset = std::min(offset, m_text.size());
    m_line += static_cast<std::size_t>(
        std::count(m_text.begin() + static_cast<std::ptrdiff_t>(m_counted), m_text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    m_counted = offset;
    return m_line;
  }

private:
  std::string_view m_text;
  std::size_t m_line = 1, m_counted = 0;
};

/// The length of the line terminator at text[i], or 0: LF, CR, NEL (U+0085), and U+2028/U+2029, which
/// JavaScript and JSON text end lines at (CRLF is CR, then LF: both end the same line).
std::size_t terminator_at(std::string_view text, std::size_t i) {
  const char c = text[i];
  if (c == '\n' || c == '\r') return 1;
  if (c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\x85') return 2;
  if (c == '\xE2' && i + 2 < text.size() && text[i + 1] == '\x80' && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) return 3;
  return 0;
}

/// The line around `offset`, ended by any line terminator: what an allow marker covers.
std::string_view line_around(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t bol = offset;
  while (bol > 0 && terminator_at(text, bol - 1) == 0 && !(bol >= 2 && terminator_at(text, bol - 2) == 2) &&
         !(bol >= 3 && terminator_at(text, bol - 3) == 3))
    --bol;
  std::size_t eol = offset;
  while (eol < text.size() && terminator_at(text, eol) == 0) ++eol;
  return text.substr(bol, eol - bol);
}

/// Script files, often minified to one line: there an allow marker covers the one value nearest to it
/// (within k_marker_reach bytes), as a marker in one JSON string covers that string.
bool script_like(std::string_view path) {
  static constexpr std::array<std::string_view, 6> k_ext{"js", "mjs", "cjs", "jsx", "ts", "tsx"};
  const std::string ext = extension(path);
  return std::find(k_ext.begin(), k_ext.end(), ext) != k_ext.end();
}

}  // namespace

std::size_t Scanner::Lines::file_line(std::size_t logical) const {
  if (file_lines == nullptr || file_lines->empty()) return logical;
  return (*file_lines)[std::min(logical, file_lines->size()) - 1];
}

bool Scanner::allowed(std::string_view line) const { return !markers_in(line).empty(); }

std::vector<std::size_t> Scanner::markers_in(std::string_view line) const {
  std::vector<std::size_t> at;
  const auto add = [&](std::string_view marker) {
    for (std::size_t i = marker.empty() ? std::string_view::npos : line.find(marker); i != std::string_view::npos;
         i = line.find(marker, i + 1))
      at.push_back(i);
  };
  add(m_rules.allow_marker);
  for (const std::string_view m : m_rules.extra_allow_markers) add(m);
  return at;
}

void Scanner::report(std::string_view path, Lines lines, std::vector<Hit>& hits, std::vector<Finding>& out) const {
  // The first rule (in file order) to claim a value wins; a value inside another one is the same secret.
  std::sort(hits.begin(), hits.end(),
            [](const Hit& a, const Hit& b) { return a.offset != b.offset ? a.offset < b.offset : a.rule < b.rule; });
  std::vector<const Hit*> kept;
  std::size_t claimed_until = 0;
  for (const Hit& hit : hits) {
    if (hit.offset < claimed_until) continue;
    claimed_until = hit.offset + std::max<std::size_t>(hit.value.size(), 1);
    kept.push_back(&hit);
  }
  // In a script a marker covers the one value nearest to it on its line (the earlier of two as near), if
  // that value is within k_marker_reach bytes of it: a minified file's marker hides no other value.
  std::vector<bool> covered(kept.size(), false);
  const bool one_value = script_like(path);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const std::string_view line = line_around(lines.text, kept[i]->offset);
    if (!one_value) {
      covered[i] = allowed(line);
      continue;
    }
    const std::size_t begin = static_cast<std::size_t>(line.data() - lines.text.data()), end = begin + line.size();
    if (i > 0 && kept[i - 1]->offset >= begin) continue;  // the line's first value judges them all
    std::size_t last = i;
    while (last + 1 < kept.size() && kept[last + 1]->offset < end) ++last;
    for (const std::size_t m : markers_in(line)) {
      const std::size_t marker = begin + m;
      std::size_t best = i, best_gap = std::string_view::npos;
      for (std::size_t k = i; k <= last; ++k) {
        const std::size_t from = kept[k]->offset, to = from + kept[k]->value.size();
        const std::size_t gap = to <= marker ? marker - to : from >= marker ? from - marker : 0;
        if (gap < best_gap) best = k, best_gap = gap;
      }
      if (best_gap <= k_marker_reach) covered[best] = true;
    }
  }
  LineCounter counter(lines.text);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const std::size_t line = counter.at(kept[i]->offset);
    if (covered[i]) continue;
    const Hit& hit = *kept[i];
    const Rule& rule = m_rules.rules[hit.rule];
    out.push_back({std::string(path), lines.file_line(line), std::string(rule.id), std::string(rule.description), redact(hit.value),
                   std::string(rule.description_zh)});
  }
}

void Scanner::join_literals(std::string_view path, std::string_view text, std::vector<Hit>& hits) const {
  // A key split into literals is found in the literals joined, at the place its first character stands.
  // The joined value replaces what was found inside the literals (a piece alone may have looked like
  // another, weaker kind of key). Outside scripts a marker on any line the literals span covers it; in a
  // script, the marker nearest to it does (report()).
  const bool script = script_like(path);
  for (const auto& run : joined_literals(text)) {
    std::vector<Hit> joined;
    scan_text(run.text, joined);
    if (joined.empty()) continue;
    bool marked = false;
    for (std::size_t at = run.begin; at < run.end && !marked && !script;) {
      marked = allowed(line_around(text, at));
      const std::size_t nl = text.find('\n', at);
      if (nl == std::string_view::npos) break;
      at = nl + 1;
    }
    if (marked) continue;
    hits.erase(std::remove_if(hits.begin(), hits.end(), [&](const Hit& h) { return h.offset >= run.begin && h.offset < run.end; }),
               hits.end());
    for (Hit& hit : joined) {
      hit.offset = run.source_of(hit.offset);  // where the value starts in the text
      hits.push_back(std::move(hit));
    }
  }
}

void Scanner::scan_base64(std::string_view path, Lines lines, std::vector<Finding>& out) const {
  // One level only: what a base64 run decodes to is scanned as text, never decoded again.
  LineCounter counter(lines.text);
  for (const auto& run : base64_runs(lines.text, k_base64_min)) {
    if (!printable_text(run.bytes)) continue;
    std::vector<Hit> hits;
    scan_text(run.bytes, hits);
    if (hits.empty() || allowed(line_around(lines.text, run.offset))) continue;
    std::vector<Finding> found;
    report(path, {run.bytes, nullptr}, hits, found);
    const std::size_t line = lines.file_line(counter.at(run.offset));
    if (std::any_of(out.begin(), out.end(), [&](const Finding& o) { return o.line == line; })) continue;  // already found there
    for (auto& f : found) {
      f.line = line;
      out.push_back(std::move(f));
    }
  }
}

void Scanner::scan_logical(std::string_view path, std::string_view type_path, Lines lines, Rules which, std::vector<Finding>& out) const {
  std::vector<Hit> hits;
  scan_text(lines.text, hits, which, lines.runs);
  if (which != Rules::key_shaped) join_literals(path, lines.text, hits);
  report(path, lines, hits, out);
  if (which != Rules::key_shaped && config_like(type_path)) scan_base64(path, lines, out);
}

void Scanner::scan_bytes(std::string_view path, std::string_view type_path, std::string_view content, bool inflated,
                         std::vector<Finding>& out) const {
  if (!inflated) {
    if (auto text = gunzip(content, k_gzip_max)) {
      // A .gz member is judged by the name inside (notes.txt.gz is text, runs.tar.gz an archive).
      const std::string_view inner = ends_with_folded(type_path, ".gz") ? type_path.substr(0, type_path.size() - 3) : type_path;
      scan_bytes(path, inner, *text, true, out);
      return;
    }
  }
  std::string decoded;
  std::string_view text = content;
  std::vector<TextRange> runs;  // of a binary file's printable runs; the rest of its text is blanks
  bool blanked = false;
  Rules which = compiled_or_archive(type_path, content) ? Rules::key_shaped : Rules::all;
  // UTF-32 and UTF-16 have a BOM or NUL bytes near the start, and so has binary content: plain text (nearly
  // every file) costs one memchr here.
  const std::string_view head = content.substr(0, 2);
  const bool bom = head == "\xFF\xFE" || head == "\xFE\xFF";
  if (bom || std::memchr(content.data(), '\0', std::min(content.size(), k_binary_probe)) != nullptr) {
    if (auto wide = utf32_text(content)) {
      decoded = std::move(*wide);
    } else if (auto utf16 = utf16_text(content)) {
      decoded = std::move(*utf16);
    } else {
      auto printable = printable_runs_of(content);  // binary: only its printable runs can hold a key
      decoded = std::move(printable.text);
      runs = std::move(printable.runs);
      blanked = true;
    }
    text = decoded;
  }
  if (auto lf = lone_cr_as_lf(text)) {  // CRs replaced in place: the runs stay where they were
    decoded = std::move(*lf);
    text = decoded;
  }
  const bool notebook = ends_with_folded(type_path, ".ipynb");
  if (which == Rules::all && (notebook || ends_with_folded(type_path, ".json"))) {
    if (auto logical = json_text(text, notebook ? JsonMode::notebook : JsonMode::json)) {
      scan_logical(path, type_path, {logical->text, &logical->file_lines}, which, out);
      return;
    }
    // Not valid JSON: its bytes are scanned, with the quotes inside its strings as the text has them.
    decoded = unescaped_quotes(text);
    text = decoded;
    blanked = false;  // the bytes moved
  }
  scan_logical(path, type_path, {text, nullptr, blanked ? &runs : nullptr}, which, out);
}

std::vector<Finding> Scanner::scan_content(std::string_view path, std::string_view content) const {
  std::vector<Finding> out;
  // A key store or a DER key is a key by its structure, whatever the file's name (line 0: the whole file).
  if (const auto container = key_container(content)) {
    out.push_back({std::string(path), 0, std::string(container->id), std::string(container->description), "",
                   std::string(container->description_zh)});
  }
  scan_bytes(path, path, content, false, out);
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) { return a.line < b.line; });
  return out;
}

std::vector<Finding> Scanner::scan_path(std::string_view path) const {
  const std::string name = file_name(path);
  std::vector<Finding> out;
  for (const auto& rule : m_rules.path_rules) {
    const auto matches = [&](Span<std::string_view> globs) {
      return std::any_of(globs.begin(), globs.end(), [&](std::string_view g) { return glob_match(g, name); });
    };
    if (!matches(rule.exceptions) && matches(rule.patterns)) {
      out.push_back({std::string(path), 0, std::string(rule.id), std::string(rule.description), "", std::string(rule.description_zh)});
      break;
    }
  }
  // A key can be a file or folder name too (tokens/ghp_….txt): the path is scanned like a line of text.
  std::vector<Hit> hits;
  scan_text(path, hits);
  std::vector<Finding> in_name;
  report(path, {path, nullptr}, hits, in_name);
  for (auto& f : in_name) {
    f.line = 0;
    out.push_back(std::move(f));
  }
  return out;
}

bool Scanner::public_file(std::string_view rule_id, std::string_view content) const {
  const auto rule = std::find_if(m_rules.path_rules.begin(), m_rules.path_rules.end(), [&](const PathRule& r) { return r.id == rule_id; });
  if (rule == m_rules.path_rules.end() || rule->public_blocks.empty()) return false;
  static constexpr std::string_view k_begin = "-----BEGIN ";
  std::size_t blocks = 0;
  for (std::size_t at = content.find(k_begin); at != std::string_view::npos; at = content.find(k_begin, at + 1)) {
    const std::size_t label = at + k_begin.size();
    const std::size_t end = content.find("-----", label);
    if (end == std::string_view::npos || end - label > 64) return false;
    const std::string_view name = content.substr(label, end - label);
    if (std::find(rule->public_blocks.begin(), rule->public_blocks.end(), name) == rule->public_blocks.end()) return false;
    ++blocks;
  }
  // Certificates or public keys only, or nothing at all (an empty nullcert.pem): no key store.
  return blocks > 0 || content.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

std::vector<Finding> Scanner::scan(std::string_view path, std::string_view content) const {
  auto out = scan_path(path);
  auto more = scan_content(path, content);
  // The file's name is not reported on top of what its structure says (a key store named *.p12).
  const bool container = !more.empty() && more.front().line == 0;
  out.erase(
      std::remove_if(out.begin(), out.end(),
                     [&](const Finding& f) { return f.line == 0 && f.redacted.empty() && (container || public_file(f.rule_id, content)); }),
      out.end());
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  return out;
}

}  // namespace pdo::secrets
