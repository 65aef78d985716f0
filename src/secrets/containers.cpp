#include "secrets/containers.hpp"

#include <cstdint>

#include "secrets/formats.hpp"

namespace pdo::secrets {

namespace {

constexpr Container k_java_key_store{"java-key-store", "Java key store (JKS/JCEKS) holding a private or secret key",
                                     "含私钥或密钥的 Java 密钥库（JKS/JCEKS）"};
constexpr Container k_pkcs12{"pkcs12-key-store", "PKCS#12 key store (.p12/.pfx: a private key and its certificates)",
                             "PKCS#12 密钥库（.p12/.pfx：私钥和它的证书）"};
constexpr Container k_der_key{"der-private-key", "private key in binary DER (PKCS#1, PKCS#8, encrypted PKCS#8 or SEC1)",
                              "二进制 DER 格式的私钥（PKCS#1、PKCS#8、加密的 PKCS#8 或 SEC1）"};

/// Reads big-endian fields of a byte string, failing (not throwing) past its end.
class Reader {
public:
  explicit Reader(std::string_view bytes) : m_bytes(bytes) {}
  bool ok() const { return m_ok; }
  std::uint32_t u32() { return static_cast<std::uint32_t>(take(4)); }
  std::uint64_t take(std::size_t n) {
    std::uint64_t v = 0;
    if (m_at + n > m_bytes.size()) m_ok = false;
    for (std::size_t i = 0; i < n && m_ok; ++i) v = v << 8 | static_cast<unsigned char>(m_bytes[m_at++]);
    return v;
  }
  void skip(std::uint64_t n) {
    if (n > m_bytes.size() - m_at) m_ok = false;
    if (m_ok) m_at += static_cast<std::size_t>(n);
  }
  /// Java's writeUTF: a 2-byte length, then the bytes.
  void skip_utf() { skip(take(2)); }

private:
  std::string_view m_bytes;
  std::size_t m_at = 0;
  bool m_ok = true;
};

/// JKS (magic FEEDFEED) or JCEKS (CECECECE), version 1 or 2: entries of tag 1 (a private key), 2 (a trusted
/// certificate) or 3 (JCEKS: a secret key). Walks the trusted certificates to the first other entry.
bool java_key_store(std::string_view content) {
  Reader r(content);
  const std::uint32_t magic = r.u32(), version = r.u32(), count = r.u32();
  if (!r.ok() || (magic != 0xFEEDFEEDu && magic != 0xCECECECEu) || (version != 1 && version != 2)) return false;
  for (std::uint32_t i = 0; i < count && i < 64; ++i) {
    const std::uint32_t tag = r.u32();
    if (!r.ok()) return false;
    if (tag == 1 || (tag == 3 && magic == 0xCECECECEu)) return true;
    if (tag != 2) return false;
    r.skip_utf();                    // alias
    r.skip(8);                       // date
    if (version == 2) r.skip_utf();  // certificate type
    r.skip(r.u32());
    if (!r.ok()) return false;
  }
  return false;
}

/// A DER element's header at `at`: its tag, and where its content starts and ends (definite lengths up
/// to four bytes); nullopt past the end.
struct Element {
  unsigned tag;
  std::size_t begin, end;
};
std::optional<Element> element(std::string_view der, std::size_t at) {
  if (at + 2 > der.size()) return std::nullopt;
  const unsigned tag = static_cast<unsigned char>(der[at]);
  std::size_t length = static_cast<unsigned char>(der[at + 1]), begin = at + 2;
  if (length & 0x80) {
    const std::size_t n = length & 0x7f;
    if (n == 0 || n > 4 || begin + n > der.size()) return std::nullopt;
    length = 0;
    for (std::size_t i = 0; i < n; ++i) length = length << 8 | static_cast<unsigned char>(der[begin + i]);
    begin += n;
  }
  if (length > der.size() - begin) return std::nullopt;
  return Element{tag, begin, begin + length};
}

/// PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo (pkcs7-data or -signedData), … }, with a
/// key bag in it: a keyBag or pkcs8ShroudedKeyBag OID (1.2.840.113549.1.12.10.1.1 or .2) lies in the clear
/// (its key is encrypted); certificates sit in an encrypted part, so a store of certificates only shows none.
bool pkcs12_with_key(std::string_view content) {
  const auto pfx = element(content, 0);
  if (!pfx || pfx->tag != 0x30 || pfx->end != content.size()) return false;
  const auto version = element(content, pfx->begin);
  if (!version || version->tag != 0x02 || version->end - version->begin != 1 || content[version->begin] != 3) return false;
  const auto auth_safe = element(content, version->end);
  if (!auth_safe || auth_safe->tag != 0x30) return false;
  const auto type = element(content, auth_safe->begin);
  static constexpr std::string_view k_pkcs7 = "\x2a\x86\x48\x86\xf7\x0d\x01\x07";  // 1.2.840.113549.1.7
  if (!type || type->tag != 0x06 || content.substr(type->begin, type->end - type->begin).substr(0, k_pkcs7.size()) != k_pkcs7) return false;
  static constexpr std::string_view k_key_bag = "\x06\x0b\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01";
  for (std::size_t at = content.find(k_key_bag); at != std::string_view::npos; at = content.find(k_key_bag, at + 1)) {
    const std::size_t last = at + k_key_bag.size();
    if (last < content.size() && (content[last] == 1 || content[last] == 2)) return true;
  }
  return false;
}

/// EncryptedPrivateKeyInfo ::= SEQUENCE { AlgorithmIdentifier (PBES2 1.2.840.113549.1.5.13, or a PKCS#12
/// PBE 1.2.840.113549.1.12.1.x), OCTET STRING }: an encrypted PKCS#8 key, the whole file.
bool encrypted_pkcs8(std::string_view content) {
  const auto whole = element(content, 0);
  if (!whole || whole->tag != 0x30 || whole->end != content.size()) return false;
  const auto algorithm = element(content, whole->begin);
  if (!algorithm || algorithm->tag != 0x30) return false;
  const auto oid = element(content, algorithm->begin);
  if (!oid || oid->tag != 0x06) return false;
  const std::string_view id = content.substr(oid->begin, oid->end - oid->begin);
  const bool pbes2 = id == std::string_view("\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0d", 9);
  const bool pkcs12_pbe = id.size() == 10 && id.substr(0, 9) == std::string_view("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x01", 9);
  const auto data = element(content, algorithm->end);
  // The encrypted key itself: at least one cipher block (8 bytes); an empty one holds no key.
  return (pbes2 || pkcs12_pbe) && data && data->tag == 0x04 && data->end - data->begin >= 8 && data->end == whole->end;
}

}  // namespace

std::optional<Container> key_container(std::string_view content) {
  if (content.size() < 16) return std::nullopt;
  if (java_key_store(content)) return k_java_key_store;
  if (pkcs12_with_key(content)) return k_pkcs12;
  // A DER private key is one element that is the whole file (a key in a text file is PEM or base64).
  const auto whole = element(content, 0);
  if ((whole && whole->end == content.size() && der_private_key(content)) || encrypted_pkcs8(content)) return k_der_key;
  return std::nullopt;
}

}  // namespace pdo::secrets
