#pragma once
// What a secret value looks like, and what only looks like one: generated keys are random (digits mixed
// with letters, hex, or lower-case letters with few vowels); names are not (dotted module paths, file
// paths, snake_case and C++ identifiers), and a hex value named as a hash (sha256, md5, checksum) is a hash.
#include <string_view>

namespace pdo::secrets {

/// True if the value looks generated: random hex, random lower-case letters, digits mixed with letters,
/// or upper and lower case without long lower-case runs; never a name (see looks_like_name).
bool looks_random(std::string_view value);

/// True if the value is a name made of word-like parts: model.layers.0.self_attn.q_proj.weight,
/// checkpoints/epoch_10/model.pt, _S_token_char_class_name, torch.distributed.
bool looks_like_name(std::string_view value);

/// True if the text (the line before a value) names a hash: sha256, md5, hash_key, checksum, digest…
bool names_a_hash(std::string_view text_before);

/// True for 8-4-4-4-12 hex digits: an id (a UUID), never a name.
bool uuid_shaped(std::string_view value);

/// True if every byte is a hex digit.
bool all_hex(std::string_view value);

}  // namespace pdo::secrets
