// The compiled form of a TOML tree (see compile_toml in toml_doc.hpp): "pdo-toml 1\n", then each node as
// its kind (one byte), its line and its payload, with every number as an unsigned LEB128 varint:
//   table: count, then per field key length, key bytes, key line, value node
//   array: count, then the items;  string: length, bytes;  integer: zigzag;  floating: the IEEE bits
//   boolean: one byte;  date_time: nothing
// The reader checks every length against what is left and nests at most 64 deep.
#include <cstring>

#include "util/toml_doc.hpp"

namespace pdo::util {

namespace {

constexpr std::string_view k_magic = "pdo-toml 1\n";
constexpr int k_max_depth = 64;

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

void put_text(std::string& out, std::string_view text) {
  put_varint(out, text.size());
  out.append(text);
}

void put_node(std::string& out, const TomlNode& node) {
  out += static_cast<char>(node.kind);
  put_varint(out, static_cast<std::uint64_t>(node.line < 0 ? 0 : node.line));
  switch (node.kind) {
    case TomlNode::Kind::table:
      put_varint(out, node.fields.size());
      for (const auto& f : node.fields) {
        put_text(out, f.key);
        put_varint(out, static_cast<std::uint64_t>(f.line < 0 ? 0 : f.line));
        put_node(out, f.value);
      }
      break;
    case TomlNode::Kind::array:
      put_varint(out, node.items.size());
      for (const auto& item : node.items) put_node(out, item);
      break;
    case TomlNode::Kind::string:
      put_text(out, node.text);
      break;
    case TomlNode::Kind::integer: {
      const auto u = static_cast<std::uint64_t>(node.integer);
      put_varint(out, (u << 1) ^ (node.integer < 0 ? ~std::uint64_t{0} : 0));
      break;
    }
    case TomlNode::Kind::floating: {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &node.floating, sizeof bits);
      put_varint(out, bits);
      break;
    }
    case TomlNode::Kind::boolean:
      out += node.boolean ? '\1' : '\0';
      break;
    case TomlNode::Kind::date_time:
      break;
  }
}

class Reader {
public:
  explicit Reader(std::string_view bytes) : m_bytes(bytes) {}

  bool node(TomlNode& out, int depth) {
    if (depth > k_max_depth || m_pos >= m_bytes.size()) return false;
    const auto kind = static_cast<unsigned char>(m_bytes[m_pos++]);
    if (kind > static_cast<unsigned char>(TomlNode::Kind::date_time)) return false;
    out.kind = static_cast<TomlNode::Kind>(kind);
    std::uint64_t v = 0;
    if (!line(out.line)) return false;
    switch (out.kind) {
      case TomlNode::Kind::table:
        if (!count(v)) return false;
        out.fields.resize(v);
        for (auto& f : out.fields) {
          if (!text(f.key) || !line(f.line) || !node(f.value, depth + 1)) return false;
        }
        return true;
      case TomlNode::Kind::array:
        if (!count(v)) return false;
        out.items.resize(v);
        for (auto& item : out.items) {
          if (!node(item, depth + 1)) return false;
        }
        return true;
      case TomlNode::Kind::string:
        return text(out.text);
      case TomlNode::Kind::integer:
        if (!varint(v)) return false;
        out.integer = static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
        return true;
      case TomlNode::Kind::floating:
        if (!varint(v)) return false;
        std::memcpy(&out.floating, &v, sizeof v);
        return true;
      case TomlNode::Kind::boolean:
        if (m_pos >= m_bytes.size() || static_cast<unsigned char>(m_bytes[m_pos]) > 1) return false;
        out.boolean = m_bytes[m_pos++] == '\1';
        return true;
      case TomlNode::Kind::date_time:
        return true;
    }
    return false;
  }

  bool at_end() const { return m_pos == m_bytes.size(); }

private:
  bool varint(std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64 && m_pos < m_bytes.size(); shift += 7) {
      const auto b = static_cast<unsigned char>(m_bytes[m_pos++]);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }
  /// A count of things that each take at least one byte: never more than what is left.
  bool count(std::uint64_t& v) { return varint(v) && v <= m_bytes.size() - m_pos; }
  bool line(int& out) {
    std::uint64_t v = 0;
    if (!varint(v) || v > 0x7fffffff) return false;
    out = static_cast<int>(v);
    return true;
  }
  bool text(std::string& out) {
    std::uint64_t n = 0;
    if (!count(n)) return false;
    out.assign(m_bytes.substr(m_pos, n));
    m_pos += n;
    return true;
  }

  std::string_view m_bytes;
  std::size_t m_pos = 0;
};

}  // namespace

std::string compile_toml(const TomlNode& root) {
  std::string out(k_magic);
  put_node(out, root);
  return out;
}

std::optional<TomlNode> load_compiled_toml(std::string_view bytes) {
  if (bytes.substr(0, k_magic.size()) != k_magic) return std::nullopt;
  Reader reader(bytes.substr(k_magic.size()));
  TomlNode root;
  if (!reader.node(root, 0) || !reader.at_end() || root.kind != TomlNode::Kind::table) return std::nullopt;
  return root;
}

}  // namespace pdo::util
