// The format checks (secrets/formats.cpp) and the rules that use them: three synthetic samples of every
// kind issue 28 named, each found once by its rule, and look-alikes of the same formats that stay silent.
// Keys are assembled at run time from a fixed PRNG and split prefixes, so this file holds none.
#include <catch2/catch.hpp>

#include <map>

#include "secrets/formats.hpp"
#include "synthetic.hpp"

using namespace pdo::secrets;
using namespace pdo::test;

namespace {

struct Sample {
  std::string kind;
  std::string text;
  std::string rule;
};

const std::string k_b64 = k_alnum + "+/";

/// A password as people write them: letters, digits and punctuation.
std::string password(std::uint32_t seed) {
  return body(k_alnum, 6, seed) + "#" + body(k_digits, 2, seed) + "!" + body(k_alpha, 5, seed + 1);
}

/// 16 random lower-case letters with few vowels (a QQ Mail SMTP authorization code).
std::string smtp_code(std::uint32_t seed) {
  for (;; ++seed) {
    std::string code = body(k_lower, 16, seed);
    const auto vowels = std::count_if(code.begin(), code.end(), [](char c) { return std::string("aeiou").find(c) != std::string::npos; });
    if (vowels < 3) return code;
  }
}

/// DER bytes of a private key's start followed by random bytes: PKCS#1 RSA, PKCS#8 RSA or SEC1 EC.
std::string der_key(int form, std::uint32_t seed) {
  static const std::string k_rsa_oid("\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00", 15);
  if (form == 0) return std::string("\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00", 12) + random_bytes(1180, seed);
  if (form == 1)
    return std::string("\x30\x82\x04\xbd\x02\x01\x00", 7) + k_rsa_oid + std::string("\x04\x82\x04\xa7", 4) + random_bytes(1180, seed);
  if (form == 2) return std::string("\x30\x77\x02\x01\x01\x04\x20", 7) + random_bytes(112, seed);
  // PKCS#8 EC P-256 (an Apple or Google service's .p8 key): its length in the one-byte long form, 0x81 0x87.
  return std::string("\x30\x81\x87\x02\x01\x00\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02\x01\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\x04\x6d",
                     29) +
         random_bytes(109, seed);
}

std::string pem_text(std::uint32_t seed) {
  std::string pem = "-----BEGIN " + std::string("RSA PRIVATE KEY-----\n");
  for (int i = 0; i < 8; ++i) pem += body(k_b64, 64, seed + static_cast<std::uint32_t>(i)) + "\n";
  return pem + "-----END RSA " + std::string("PRIVATE KEY-----\n");
}

std::string discord_token(std::uint32_t seed) {
  std::string id = base64("1" + body(k_digits, 17, seed));
  while (!id.empty() && id.back() == '=') id.pop_back();
  return id + "." + body(k_b64url, 6, seed) + "." + body(k_b64url, 38, seed + 1);
}

/// A PuTTY key file whose private part is `private_chars` base64 characters.
std::string putty(const std::string& type, std::uint32_t seed, std::size_t private_chars = 44) {
  return "PuTTY-User-" + std::string("Key-File-3: ") + type + "\nEncryption: none\nComment: gpu-box\nPublic-Lines: 2\n" +
         body(k_b64, 64, seed) + "\n" + body(k_b64, 40, seed + 1) + "\nPrivate-Lines: 1\n" + body(k_b64, private_chars, seed + 2) +
         "\nPrivate-MAC: " + body(k_hex, 64, seed) + "\n";
}

std::vector<Sample> urls_and_connection_strings() {
  const std::string https = "https" + std::string("://");
  const std::string key = "AccountKey" + std::string("=");
  const std::string shared = "SharedAccessKey" + std::string("=");
  return {
      {"storage-connection-string",
       "DefaultEndpointsProtocol=https;AccountName=notes;" + key + body(k_b64, 86, 301) + "==;EndpointSuffix=core.windows.net",
       "azure-storage-account-key"},
      {"storage-connection-string", "AZURE_STORAGE_CONNECTION_STRING=\"AccountName=runs;" + key + body(k_b64, 86, 302) + "==\"",
       "azure-storage-account-key"},
      {"storage-connection-string",
       "Endpoint=sb://bus.servicebus.windows.net/;SharedAccessKeyName=Root;" + shared + body(k_b64, 43, 303) + "=",
       "azure-shared-access-key"},
      {"signed-url",
       https + "acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&se=2026-01-01&sr=b&sig=" + body(k_alnum, 30, 304) + "%2B" +
           body(k_alnum, 12, 304) + "%3D",
       "signed-url-signature"},
      {"signed-url", "curl \"" + https + "runs.blob.core.windows.net/ckpt/model.pt?sv=2021-08-06&sig=" + body(k_b64url, 43, 305) + "\"",
       "signed-url-signature"},
      {"signed-url",
       "FLOW_URL=" + https + "default0a1b.2c.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/" +
           body(k_hex, 32, 306) +
           "/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=" + body(k_b64url, 43, 306),
       "signed-url-signature"},
      {"database-password", "Server=tcp:db.internal,1433;Database=study;User ID=sa;Password=" + password(307) + ";Encrypt=True;",
       "password-assignment"},
      {"database-password", "jdbc:sqlserver://db:1433;databaseName=runs;user=sa;password=" + password(308), "password-assignment"},
      {"database-password", "url = \"jdbc:mysql://db/app?user=root&password=" + password(309) + "&useSSL=false\"", "password-assignment"},
      {"package-index", "pip install --index-url " + https + "learner:" + body(k_alnum, 24, 310) + "@pypi.internal.corp/simple torch",
       "url-credentials"},
      {"package-index", "registry=" + https + "ci:" + body(k_alnum, 32, 311) + "@npm.internal.corp/", "url-credentials"},
      {"package-index", "PIP_EXTRA_INDEX_URL=" + https + "__token__:" + body(k_b64url, 40, 312) + "@pkgs.dev.corp/simple",
       "url-credentials"},
      {"git-remote", "git remote add origin " + https + "learner:" + body(k_hex, 32, 313) + "@gitee.com/learner/notes.git",
       "url-credentials"},
      {"git-remote", "\turl = " + https + "oauth2:" + body(k_alnum, 20, 314) + "@gitlab.company.cn/group/repo.git", "url-credentials"},
      {"git-remote", "git push " + https + "gitlab-ci-token:" + body(k_alnum, 20, 315) + "@gitlab.internal/ml/train.git main",
       "url-credentials"},
      {"compose-password", "      POSTGRES_PASSWORD: " + password(316), "password-assignment"},
      {"compose-password", "      - MYSQL_ROOT_PASSWORD=" + password(317), "password-assignment"},
      {"compose-password", "      REDIS_PASSWORD: \"" + password(318) + "\"", "password-assignment"},
      {"password-punctuation", "password: \"" + password(319) + "\"", "password-assignment"},
      {"password-punctuation", "db_password = '" + password(320) + "'", "password-assignment"},
      {"password-punctuation", "  \"password\": \"" + password(321) + "\",", "password-assignment"},
      {"sshpass", "sshp" + std::string("ass -p '") + password(322) + "' ssh -p 30022 root@region-3.autodl.net", "sshpass-password"},
      {"sshpass", "sshp" + std::string("ass -p ") + password(323) + " scp -r runs/ root@10.0.0.8:/data", "sshpass-password"},
      {"sshpass", "sshp" + std::string("ass -p\"") + password(324) + "\" rsync -av ckpt/ gpu:/ckpt", "sshpass-password"},
  };
}

std::vector<Sample> base64_wrapped() {
  const std::string auth = "\"au" + std::string("th\": \"");
  return {
      {"kubeconfig", "    client-key-data: " + base64(pem_text(331)), "kubeconfig-client-key"},
      {"kubeconfig", "  client-key-data: " + base64(der_key(1, 332)), "kubeconfig-client-key"},
      {"kubeconfig", "users:\n- name: admin\n  user:\n    client-key-data: " + base64(pem_text(333)), "kubeconfig-client-key"},
      {"docker-auth", "\t\t\t" + auth + base64("learner:" + body(k_alnum, 16, 334)) + "\"", "docker-registry-auth"},
      {"docker-auth",
       "{\"auths\":{\"registry.cn-hangzhou.aliyuncs.com\":{" + auth.substr(0, 6) + ":\"" + base64("ml@corp:" + body(k_alnum, 20, 335)) +
           "\"}}}",
       "docker-registry-auth"},
      {"docker-auth", "_au" + std::string("th=") + base64("ci:" + body(k_alnum, 18, 336)), "docker-registry-auth"},
      {"bare-private-key", "ALIPAY_APP_PRIVATE_KEY=" + base64(der_key(0, 337)), "bare-private-key"},
      {"bare-private-key", "app_private_key = \"" + base64(der_key(1, 338)) + "\"", "bare-private-key"},
      {"bare-private-key", "merchant_private_key: " + base64(der_key(2, 339)), "bare-private-key"},
      {"putty", putty("ssh-ed25519", 340), "putty-private-key"},
      {"putty", putty("ssh-rsa", 341), "putty-private-key"},
      {"putty", putty("ecdsa-sha2-nistp256", 342), "putty-private-key"},
  };
}

std::vector<Sample> services() {
  const std::string sts = "ST" + std::string("S.");
  const std::string cais = "CA" + std::string("IS");
  const std::string fcm = "AAAA" + body(k_b64url, 7, 350) + ":APA" + std::string("91b");
  const std::string lsv2 = "lsv2" + std::string("_pt_");
  const std::string sklf = "sk-" + std::string("lf-");
  const std::string teams = "https://contoso.webhook.office" + std::string(".com/webhookb2/");
  return {
      {"discord-bot", "client.run('" + discord_token(351) + "')", "discord-bot-token"},
      {"discord-bot", "DISCORD_TOKEN=" + discord_token(352), "discord-bot-token"},
      {"discord-bot", "bot.run(\"" + discord_token(353) + "\")", "discord-bot-token"},
      {"fcm", "FCM_SERVER_KEY=" + fcm + body(k_b64url, 134, 354), "fcm-server-key"},
      {"fcm", "headers = {\"Authorization\": \"key=" + fcm + body(k_b64url, 134, 355) + "\"}", "fcm-server-key"},
      {"fcm", "server_key = '" + fcm + body(k_b64url, 140, 356) + "'", "fcm-server-key"},
      {"alibaba-sts", "ALIBABA_CLOUD_SECURITY_TOKEN=" + cais + body(k_b64, 400, 357), "alibaba-sts-token"},
      {"alibaba-sts", "  security_token: " + cais + body(k_b64, 300, 358), "alibaba-sts-token"},
      {"alibaba-sts", "STS AccessKeyId: " + sts + body(k_alnum, 28, 359), "alibaba-sts-access-key-id"},
      {"baidu-bce",
       "config = BceClientConfiguration(credentials=BceCredentials('" + body(k_hex, 32, 360) + "', '" + body(k_hex, 32, 361) + "'))",
       "baidu-bce-access-key"},
      {"baidu-bce", "BCE_AK=" + body(k_hex, 32, 362), "baidu-bce-access-key"},
      {"baidu-bce", "百度智能云 AK：" + body(k_hex, 32, 363), "baidu-bce-access-key"},
      {"qq-smtp", "server.login('12345678@qq.com', '" + smtp_code(364) + "')", "qq-mail-smtp-code"},
      {"qq-smtp", "EMAIL_HOST_PASSWORD = '" + smtp_code(365) + "'  # QQ 邮箱授权码", "qq-mail-smtp-code"},
      {"qq-smtp", "smtp_server = 'smtp.qq.com'\nsmtp_pass: " + smtp_code(366), "qq-mail-smtp-code"},
      {"langsmith", "LANGCHAIN_API_KEY=" + lsv2 + body(k_hex, 32, 367) + "_" + body(k_hex, 10, 367), "langsmith-api-key"},
      {"langsmith", "LANGSMITH_API_KEY=\"lsv2" + std::string("_sk_") + body(k_hex, 32, 368) + "_" + body(k_hex, 10, 368) + "\"",
       "langsmith-api-key"},
      {"langsmith", "os.environ['LANGCHAIN_API_KEY'] = '" + lsv2 + body(k_hex, 32, 369) + "_" + body(k_hex, 10, 369) + "'",
       "langsmith-api-key"},
      {"langfuse", "LANGFUSE_SECRET_KEY=" + sklf + uuid(370), "langfuse-secret-key"},
      {"langfuse", "langfuse = Langfuse(secret_key=\"" + sklf + uuid(371) + "\")", "langfuse-secret-key"},
      {"langfuse", "  secret_key: " + sklf + uuid(372), "langfuse-secret-key"},
      {"teams-webhook",
       "TEAMS_WEBHOOK=" + teams + uuid(373) + "@" + uuid(374) + "/IncomingWebhook/" + body(k_hex, 32, 373) + "/" + uuid(375),
       "teams-webhook"},
      {"teams-webhook",
       "requests.post(\"" + teams + uuid(376) + "@" + uuid(377) + "/IncomingWebhook/" + body(k_hex, 32, 376) + "/" + uuid(378) + "\")",
       "teams-webhook"},
      {"teams-webhook",
       "url: " + teams + uuid(379) + "@" + uuid(380) + "/IncomingWebhook/" + body(k_hex, 32, 379) + "/" + uuid(381) + "/V2" +
           body(k_b64url, 40, 379),
       "teams-webhook"},
      {"log-line-key", "2026-05-01 12:00:01 INFO Stripe Key=" + body(k_alnum, 40, 382), "log-line-key"},
      {"log-line-key", "[debug] Mapbox key: " + body(k_alnum, 48, 383), "log-line-key"},
      {"log-line-key", "WARN  SendGrid Key = " + body(k_b64url, 36, 384) + " (retrying)", "log-line-key"},
  };
}

}  // namespace

TEST_CASE("three samples of every kind issue 28 named, each found once by its rule", "[secrets]") {
  std::vector<Sample> all;
  for (auto family : {urls_and_connection_strings(), base64_wrapped(), services()}) all.insert(all.end(), family.begin(), family.end());
  std::map<std::string, int> per_kind;
  for (const auto& s : all) {
    ++per_kind[s.kind];
    INFO(s.kind << ": " << s.text);
    CHECK(found_ids(s.text + "\n", "notes.txt") == std::vector<std::string>{s.rule});
  }
  CHECK(per_kind.size() == 21);
  for (const auto& [kind, n] : per_kind) {
    INFO(kind);
    CHECK(n >= 3);
  }
}

TEST_CASE("look-alikes of the new formats stay silent", "[secrets]") {
  const std::string https = "https" + std::string("://");
  const std::string cert_der = std::string("\x30\x82\x03\x77\x30\x82\x02\x5f\xa0\x03\x02\x01\x02\x02\x04", 15) + random_bytes(880, 401);
  const std::string spki_der =
      std::string("\x30\x82\x01\x22\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x03\x82\x01\x0f\x00", 24) +
      random_bytes(270, 402);
  const std::string cert_pem = "-----BEGIN " + std::string("CERTIFICATE-----\n") + body(k_b64, 64, 403) + "\n-----END CERTIFICATE-----\n";
  const std::vector<std::string> lines = {
      "LANGFUSE_PUBLIC_KEY=pk-" + std::string("lf-") + uuid(404),
      "langfuse = Langfuse(public_key=\"pk-" + std::string("lf-") + uuid(405) + "\")",
      "AZURE_TENANT_ID=" + uuid(406),
      "AZURE_CLIENT_ID=" + uuid(407),
      "  \"tenantId\": \"" + uuid(408) + "\",",
      "<assemblyIdentity name=\"System.Runtime\" publicKeyToken=\"" + body(k_hex, 16, 409) + "\" culture=\"neutral\" />",
      "password: str = Field(..., min_length=8)",
      "      POSTGRES_PASSWORD: mysecretpassword",
      "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}",
      "git clone " + https + "github.com/pytorch/examples.git",
      "pip install --index-url " + https + "download.pytorch.org/whl/cu121 torch",
      "db = " + https + "user:password@host/path",
      "git push " + https + "$GITHUB_ACTOR:$GITHUB_TOKEN@github.com/org/repo.git",
      "sshp" + std::string("ass -p \"$SSH_PASS\" ssh root@host"),
      "    certificate-authority-data: " + base64(cert_pem),
      "\t\t\"au" + std::string("th\": \"oauth2\","),
      "server_cert = \"" + base64(cert_der) + "\"",
      "public_key: " + base64(spki_der),
      "AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
      "sts = STS.Client(config)  # then STS.AssumeRole",
      "symbol _ZN5torch8autograd12TokenBackend14tokenizeStringERKSsPKc",
      "        if self.cur_token_type_ is Lexer.GLYPHCLASS:",
      "Private-Lines: 14",
      "smtp.qq.com 的端口是 465，登录用授权码而不是 QQ 密码",
      "bot.run(os.environ[\"DISCORD_TOKEN\"])",
      "the primary key: user_id_and_timestamp_composite_index",
      ">>> client.prepare_request_body(code_verifier='" + body(k_upper_digits, 31, 410) + "')",
  };
  CHECK(lines.size() >= 25);
  for (const auto& line : lines) {
    INFO(line);
    CHECK(found_ids(line + "\n", "notes.txt").empty());
  }
  // A docstring's "For example::" a few lines above a sample request: the RFC's values are examples.
  const std::string docstring = "    For example::\n\n        Authorization: OAuth realm=\"Example\",\n            oauth_consumer_key=\"" +
                                body(k_alnum, 16, 411) + "\",\n            oauth_token=\"" + body(k_alnum, 16, 412) + "\",\n";
  CHECK(found_ids(docstring, "parameters.py").empty());
  // Prose that only uses the word, without introducing an example, hides nothing under it: notes often
  // say "example" a few lines above a real key (bench/secrets' corpus lost 190 of 1,662 keys to this).
  const std::string key = body(k_alnum, 32, 413);
  for (const std::string prose : {"All tensor world torchrun size gradient rank batch example node world.\n",
                                  "Here is my example of sharding, it works now\n\n", "例如 (for instance) the all_reduce example.\n"}) {
    INFO(prose);
    CHECK(found_ids(prose + "x = 1\nMY_SERVICE_API_KEY=" + key + "\n", "notes.md") == std::vector<std::string>{"secret-assignment"});
  }
}

TEST_CASE("format checks decode what the format allows", "[secrets]") {
  CHECK(base64_decode("aGVsbG8=") == std::string("hello"));
  CHECK(base64_decode("aGVsbG8") == std::string("hello"));
  CHECK(base64_decode("a-_b") == std::string("\x6b\xef\xdb", 3));
  CHECK(base64_decode("a b") == std::nullopt);
  CHECK(base64_decode("aGVsb") == std::nullopt);
  CHECK(der_private_key(der_key(0, 1)));
  CHECK(der_private_key(der_key(1, 2)));
  CHECK(der_private_key(der_key(2, 3)));
  CHECK(der_private_key(der_key(3, 4)));                                             // the length in the one-byte long form
  CHECK_FALSE(der_private_key(std::string("\x30\x82\x03\x77\x30\x82\x02\x5f", 8)));  // a certificate
  CHECK_FALSE(der_private_key(std::string("\x30\x05\x02\x01\x00\x30", 6)));          // too short for a key
  // Too short in the long form too (mutant formats.cpp:157, the length read from byte 1, the 0x81 itself,
  // seed 20261205, passed it).
  CHECK_FALSE(der_private_key(std::string("\x30\x81\x05\x02\x01\x00\x30", 7)));
  // Lengths DER gives a key never have: three length bytes, or BER's indefinite form (mutant formats.cpp:163,
  // seed 20261205, took every such sequence for a key).
  CHECK_FALSE(der_private_key(std::string("\x30\x83\x00\x01\x00\x02\x01\x00\x30", 9)));
  CHECK_FALSE(der_private_key(std::string("\x30\x80\x02\x01\x00\x30", 6)));
  CHECK(plausible_password("Zq8#kL2!vN5@pR9x"));
  CHECK_FALSE(plausible_password("changeme"));
  CHECK_FALSE(plausible_password("${DB_PASSWORD}"));
  CHECK_FALSE(plausible_password("self.password_field.text"));
  CHECK_FALSE(plausible_password("short1A"));
  CHECK(passes_check(ValueCheck::base64_credential, base64("me:" + body(k_alnum, 12, 4)), {}));
  CHECK_FALSE(passes_check(ValueCheck::base64_credential, base64("username:password"), {}));
  CHECK_FALSE(passes_check(ValueCheck::base64_credential, base64(random_bytes(30, 5)), {}));
  CHECK(passes_check(ValueCheck::discord_token, discord_token(6), {}));
  CHECK_FALSE(
      passes_check(ValueCheck::discord_token, body(k_b64url, 24, 7) + "." + body(k_b64url, 6, 7) + "." + body(k_b64url, 38, 7), {}));
}

// The edge of the PuTTY rule (a survivor of scripts/mutate.sh --seed-from 00dc2a9: 40 mutated to 39): a key
// file's private part counts from 40 base64 characters, shorter is a header fragment in prose.
TEST_CASE("a PuTTY key file's private part is a key from 40 base64 characters, not at 39", "[secrets][formats]") {
  CHECK(found_ids(putty("ssh-ed25519", 343, 40), "notes.txt") == std::vector<std::string>{"putty-private-key"});
  CHECK(found_ids(putty("ssh-ed25519", 343, 39), "notes.txt").empty());
}
