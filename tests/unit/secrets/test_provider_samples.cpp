// Three samples for every provider the rules cover, each a line as a learner writes it (an env file, code,
// a config, a Chinese note), each key built at run time from a fixed PRNG and split prefixes. Every sample
// must give exactly one finding, by the expected rule; the table also checks that no provider has fewer
// than three.
#include <catch2/catch.hpp>

#include <map>

#include "synthetic.hpp"

using namespace pdo::test;

namespace {

struct Sample {
  std::string provider;
  std::string line;
  std::string rule;
};

const std::string k_b64 = k_alnum + "+/";

std::string jwt(std::uint32_t seed) {
  return "eyJ" + std::string("hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.") + body(k_b64url, 180, seed) + "." + body(k_b64url, 43, seed + 1);
}

std::vector<Sample> chinese_clouds() {
  const std::string ltai = "LT" + std::string("AI");
  const std::string akid = "AK" + std::string("ID");
  const std::string aklt = "AK" + std::string("LT");
  const std::string altak = "bce-v3/" + std::string("ALTAK-");
  return {
      {"alibaba", "ALIBABA_CLOUD_ACCESS_KEY_ID=" + ltai + body(k_alnum, 20, 101), "alibaba-access-key-id"},
      {"alibaba", "  access_key_id: " + ltai + "5t" + body(k_alnum, 18, 102), "alibaba-access-key-id"},
      {"alibaba", "阿里云 AccessKey ID：" + ltai + body(k_alnum, 16, 103), "alibaba-access-key-id"},
      {"tencent", "cred = credential.Credential(\"" + akid + body(k_alnum, 32, 104) + "\", os.environ[\"SK\"])", "tencent-secret-id"},
      {"tencent", "TENCENTCLOUD_SECRET_ID=" + akid + body(k_alnum, 32, 105), "tencent-secret-id"},
      {"tencent", "SecretId: " + akid + body(k_alnum, 36, 106), "tencent-secret-id"},
      {"huawei", "HUAWEICLOUD_SDK_AK = \"" + body(k_upper_digits, 20, 107) + "\"", "secret-assignment"},
      {"huawei", "HUAWEICLOUD_SDK_SK = \"" + body(k_alnum, 40, 108) + "\"", "secret-assignment"},
      {"huawei", "华为云 SK：" + body(k_alnum, 40, 109), "secret-in-context"},
      {"baidu", "QIANFAN_KEY=" + altak + body(k_alnum, 21, 110) + "/" + body(k_hex, 40, 110), "baidu-qianfan-key"},
      {"baidu", "api_key = \"" + altak + body(k_alnum, 21, 111) + "/" + body(k_hex, 40, 111) + "\"", "baidu-qianfan-key"},
      {"baidu", "QIANFAN_SK=" + body(k_alnum, 32, 112), "secret-assignment"},
      {"volcengine", "ak: " + aklt + body(k_b64url, 44, 113), "volcengine-access-key-id"},
      {"volcengine", "VOLC_ACCESSKEY=" + aklt + body(k_b64url, 44, 114), "volcengine-access-key-id"},
      {"volcengine", "火山引擎 AK：" + aklt + body(k_b64url, 40, 115), "volcengine-access-key-id"},
  };
}

std::vector<Sample> chinese_llm_platforms() {
  const std::string sk = "s" + std::string("k-");
  const std::string ms = "m" + std::string("s-");
  return {
      {"dashscope", "dashscope.api_key = \"" + sk + body(k_hex, 32, 121) + "\"", "sk-api-key"},
      {"dashscope", "DASHSCOPE_API_KEY=" + sk + body(k_hex, 32, 122), "sk-api-key"},
      {"dashscope", "百炼 API Key：" + sk + body(k_alnum, 32, 123), "sk-api-key"},
      {"deepseek", "client = OpenAI(api_key=\"" + sk + body(k_hex, 32, 124) + "\", base_url=\"https://api.deepseek.com\")", "sk-api-key"},
      {"deepseek", "DEEPSEEK_API_KEY=" + sk + body(k_hex, 32, 125), "sk-api-key"},
      {"deepseek", "deepseek: " + sk + body(k_hex, 32, 126), "sk-api-key"},
      {"moonshot", "MOONSHOT_API_KEY=" + sk + body(k_alnum, 48, 127), "openai-legacy-key"},
      {"moonshot", "kimi key: " + sk + body(k_alnum, 48, 128), "openai-legacy-key"},
      {"moonshot", "OpenAI(api_key=\"" + sk + body(k_alnum, 48, 129) + "\", base_url=\"https://api.moonshot.cn/v1\")", "openai-legacy-key"},
      {"zhipu", "ZHIPUAI_API_KEY=\"" + body(k_hex, 32, 130) + "." + body(k_alnum, 16, 130) + "\"", "secret-assignment"},
      {"zhipu", "智谱的 key 是 " + body(k_hex, 32, 131) + "." + body(k_alnum, 16, 131), "secret-in-context"},
      {"zhipu", "client = ZhipuAI(api_key=\"" + body(k_hex, 32, 132) + "." + body(k_alnum, 16, 132) + "\")", "secret-assignment"},
      {"siliconflow", "硅基流动 " + sk + body(k_lower, 48, 133), "openai-legacy-key"},
      {"siliconflow", "SILICONFLOW_API_KEY=" + sk + body(k_lower, 48, 134), "openai-legacy-key"},
      {"siliconflow", "siliconflow: " + sk + body(k_lower, 48, 135), "openai-legacy-key"},
      {"modelscope", "MODELSCOPE_API_TOKEN=" + ms + uuid(136), "modelscope-token"},
      {"modelscope", "modelscope login --token " + ms + uuid(137), "modelscope-token"},
      {"modelscope", "MODELSCOPE_SDK_TOKEN: " + ms + uuid(138), "modelscope-token"},
      {"baichuan", "BAICHUAN_API_KEY: " + sk + body(k_hex, 32, 139), "sk-api-key"},
      {"baichuan", "百川 API Key：" + sk + body(k_hex, 32, 140), "sk-api-key"},
      {"baichuan", "baichuan_key = '" + sk + body(k_hex, 32, 141) + "'", "sk-api-key"},
      {"minimax", "MINIMAX_API_KEY=" + jwt(142), "jwt-api-key"},
      {"minimax", "Authorization: Bearer " + jwt(143), "jwt-api-key"},
      {"minimax", "minimax: " + jwt(144), "jwt-api-key"},
  };
}

std::vector<Sample> other_llm_apis() {
  const std::string or1 = "sk-" + std::string("or-v1-");
  const std::string gsk = "gs" + std::string("k_");
  const std::string xai = "xa" + std::string("i-");
  const std::string r8 = "r8" + std::string("_");
  const std::string tgp = "tgp" + std::string("_v1_");
  const std::string pplx = "pp" + std::string("lx-");
  return {
      {"openrouter", "OPENROUTER_API_KEY=" + or1 + body(k_hex, 64, 151), "openrouter-api-key"},
      {"openrouter", "client = OpenAI(base_url=\"https://openrouter.ai/api/v1\", api_key=\"" + or1 + body(k_hex, 64, 152) + "\")",
       "openrouter-api-key"},
      {"openrouter", "openrouter key " + or1 + body(k_hex, 64, 153), "openrouter-api-key"},
      {"groq", "client = Groq(api_key=\"" + gsk + body(k_alnum, 52, 154) + "\")", "groq-api-key"},
      {"groq", "GROQ_API_KEY=" + gsk + body(k_alnum, 52, 155), "groq-api-key"},
      {"groq", "groq: " + gsk + body(k_alnum, 52, 156), "groq-api-key"},
      {"xai", "XAI_API_KEY=" + xai + body(k_alnum, 80, 157), "xai-api-key"},
      {"xai", "client = Client(api_key=\"" + xai + body(k_alnum, 80, 158) + "\")", "xai-api-key"},
      {"xai", "grok key " + xai + body(k_alnum, 84, 159), "xai-api-key"},
      {"replicate", "export REPLICATE_API_TOKEN=" + r8 + body(k_alnum, 37, 160), "replicate-api-token"},
      {"replicate", "replicate.Client(api_token=\"" + r8 + body(k_alnum, 37, 161) + "\")", "replicate-api-token"},
      {"replicate", "r8 token: " + r8 + body(k_alnum, 38, 162), "replicate-api-token"},
      {"mistral", "MISTRAL_API_KEY=" + body(k_alnum, 32, 163), "secret-assignment"},
      {"mistral", "client = Mistral(\"" + body(k_alnum, 32, 164) + "\")", "secret-in-context"},
      {"mistral", "mistral api key: " + body(k_alnum, 32, 165), "secret-in-context"},
      {"cohere", "co = cohere.ClientV2(\"" + body(k_alnum, 40, 166) + "\")", "secret-in-context"},
      {"cohere", "CO_API_KEY=" + body(k_alnum, 40, 167), "secret-assignment"},
      {"cohere", "cohere token " + body(k_alnum, 40, 168), "secret-in-context"},
      {"together", "TOGETHER_API_KEY=" + tgp + body(k_b64url, 43, 169), "together-api-key"},
      {"together", "together.Together(api_key=\"" + body(k_hex, 64, 170) + "\")", "secret-assignment"},
      {"together", "together key: " + tgp + body(k_b64url, 43, 171), "together-api-key"},
      {"azure-openai", "AZURE_OPENAI_API_KEY=" + body(k_hex, 32, 172), "secret-assignment"},
      {"azure-openai", "headers = {\"api-key\": \"" + body(k_hex, 32, 173) + "\"}  # azure", "secret-assignment"},
      {"azure-openai", "azure openai key " + body(k_hex, 32, 174), "secret-in-context"},
      {"perplexity", "PPLX key " + pplx + body(k_alnum, 48, 175), "perplexity-api-key"},
      {"perplexity", "PERPLEXITY_API_KEY=" + pplx + body(k_alnum, 48, 176), "perplexity-api-key"},
      {"perplexity", "OpenAI(api_key=\"" + pplx + body(k_alnum, 48, 177) + "\", base_url=\"https://api.perplexity.ai\")",
       "perplexity-api-key"},
  };
}

std::vector<Sample> registries() {
  const std::string glpat = "gl" + std::string("pat-");
  const std::string npm = "np" + std::string("m_");
  const std::string pypi = "pypi-" + std::string("AgEIcHlw") + "aS5vcmc";
  const std::string dckr = "dckr" + std::string("_pat_");
  return {
      {"gitlab", "git clone https://oauth2:" + glpat + body(k_b64url, 20, 181) + "@gitlab.com/me/repo.git", "gitlab-token"},
      {"gitlab", "GITLAB_TOKEN=" + glpat + body(k_b64url, 20, 182), "gitlab-token"},
      {"gitlab", "private token: " + glpat + body(k_b64url, 26, 183), "gitlab-token"},
      {"gitee", "gitee 私人令牌 " + body(k_hex, 32, 184), "secret-in-context"},
      {"gitee", "GITEE_ACCESS_TOKEN=" + body(k_hex, 32, 185), "secret-assignment"},
      {"gitee", "gitee: " + body(k_hex, 32, 186), "secret-in-context"},
      {"npm", "//registry.npmjs.org/:_authToken=" + npm + body(k_alnum, 36, 187), "npm-token"},
      {"npm", "NPM_TOKEN=" + npm + body(k_alnum, 36, 188), "npm-token"},
      {"npm", "npm token " + npm + body(k_alnum, 36, 189), "npm-token"},
      {"pypi", "password = " + pypi + body(k_b64url, 120, 190), "pypi-token"},
      {"pypi", "TWINE_PASSWORD=" + pypi + body(k_b64url, 120, 191), "pypi-token"},
      {"pypi", "  password: " + pypi + body(k_b64url, 140, 192), "pypi-token"},
      {"docker", "docker login -u me -p " + dckr + body(k_b64url, 27, 193), "docker-hub-token"},
      {"docker", "DOCKERHUB_TOKEN=" + dckr + body(k_b64url, 27, 194), "docker-hub-token"},
      {"docker", "echo " + dckr + body(k_b64url, 27, 195) + " | docker login --password-stdin", "docker-hub-token"},
  };
}

std::vector<Sample> chat_webhooks() {
  const std::string feishu = "https://open." + std::string("feishu.cn/open-apis/bot/v2/hook/");
  const std::string lark = "https://open." + std::string("larksuite.com/open-apis/bot/v2/hook/");
  const std::string ding = "https://oapi." + std::string("dingtalk.com/robot/send?access_token=");
  const std::string wecom = "https://qyapi." + std::string("weixin.qq.com/cgi-bin/webhook/send?key=");
  const std::string discord = "https://discord." + std::string("com/api/webhooks/");
  const std::string slack_hook = "https://hooks." + std::string("slack.com/services/T");
  const std::string xoxb = "xo" + std::string("xb-");
  const std::string xoxp = "xo" + std::string("xp-");
  return {
      {"feishu", "url = \"" + feishu + uuid(201) + "\"", "feishu-webhook"},
      {"feishu", lark + uuid(202), "feishu-webhook"},
      {"feishu", "FEISHU_WEBHOOK=" + feishu + uuid(203), "feishu-webhook"},
      {"dingtalk", ding + body(k_hex, 64, 204), "dingtalk-webhook"},
      {"dingtalk", "webhook = '" + ding + body(k_hex, 64, 205) + "'", "dingtalk-webhook"},
      {"dingtalk", "secret = 'SE" + std::string("C") + body(k_hex, 64, 206) + "'", "dingtalk-robot-secret"},
      {"wecom", wecom + uuid(207), "wecom-webhook"},
      {"wecom", "WECOM_WEBHOOK = \"" + wecom + uuid(208) + "\"", "wecom-webhook"},
      {"wecom", "企业微信机器人：" + wecom + uuid(209), "wecom-webhook"},
      {"slack", xoxb + body(k_digits, 12, 210) + "-" + body(k_digits, 13, 210) + "-" + body(k_alnum, 24, 210), "slack-token"},
      {"slack", "SLACK_USER_TOKEN=" + xoxp + body(k_digits, 12, 211) + "-" + body(k_digits, 13, 211) + "-" + body(k_alnum, 32, 211),
       "slack-token"},
      {"slack", slack_hook + body(k_upper_digits, 8, 212) + "/B" + body(k_upper_digits, 10, 212) + "/" + body(k_alnum, 24, 212),
       "slack-webhook"},
      {"discord", discord + body(k_digits, 18, 213) + "/" + body(k_b64url, 68, 213), "discord-webhook"},
      {"discord", "https://discordapp." + std::string("com/api/webhooks/") + body(k_digits, 19, 214) + "/" + body(k_b64url, 68, 214),
       "discord-webhook"},
      {"discord", "DISCORD_WEBHOOK_URL=\"" + discord + body(k_digits, 18, 215) + "/" + body(k_b64url, 68, 215) + "\"", "discord-webhook"},
      {"telegram", "TELEGRAM_BOT_TOKEN=" + body(k_digits, 9, 216) + ":" + body(k_b64url, 35, 216), "telegram-bot-token"},
      {"telegram",
       "https://api." + std::string("telegram.org/bot") + body(k_digits, 10, 217) + ":" + body(k_b64url, 35, 217) + "/sendMessage",
       "telegram-bot-url"},
      {"telegram", "bot_token: \"" + body(k_digits, 10, 218) + ":" + body(k_b64url, 35, 218) + "\"", "telegram-bot-token"},
  };
}

std::vector<Sample> connection_strings() {
  const std::string rule = "connection-string-password";
  const auto url = [](const std::string& scheme) { return scheme + "://"; };
  return {
      {"mysql", "DATABASE_URL=" + url("mysql") + "root:" + body(k_alnum, 14, 221) + "@10.0.0.5:3306/study", rule},
      {"mysql", "engine = create_engine(\"" + url("mysql+pymysql") + "learner:" + body(k_alnum, 16, 222) + "@db/runs\")", rule},
      {"mysql", "jdbc:" + url("mysql") + "app:" + body(k_alnum, 12, 223) + "@mysql.internal:3306/app", rule},
      {"postgres", "engine = create_engine(\"" + url("postgresql+psycopg2") + "learner:" + body(k_alnum, 12, 224) + "@db:5432/runs\")",
       rule},
      {"postgres", "DATABASE_URL=" + url("postgres") + "app:" + body(k_alnum, 20, 225) + "@10.1.2.3:5432/app", rule},
      {"postgres", "  url: " + url("postgresql") + "admin:" + body(k_alnum, 18, 226) + "@pg.local/metrics", rule},
      {"mongodb", url("mongodb+srv") + "admin:" + body(k_alnum, 16, 227) + "@cluster0.abcde.mongodb.net/?retryWrites=true", rule},
      {"mongodb", "MONGO_URI=" + url("mongodb") + "learner:" + body(k_alnum, 14, 228) + "@127.0.0.1:27017/notes", rule},
      {"mongodb", "client = MongoClient(\"" + url("mongodb") + "root:" + body(k_alnum, 20, 229) + "@mongo:27017\")", rule},
      {"redis", "REDIS_URL=" + url("redis") + ":" + body(k_alnum, 20, 230) + "@redis.internal:6379/0", rule},
      {"redis", "r = redis.from_url(\"" + url("rediss") + "default:" + body(k_alnum, 24, 231) + "@cache.example.net:6380\")", rule},
      {"redis", "CELERY_BROKER_URL=" + url("redis") + "user:" + body(k_alnum, 16, 232) + "@10.0.0.9:6379/1", rule},
      {"amqp", url("amqp") + "worker:" + body(k_alnum, 18, 233) + "@rabbit:5672/%2F", rule},
      {"amqp", "BROKER=" + url("amqps") + "celery:" + body(k_alnum, 20, 234) + "@mq.internal:5671/vhost", rule},
      {"amqp", "pika.URLParameters(\"" + url("amqp") + "app:" + body(k_alnum, 14, 235) + "@localhost:5672/%2F\")", rule},
  };
}

std::vector<Sample> service_accounts() {
  const auto key_id = [](std::uint32_t seed) { return body(k_hex, 40, seed); };
  return {
      {"service-account", "{\"type\": \"service_account\", \"private_key_id\": \"" + key_id(241) + "\"}", "service-account-key-id"},
      {"service-account", "  \"private_key_id\": \"" + key_id(242) + "\",", "service-account-key-id"},
      {"service-account", "{\"private_key_id\":\"" + key_id(243) + "\",\"client_email\":\"bot@p.iam.gserviceaccount.com\"}",
       "service-account-key-id"},
  };
}

}  // namespace

TEST_CASE("three samples of every provider, each found once by its rule", "[secrets]") {
  std::vector<Sample> all;
  for (auto family : {chinese_clouds(), chinese_llm_platforms(), other_llm_apis(), registries(), chat_webhooks(), connection_strings(),
                      service_accounts()}) {
    all.insert(all.end(), family.begin(), family.end());
  }
  std::map<std::string, int> per_provider;
  for (const auto& s : all) {
    ++per_provider[s.provider];
    INFO(s.provider << ": " << s.line);
    CHECK(found_ids(s.line + "\n") == std::vector<std::string>{s.rule});
  }
  CHECK(per_provider.size() == 39);
  for (const auto& [provider, n] : per_provider) {
    INFO(provider);
    CHECK(n >= 3);
  }
}
