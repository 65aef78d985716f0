#pragma once
// Binary key containers, told by their structure, not their file name: a Java key store (JKS or JCEKS)
// holding a private or secret key entry, a PKCS#12 store (.p12/.pfx under any name) with a key bag, and a
// private key in DER (PKCS#1, PKCS#8, encrypted PKCS#8 or SEC1) that is the whole file. A key store of
// trusted certificates only, a DER certificate or public key, and an empty file are not keys.
#include <optional>
#include <string_view>

namespace pdo::secrets {

/// What a key container is, for its finding.
struct Container {
  std::string_view id;
  std::string_view description;
  std::string_view description_zh;
};

/// The container `content` is, if it is one that holds a private or secret key; reads at most the first
/// 64 entries of a key store.
std::optional<Container> key_container(std::string_view content);

}  // namespace pdo::secrets
