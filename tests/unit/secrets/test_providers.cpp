// The key formats a learner in China meets: Chinese clouds and model platforms, other LLM APIs,
// registries, chat webhooks, connection strings and service-account JSON. At least three synthetic
// samples per family, each built at run time; every sample must be found, by the expected rule.
#include <catch2/catch.hpp>

#include <cctype>

#include "synthetic.hpp"

using namespace pdo::test;

namespace {

/// True if the text yields exactly one finding, by `rule`.
bool found_by(const std::string& text, const std::string& rule) {
  const auto ids = found_ids(text);
  INFO(text);
  return ids == std::vector<std::string>{rule};
}

}  // namespace

TEST_CASE("chinese clouds: alibaba, tencent, huawei, baidu, volcengine", "[secrets]") {
  CHECK(found_by("ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI" + body(k_alnum, 20, 1), "alibaba-access-key-id"));
  CHECK(found_by("credential = Credential(\"AKID" + body(k_alnum, 32, 2) + "\", secret_key)", "tencent-secret-id"));
  CHECK(found_by("HUAWEICLOUD_SDK_AK = \"" + body(k_upper_digits, 20, 3) + "\"", "secret-assignment"));
  CHECK(found_by("华为云 SK：" + body(k_alnum, 40, 4), "secret-in-context"));
  CHECK(found_by("QIANFAN_KEY=bce-v3/ALTAK-" + body(k_alnum, 21, 5) + "/" + body(k_hex, 40, 5), "baidu-qianfan-key"));
  CHECK(found_by("ak: AKLT" + body(k_b64url, 44, 6), "volcengine-access-key-id"));
  CHECK(found_by("ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + body(k_alnum, 30, 7), "secret-assignment"));
}

TEST_CASE("chinese llm platforms: dashscope, deepseek, moonshot, zhipu, siliconflow, modelscope, baichuan, minimax", "[secrets]") {
  CHECK(found_by("dashscope.api_key = \"sk-" + body(k_hex, 32, 11) + "\"", "sk-api-key"));
  CHECK(found_by("client = OpenAI(api_key=\"sk-" + body(k_hex, 32, 12) + "\", base_url=\"https://api.deepseek.com\")", "sk-api-key"));
  CHECK(found_by("MOONSHOT_API_KEY=sk-" + body(k_alnum, 48, 13), "openai-legacy-key"));
  CHECK(found_by("ZHIPUAI_API_KEY=\"" + body(k_hex, 32, 14) + "." + body(k_alnum, 16, 14) + "\"", "secret-assignment"));
  CHECK(found_by("智谱的 key 是 " + body(k_hex, 32, 15) + "." + body(k_alnum, 16, 15), "secret-in-context"));
  CHECK(found_by("硅基流动 sk-" + body(k_lower, 48, 16), "openai-legacy-key"));
  CHECK(found_by("MODELSCOPE_API_TOKEN=ms-" + uuid(17), "modelscope-token"));
  CHECK(found_by("BAICHUAN_API_KEY: sk-" + body(k_hex, 32, 18), "sk-api-key"));
  const std::string jwt = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + body(k_b64url, 220, 19) + "." + body(k_b64url, 340, 19);
  CHECK(found_by("MINIMAX_API_KEY=" + jwt, "jwt-api-key"));
}

TEST_CASE("other llm apis: openrouter, groq, xai, replicate, mistral, cohere, together, azure, perplexity", "[secrets]") {
  CHECK(found_by("OPENROUTER_API_KEY=sk-or-v1-" + body(k_hex, 64, 21), "openrouter-api-key"));
  CHECK(found_by("client = Groq(api_key=\"gsk_" + body(k_alnum, 52, 22) + "\")", "groq-api-key"));
  CHECK(found_by("XAI_API_KEY=xai-" + body(k_alnum, 80, 23), "xai-api-key"));
  CHECK(found_by("export REPLICATE_API_TOKEN=r8_" + body(k_alnum, 37, 24), "replicate-api-token"));
  CHECK(found_by("MISTRAL_API_KEY=" + body(k_alnum, 32, 25), "secret-assignment"));
  CHECK(found_by("client = Mistral(\"" + body(k_alnum, 32, 26) + "\")", "secret-in-context"));
  CHECK(found_by("co = cohere.ClientV2(\"" + body(k_alnum, 40, 27) + "\")", "secret-in-context"));
  CHECK(found_by("TOGETHER_API_KEY=tgp_v1_" + body(k_b64url, 43, 28), "together-api-key"));
  CHECK(found_by("together.Together(api_key=\"" + body(k_hex, 64, 29) + "\")", "secret-assignment"));
  CHECK(found_by("AZURE_OPENAI_API_KEY=" + body(k_hex, 32, 30), "secret-assignment"));
  CHECK(found_by("headers = {\"api-key\": \"" + body(k_hex, 32, 31) + "\"}  # azure", "secret-assignment"));
  CHECK(found_by("PPLX key pplx-" + body(k_alnum, 48, 32), "perplexity-api-key"));
}

TEST_CASE("code and package registries: gitlab, gitee, npm, pypi, docker hub", "[secrets]") {
  CHECK(found_by("git clone https://oauth2:glpat-" + body(k_b64url, 20, 41) + "@gitlab.com/me/repo.git", "gitlab-token"));
  CHECK(found_by("gitee 私人令牌 " + body(k_hex, 32, 42), "secret-in-context"));
  CHECK(found_by("//registry.npmjs.org/:_authToken=npm_" + body(k_alnum, 36, 43), "npm-token"));
  CHECK(found_by("password = pypi-AgEIcHlw" + std::string("aS5vcmc") + body(k_b64url, 120, 44), "pypi-token"));
  CHECK(found_by("docker login -u me -p dckr_pat_" + body(k_b64url, 27, 45), "docker-hub-token"));
  CHECK(found_by("GITEE_ACCESS_TOKEN=" + body(k_hex, 32, 46), "secret-assignment"));
}

TEST_CASE("chat webhooks and bots: feishu, dingtalk, wecom, slack, discord, telegram", "[secrets]") {
  CHECK(found_by("url = \"https://open.feishu.cn/open-apis/bot/v2/hook/" + uuid(51) + "\"", "feishu-webhook"));
  CHECK(found_by("https://open.larksuite.com/open-apis/bot/v2/hook/" + uuid(52), "feishu-webhook"));
  CHECK(found_by("https://oapi.dingtalk.com/robot/send?access_token=" + body(k_hex, 64, 53), "dingtalk-webhook"));
  CHECK(found_by("secret = 'SEC" + body(k_hex, 64, 54) + "'", "dingtalk-robot-secret"));
  CHECK(found_by("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=" + uuid(55), "wecom-webhook"));
  CHECK(found_by(std::string("xo") + "xb-" + body(k_digits, 12, 56) + "-" + body(k_digits, 13, 56) + "-" + body(k_alnum, 24, 56),
                 "slack-token"));
  CHECK(found_by("https://discord.com/api/webhooks/" + body(k_digits, 18, 57) + "/" + body(k_b64url, 68, 57), "discord-webhook"));
  CHECK(found_by("TELEGRAM_BOT_TOKEN=" + body(k_digits, 9, 58) + ":" + body(k_b64url, 35, 58), "telegram-bot-token"));
  CHECK(found_by("https://api.telegram.org/bot" + body(k_digits, 10, 59) + ":" + body(k_b64url, 35, 59) + "/sendMessage",
                 "telegram-bot-url"));
}

TEST_CASE("connection strings with a password: mysql, postgres, mongodb, redis, amqp", "[secrets]") {
  const std::string rule = "connection-string-password";
  CHECK(found_by("DATABASE_URL=mysql://root:" + body(k_alnum, 14, 61) + "@10.0.0.5:3306/study", rule));
  CHECK(found_by("engine = create_engine(\"postgresql+psycopg2://learner:" + body(k_alnum, 12, 62) + "@db:5432/runs\")", rule));
  CHECK(found_by("mongodb+srv://admin:" + body(k_alnum, 16, 63) + "@cluster0.abcde.mongodb.net/?retryWrites=true", rule));
  CHECK(found_by("REDIS_URL=redis://:" + body(k_alnum, 20, 64) + "@redis.internal:6379/0", rule));
  CHECK(found_by("amqp://worker:" + body(k_alnum, 18, 65) + "@rabbit:5672/%2F", rule));
}

TEST_CASE("cloud service-account json files", "[secrets]") {
  std::string pem = std::string("-----BEGIN ") + "PRIVATE KEY-----\\n";
  for (int i = 0; i < 6; ++i) pem += body(k_alnum + "+/", 64, static_cast<std::uint32_t>(70 + i)) + "\\n";
  pem += "-----END PRIVATE KEY-----\\n";
  const std::string json = "{\n  \"type\": \"service_account\",\n  \"project_id\": \"study-123\",\n  \"private_key_id\": \"" +
                           body(k_hex, 40, 71) + "\",\n  \"private_key\": \"" + pem +
                           "\",\n  \"client_email\": \"bot@study-123.iam.gserviceaccount.com\"\n}\n";
  const auto ids = found_ids(json, "study-123-key.json");
  CHECK(ids == std::vector<std::string>{"service-account-key-id", "private-key"});
  CHECK(found_by("{\"private_key_id\": \"" + body(k_hex, 40, 72) + "\"}", "service-account-key-id"));
  CHECK(found_by("{\"clientId\": \"" + uuid(73) + "\", \"clientSecret\": \"" + body(k_b64url, 34, 73) + "~" + body(k_alnum, 5, 73) + "\"}",
                 "secret-assignment"));
}

TEST_CASE("keys with no prefix are caught by their context, chinese included", "[secrets]") {
  CHECK(found_by("我的千帆 API Key 是 " + body(k_alnum, 24, 81), "secret-in-context"));
  CHECK(found_by("令牌：" + body(k_b64url, 40, 82), "secret-in-context"));
  CHECK(found_by("数据库密码 " + body(k_alnum, 20, 83), "secret-in-context"));
  SECTION("hex-only and lowercase-only values are random too") {
    CHECK(found_by("混元密钥 " + body(k_hex, 32, 84), "secret-in-context"));
    CHECK(found_by("key 是 " + body(k_lower, 32, 85), "secret-in-context"));
    CHECK(found_by("API_SECRET=\"" + body(k_lower, 32, 86) + "\"", "secret-assignment"));
  }
}

TEST_CASE("service tokens with their vendor's prefix are found alone on a line, with no name near them", "[secrets]") {
  // Each alone on its line, then among prose that names nothing: the prefix is the only context.
  const std::vector<std::pair<std::string, std::string>> tokens = {
      {std::string("sk_") + "live_" + body(k_alnum, 99, 201), "stripe-secret-key"},
      {std::string("rk_") + "live_" + body(k_alnum, 24, 202), "stripe-secret-key"},
      {std::string("wh") + "sec_" + body(k_alnum, 32, 203), "stripe-webhook-secret"},
      {std::string("hv") + "s." + body(k_b64url, 91, 204), "vault-service-token"},
      {std::string("hv") + "b." + body(k_b64url, 150, 205), "vault-batch-token"},
      {std::string("shp") + "at_" + body(k_hex, 32, 206), "shopify-token"},
      {std::string("shp") + "ss_" + body(k_hex, 32, 207), "shopify-token"},
      {std::string("SG") + "." + body(k_b64url, 22, 208) + "." + body(k_b64url, 43, 208), "sendgrid-api-key"},
      {std::string("da") + "pi" + body(k_hex, 32, 209), "databricks-token"},
      {std::string("tv") + "ly-" + body(k_alnum, 32, 210), "tavily-api-key"},
      {std::string("pc") + "sk_" + body(k_alnum, 6, 211) + "_" + body(k_alnum, 63, 211), "pinecone-api-key"},
      {std::string("da") + "2-" + body(k_lower + k_digits, 26, 212), "aws-appsync-api-key"},
  };
  for (const auto& [token, rule] : tokens) {
    CHECK(found_by(token, rule));
    CHECK(found_by("昨天跑通了，顺手记一下：" + token + " 明天再看", rule));
    CHECK(found_by("x = \"" + token + "\"", rule));
  }
  // Their look-alikes stay silent: a test-mode key (documentation shows them), a word that only starts
  // like a prefix, too short a run. (One character past a format's length: tests/property/test_secret_keys.cpp.)
  CHECK(found_ids(std::string("sk_") + "test_" + body(k_alnum, 24, 214)).empty());
  CHECK(found_ids("the dapi" + body(k_hex, 31, 215) + " call").empty());
  CHECK(found_ids("mydapi" + body(k_hex, 32, 216)).empty());
  CHECK(found_ids("SG.layers.0.self_attn.q_proj.weight").empty());
  CHECK(found_ids("pip install tvly-sdk pcsk_helper").empty());
}

TEST_CASE("key containers: age, WireGuard, OpenVPN static and SSH.com keys, their public halves silent", "[secrets]") {
  const std::string bech32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  std::string bech32_upper = bech32;
  for (char& c : bech32_upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string age_public = "age1" + body(bech32, 58, 501);
  const std::string age_secret = "AGE-SECRET-KEY-1" + body(bech32_upper, 58, 502);
  // age-keygen's file: the recipient in a comment, the identity on its own line.
  CHECK(found_ids("# created: 2026-12-07T10:00:00Z\n# public key: " + age_public + "\n" + age_secret + "\n", "keys.txt") ==
        std::vector<std::string>{"age-secret-key"});
  CHECK(found_ids("recipients: " + age_public + "\n", "notes.md").empty());
  // A WireGuard configuration: the interface's private key, not the peer's public one.
  const std::string wg_private = body(k_alnum + "+/", 43, 503) + "=", wg_public = body(k_alnum + "+/", 43, 504) + "=";
  CHECK(found_ids("[Interface]\nPrivateKey = " + wg_private + "\nAddress = 10.0.0.2/32\n\n[Peer]\nPublicKey = " + wg_public + "\n",
                  "wg0.conf") == std::vector<std::string>{"wireguard-private-key"});
  CHECK(found_ids("[Peer]\nPublicKey = " + wg_public + "\nAllowedIPs = 0.0.0.0/0\n", "wg0.conf").empty());
  // OpenVPN's static key: hex lines in its own armour.
  std::string ovpn = "#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n";
  for (std::uint32_t i = 0; i < 16; ++i) ovpn += body(k_hex, 32, 510 + i) + "\n";
  ovpn += "-----END OpenVPN Static key V1-----\n";
  CHECK(found_ids(ovpn, "ta.key") == std::vector<std::string>{"openvpn-static-key"});
  CHECK(found_ids("-----BEGIN OpenVPN Static key V1-----\n...\n-----END OpenVPN Static key V1-----\n", "README.md").empty());
  // SSH.com (SSH2) format, as PuTTYgen exports it: four dashes and a space, a Comment header.
  std::string ssh2 = std::string("---- BEGIN SSH2 ENCRYPTED ") + "PRIVATE KEY ----\nComment: \"rsa-key-20261207\"\n";
  for (std::uint32_t i = 0; i < 8; ++i) ssh2 += body(k_alnum + "+/", 64, 530 + i) + "\n";
  ssh2 += "---- END SSH2 ENCRYPTED PRIVATE KEY ----\n";
  CHECK(found_ids(ssh2, "id_rsa.ssh2") == std::vector<std::string>{"ssh-com-private-key"});
  std::string ssh2_public = "---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"rsa-key-20261207\"\n";
  for (std::uint32_t i = 0; i < 6; ++i) ssh2_public += body(k_alnum + "+/", 64, 540 + i) + "\n";
  ssh2_public += "---- END SSH2 PUBLIC KEY ----\n";
  CHECK(found_ids(ssh2_public, "id_rsa.pub").empty());
}

namespace {

/// DER: a tag, its definite length (short or long form), its content.
std::string der(unsigned char tag, const std::string& content) {
  std::string out(1, static_cast<char>(tag));
  const std::size_t n = content.size();
  if (n < 0x80) {
    out += static_cast<char>(n);
  } else if (n < 0x100) {
    out += "\x81";
    out += static_cast<char>(n);
  } else {
    out += "\x82";
    out += static_cast<char>(n >> 8);
    out += static_cast<char>(n & 0xff);
  }
  return out + content;
}

/// A big-endian integer of `bytes` bytes.
std::string be(std::uint64_t v, std::size_t bytes) {
  std::string out;
  for (std::size_t i = bytes; i-- > 0;) out += static_cast<char>((v >> (8 * i)) & 0xff);
  return out;
}

/// A Java key store as keytool writes it (version 2): `tags` are its entries' tags in order, each with a
/// 300-byte body (a certificate's or an encrypted key's bytes), a one-certificate chain for a key entry.
std::string java_key_store(const std::string& magic, const std::vector<unsigned>& tags) {
  std::string out = magic + be(2, 4) + be(tags.size(), 4);
  std::uint32_t seed = 600;
  for (const unsigned tag : tags) {
    out += be(tag, 4) + be(5, 2) + "alias" + be(1733570000000ull, 8);
    const std::string blob = random_bytes(300, ++seed);
    if (tag == 2) out += be(5, 2) + "X.509" + be(blob.size(), 4) + blob;
    if (tag == 1) out += be(blob.size(), 4) + blob + be(1, 4) + be(5, 2) + "X.509" + be(blob.size(), 4) + blob;
    if (tag == 3) out += blob;  // JCEKS: a serialized secret key object
  }
  return out + random_bytes(20, 699);  // the store's keyed digest
}

}  // namespace

TEST_CASE("a JSON Web Key's private member d is a key, its public members are not", "[secrets]") {
  const std::string x = body(k_b64url, 43, 670), y = body(k_b64url, 43, 671), d = body(k_b64url, 43, 672);
  const std::string ec_public = R"({"kty":"EC","crv":"P-256","x":")" + x + R"(","y":")" + y + R"("})";
  const std::string ec_private = R"({"kty":"EC","crv":"P-256","x":")" + x + R"(","y":")" + y + R"(","d":")" + d + R"("})";
  const std::vector<std::string> jwk = {"jwk-private-key"};
  CHECK(found_ids(ec_private, "key.json") == jwk);
  CHECK(found_ids(ec_private + "\n", "notes.md") == jwk);
  CHECK(found_ids(ec_public, "key.json").empty());
  // Pretty-printed, in a Python dict, and an RSA key's 342-character exponent.
  CHECK(found_ids("{\n  \"kty\": \"OKP\",\n  \"crv\": \"Ed25519\",\n  \"d\": \"" + d + "\"\n}\n", "jwk.json") == jwk);
  CHECK(found_ids("key = {'kty': 'OKP', 'd': '" + d + "'}\n", "sign.py") == jwk);
  CHECK(found_ids(R"({"kty":"RSA","n":")" + body(k_b64url, 342, 673) + R"(","e":"AQAB","d":")" + body(k_b64url, 342, 674) + R"("})",
                  "rsa.json") == jwk);
  // Anything else named d: a short value, a word, a variable's d.
  CHECK(found_ids(R"({"d": "2026-12-07"})", "data.json").empty());
  CHECK(found_ids("d = \"" + d + "\"\n", "x.py").empty());
}

TEST_CASE("binary key containers are found by their structure under any name, certificates only stay silent", "[secrets]") {
  const std::string jks(std::string("\xFE\xED\xFE\xED", 4)), jceks(std::string("\xCE\xCE\xCE\xCE", 4));
  const std::vector<std::string> container = {"java-key-store"};
  // A key entry anywhere after trusted certificates, in a JKS or a JCEKS, and a JCEKS secret key.
  for (const auto& name : {"keystore.jks", "app.keystore", "data.bin"}) {
    INFO(name);
    CHECK(found_ids(java_key_store(jks, {1}), name) == container);
    CHECK(found_ids(java_key_store(jks, {2, 2, 1}), name) == container);
    CHECK(found_ids(java_key_store(jceks, {2, 3}), name) == container);
    // A trust store (certificates only), a JKS that cannot hold a secret key entry, a cut store: silent.
    CHECK(found_ids(java_key_store(jks, {2, 2}), name).empty());
    CHECK(found_ids(java_key_store(jks, {2, 3}), name).empty());
    CHECK(found_ids(java_key_store(jks, {2, 1}).substr(0, 330), name).empty());
  }
  CHECK(found_ids(std::string(), "keystore.jks").empty());

  // PKCS#12: the PFX's version 3, its pkcs7-data content, a pkcs8ShroudedKeyBag in the clear.
  const std::string pkcs7_data = der(0x06, "\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01");
  const std::string shrouded_bag = der(0x06, "\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x02");
  const auto pfx = [&](const std::string& inside) {
    return der(0x30, der(0x02, "\x03") + der(0x30, pkcs7_data + der(0xa0, der(0x04, inside))) + der(0x30, random_bytes(40, 650)));
  };
  const std::string with_key = pfx(der(0x30, der(0x30, shrouded_bag + der(0xa0, der(0x04, random_bytes(200, 651))))));
  CHECK(found_ids(with_key, "client.bin") == std::vector<std::string>{"pkcs12-key-store"});
  CHECK(found_ids(with_key, "client.p12") == std::vector<std::string>{"pkcs12-key-store"});  // once, not also by its name
  CHECK(found_ids(pfx(der(0x30, random_bytes(200, 652))), "certs.bin").empty());
  CHECK(found_ids(with_key.substr(0, with_key.size() - 1), "client.bin").empty());

  // DER keys, the whole file: PKCS#1, PKCS#8, SEC1, encrypted PKCS#8; a public key and a certificate stay silent.
  const std::string rsa_oid = der(0x30, der(0x06, "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01") + std::string("\x05\x00", 2));
  const std::string pkcs1 =
      der(0x30, der(0x02, std::string(1, '\0')) + der(0x02, "\x01" + random_bytes(256, 660)) + der(0x02, "\x01\x00\x01"));
  const std::string pkcs8 = der(0x30, der(0x02, std::string(1, '\0')) + rsa_oid + der(0x04, pkcs1));
  // SEC1 as openssl ecparam -genkey writes it: the key, the curve (prime256v1), the public point.
  const std::string sec1 =
      der(0x30, der(0x02, "\x01") + der(0x04, random_bytes(32, 661)) + der(0xa0, der(0x06, "\x2a\x86\x48\xce\x3d\x03\x01\x07")) +
                    der(0xa1, der(0x03, std::string("\x00\x04", 2) + random_bytes(64, 665))));
  const std::string pbes2 = der(0x30, der(0x06, "\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0d") + der(0x30, random_bytes(60, 662)));
  const std::string encrypted = der(0x30, pbes2 + der(0x04, random_bytes(1200, 663)));
  for (const auto* key : {&pkcs1, &pkcs8, &sec1, &encrypted}) {
    CHECK(found_ids(*key, "key.der") == std::vector<std::string>{"der-private-key"});
    CHECK(found_ids(*key + "trailing", "key.der").empty());  // not one element: no key file
  }
  // An encrypted PKCS#8 whose encrypted part is empty, or shorter than a cipher block, holds no key.
  CHECK(found_ids(der(0x30, pbes2 + der(0x04, "")), "key.der").empty());
  CHECK(found_ids(der(0x30, pbes2 + der(0x04, random_bytes(7, 666))), "key.der").empty());
  CHECK(found_ids(der(0x30, pbes2 + der(0x04, random_bytes(8, 667))), "key.der") == std::vector<std::string>{"der-private-key"});
  const std::string public_key = der(0x30, rsa_oid + der(0x03, std::string(1, '\0') + pkcs1));
  const std::string certificate = der(0x30, der(0x30, der(0xa0, der(0x02, "\x02")) + der(0x02, random_bytes(16, 664))) + rsa_oid);
  CHECK(found_ids(public_key, "pub.der").empty());
  CHECK(found_ids(certificate, "cert.der").empty());
}
