// Look-alikes that must not match: what ordinary PyTorch code, C++ headers, docs and configs hold next to
// the words key, token, secret and password. A false positive teaches the learner to skip the hook.
#include <catch2/catch.hpp>

#include "synthetic.hpp"

using namespace pdo::test;

TEST_CASE("look-alikes from the issue are not secrets", "[secrets]") {
  CHECK(found_ids("ckpt_key = \"model.layers.0.self_attn.q_proj.weight\"\n", "train.py").empty());
  CHECK(found_ids("hash_key: " + body(k_hex, 32, 1) + "\n", "config.yaml").empty());
  CHECK(found_ids("\t  _M_token = _S_token_char_class_name;\n", "regex_scanner.tcc").empty());
}

TEST_CASE("thirty-odd look-alikes produce nothing", "[secrets]") {
  const std::vector<std::string> lines = {
      // dotted identifiers, module names
      "state_key = \"module.encoder.layers.11.mlp.fc2.bias\"",
      "secret_module = \"torch.distributed.algorithms.ddp_comm_hooks.default_hooks\"",
      "token_cls = transformers.models.llama.tokenization_llama_fast.LlamaTokenizerFast",
      "SECRET_BACKEND = \"django.contrib.auth.backends.ModelBackend\"",
      // file paths
      "model_path_key = \"checkpoints/epoch_10/model_best.pth\"",
      "dataset_key = \"imagenet-1k/train/n01440764/n01440764_10026.JPEG\"",
      "token_file = \"/home/learner/.cache/huggingface/token\"",
      "密钥文件放在 ~/.config/study/credentials.json 里",
      // hashes named as hashes
      "file_sha256 = \"" + body(k_hex, 64, 2) + "\"",
      "checksum_key: " + body(k_hex, 40, 3),
      "md5 token digest " + body(k_hex, 32, 4),
      "tokenizer = AutoTokenizer.from_pretrained(\"gpt2\", revision=\"" + body(k_hex, 40, 5) + "\")",
      "cache_token = hashlib.sha1(data).hexdigest()  # " + body(k_hex, 40, 6),
      // C/C++ identifiers on the right-hand side
      "__secret_key = __builtin_expect_with_probability;",
      "m_access_token = kDefaultAccessTokenProviderName;",
      "auto api_key = std::string_view{k_api_key_environment_name};",
      // code that reads a key
      "access_token = request.headers.get(\"Authorization\")",
      "password = os.getenv(\"DB_PASSWORD\")",
      "令牌 = os.environ[\"HF_TOKEN\"]",
      "API_KEY_ENV_NAME = \"DASHSCOPE_API_KEY\"",
      "token_type_ids = torch.zeros_like(input_ids)",
      "cache_key = f\"{rank}_{world_size}_{local_rank}\"",
      // placeholders and defaults in connection strings
      "mysql://user:password@localhost:3306/db",
      "postgres://postgres:postgres@localhost:5432/test",
      "amqp://guest:guest@localhost:5672//",
      "redis://localhost:6379/0",
      "mongodb://${MONGO_USER}:${MONGO_PASS}@mongo:27017",
      "postgresql://<user>:<password>@<host>/<db>",
      // prose and short prefixes
      "密钥请放在 .env 文件里，不要写进代码",
      "key 是 your_api_key_here",
      "the secret of distributed training is overlap_compute_with_communication",
      "token = \"<|endoftext|>\"",
      "code --install-extension ms-python.python",
      "header eyJhbGciOiJIUzI1NiJ9 only",
      "npm_config_registry=https://registry.npmmirror.com",
      "pip install pypi-simple gsk_tools xai-sdk",
      "secret_version = \"v1.2.3-rc.1+build.20240101\"",
      "SECTION(\"look-alikes\") and SEC_LEVEL = 3",
      "Discord webhooks live under discord.com/api/webhooks/ (see the docs)",
      "pad_token_id = tokenizer.eos_token_id  # 50256",
      "access key id: see the console, Settings > AccessKey",
      "NCCL_SOCKET_IFNAME=eth0 TORCH_DISTRIBUTED_DEBUG=DETAIL",
  };
  CHECK(lines.size() >= 30);
  for (const auto& line : lines) {
    INFO(line);
    CHECK(found_ids(line + "\n", "lesson.py").empty());
  }
}
