#!/usr/bin/env python3
"""Generates the secret-scanner benchmark corpus, shaped like a real study tree: thousands of small files
(1-50 KB: Markdown notes, Python, logs, YAML, text, JSON, notebooks with small base64 images) in nested
folders, with planted keys of every provider family pdo's rules cover, in every file shape (UTF-8, UTF-8
with a BOM, UTF-16 LE/BE with a BOM, a NUL byte in a log), plus look-alikes that are NOT keys (hashes,
UUIDs, dotted module names, code that reads a key from the environment, placeholder connection strings).

Usage: gen_corpus.py OUT_DIR SIZE_MB
Writes OUT_DIR/files/..., OUT_DIR/planted.tsv (path, line, format, family, shape, the key's first line)
and OUT_DIR/manifest.tsv (planted keys per format as written); `score.py verify` checks the files hold
them before anything is timed. Fake keys are built from pieces at run time, so this file itself contains
no key shape (pdo scan of the repository stays clean).
"""
import base64
import collections
import os
import random
import string
import sys

ALNUM = string.ascii_letters + string.digits
ALPHA = string.ascii_letters
LOWER = string.ascii_lowercase
B64URL = ALNUM + "_-"
UPPER = string.ascii_uppercase + "234567"
UPPER_DIGITS = string.ascii_uppercase + string.digits
DIGITS = string.digits
HEX = "0123456789abcdef"

rng = random.Random(20261201)


def rand(alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def uuid():
    h = rand(HEX, 32)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def pem_block():
    lines = ["-----BEGIN " + "RSA PRIVATE KEY-----"]
    lines += [rand(ALNUM + "+/", 64) for _ in range(12)]
    lines.append("-----END RSA PRIVATE KEY-----")
    return [lines]


def jwt():
    return "eyJ" + "hbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + rand(B64URL, 220) + "." + rand(B64URL, 340)


def service_account():
    """A cloud service-account JSON: two planted keys (the key id line and the private key line)."""
    pem = "-----BEGIN " + "PRIVATE KEY-----\\n" + "\\n".join(rand(ALNUM + "+/", 64) for _ in range(10)) + "\\n-----END PRIVATE KEY-----\\n"
    return [['  "private_key_id": "' + rand(HEX, 40) + '",'], ['  "private_key": "' + pem + '",']]


def one(line):
    return lambda: [[line() if callable(line) else line]]


# format -> (family, generator). A generator returns a list of keys, each key a list of lines (the key
# starts on the first); most formats plant one single-line key.
F = {}


def fmt(name, family, line):
    F[name] = (family, one(line))


# The formats of the original benchmark: LLM APIs, model hubs, code hosts, clouds, ML platforms, chat.
fmt("openai-project", "llm-intl", lambda: 'OPENAI_KEY = "' + "sk-" + "proj-" + rand(B64URL, 156) + '"')
fmt("openai-svcacct", "llm-intl", lambda: "client = OpenAI(api_key='" + "sk-" + "svcacct-" + rand(B64URL, 120) + "')")
fmt("openai-admin", "llm-intl", lambda: "admin key: " + "sk-" + "admin-" + rand(B64URL, 120))
fmt("openai-legacy", "llm-intl", lambda: "openai.api_key = '" + "s" + "k-" + rand(ALNUM, 20) + "T3Blbk" + "FJ" + rand(ALNUM, 20) + "'")
fmt("anthropic", "llm-intl", lambda: "ANTHROPIC = '" + "sk-" + "ant-api03-" + rand(B64URL, 93) + "AA'")
fmt("huggingface", "ml-platforms", lambda: 'login(token="' + "hf" + "_" + rand(ALPHA, 34) + '")')
fmt("huggingface-org", "ml-platforms", lambda: "org token " + "api" + "_org_" + rand(ALPHA, 34))
fmt("wandb-hex", "ml-platforms", lambda: 'wandb.login(key="' + rand(HEX, 40) + '")')
fmt("wandb-v1", "ml-platforms", lambda: "WANDB=" + "wandb" + "_v1_" + rand(B64URL, 60))
fmt("kaggle-env", "ml-platforms", lambda: "KAGGLE_KEY=" + rand(HEX, 32))
fmt("kaggle-json", "ml-platforms", lambda: '{"username":"learner","key":"' + rand(HEX, 32) + '"}')
fmt("github-ghp", "registries", lambda: "git clone https://" + "gh" + "p_" + rand(ALNUM, 36) + "@github.com/me/repo")
fmt("github-gho", "registries", lambda: "oauth: " + "gh" + "o_" + rand(ALNUM, 36))
fmt("github-ghs", "registries", lambda: "GH_APP=" + "gh" + "s_" + rand(ALNUM, 36))
fmt("github-pat", "registries", lambda: "token " + "github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59))
fmt("aws-access-key-id", "clouds-intl", lambda: "aws_access_key_id = " + "AK" + "IA" + rand(UPPER, 16))
fmt("google-api-key", "clouds-intl", lambda: "url = 'https://maps.googleapis.com/maps/api/geocode/json?key=" + "AI" + "za" + rand(B64URL, 35) + "'")
fmt("slack-bot", "chat", lambda: "slack: " + "xo" + "xb-" + rand(DIGITS, 11) + "-" + rand(DIGITS, 13) + "-" + rand(ALNUM, 24))
fmt("slack-webhook", "chat", lambda: "hook = 'https://hooks." + "slack.com/services/T" + rand(UPPER, 8) + "/B" + rand(UPPER, 10) + "/" + rand(ALNUM, 24) + "'")
F["private-key"] = ("private-keys", pem_block)
fmt("assignment-api-key", "assignments", lambda: "MY_SERVICE_API_KEY=" + rand(ALNUM, 32))
fmt("assignment-password", "assignments", lambda: 'DB_PASSWORD: "' + rand(ALNUM, 20) + '"')

# Chinese clouds.
fmt("alibaba-access-key-id", "clouds-cn", lambda: "ALIBABA_CLOUD_ACCESS_KEY_ID=" + "LT" + "AI5t" + rand(ALNUM, 18))
fmt("alibaba-access-key-secret", "clouds-cn", lambda: "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + rand(ALNUM, 30))
fmt("tencent-secret-id", "clouds-cn", lambda: 'cred = credential.Credential("' + "AK" + "ID" + rand(ALNUM, 32) + '", os.environ["TENCENTCLOUD_SECRET_KEY"])')
fmt("tencent-secret-key", "clouds-cn", lambda: "TENCENTCLOUD_SECRET_KEY=" + rand(ALNUM, 32))
fmt("huawei-ak", "clouds-cn", lambda: 'HUAWEICLOUD_SDK_AK = "' + rand(UPPER_DIGITS, 20) + '"')
fmt("huawei-sk", "clouds-cn", lambda: 'HUAWEICLOUD_SDK_SK = "' + rand(ALNUM, 40) + '"')
fmt("baidu-qianfan-key", "clouds-cn", lambda: "QIANFAN_API_KEY=" + "bce-v3/" + "ALTAK-" + rand(ALNUM, 21) + "/" + rand(HEX, 40))
fmt("baidu-qianfan-sk", "clouds-cn", lambda: "QIANFAN_SK=" + rand(ALNUM, 32))
fmt("volcengine-access-key-id", "clouds-cn", lambda: "VOLC_ACCESSKEY=" + "AK" + "LT" + rand(B64URL, 44))
fmt("volcengine-ark-key", "clouds-cn", lambda: "ARK_API_KEY=" + uuid())

# Chinese LLM and model platforms.
fmt("dashscope", "llm-cn", lambda: 'dashscope.api_key = "' + "sk-" + rand(HEX, 32) + '"')
fmt("deepseek", "llm-cn", lambda: 'client = OpenAI(api_key="' + "sk-" + rand(HEX, 32) + '", base_url="https://api.deepseek.com")')
fmt("moonshot", "llm-cn", lambda: "MOONSHOT_API_KEY=" + "sk-" + rand(ALNUM, 48))
fmt("zhipu", "llm-cn", lambda: 'ZHIPUAI_API_KEY="' + rand(HEX, 32) + "." + rand(ALNUM, 16) + '"')
fmt("zhipu-context", "llm-cn", lambda: "智谱的 key 是 " + rand(HEX, 32) + "." + rand(ALNUM, 16))
fmt("siliconflow", "llm-cn", lambda: "硅基流动 " + "sk-" + rand(LOWER, 48))
fmt("modelscope", "llm-cn", lambda: "MODELSCOPE_API_TOKEN=" + "ms-" + uuid())
fmt("baichuan", "llm-cn", lambda: "BAICHUAN_API_KEY: " + "sk-" + rand(HEX, 32))
fmt("minimax", "llm-cn", lambda: "MINIMAX_API_KEY=" + jwt())
fmt("qianfan-context", "llm-cn", lambda: "我的千帆 API Key 是 " + rand(ALNUM, 24))
fmt("hunyuan-context", "llm-cn", lambda: "混元密钥 " + rand(HEX, 32))

# Other LLM APIs.
fmt("openrouter", "llm-intl", lambda: "OPENROUTER_API_KEY=" + "sk-" + "or-v1-" + rand(HEX, 64))
fmt("groq", "llm-intl", lambda: 'client = Groq(api_key="' + "gs" + "k_" + rand(ALNUM, 52) + '")')
fmt("xai", "llm-intl", lambda: "XAI_API_KEY=" + "xa" + "i-" + rand(ALNUM, 80))
fmt("replicate", "llm-intl", lambda: "export REPLICATE_API_TOKEN=" + "r8" + "_" + rand(ALNUM, 37))
fmt("mistral", "llm-intl", lambda: "MISTRAL_API_KEY=" + rand(ALNUM, 32))
fmt("cohere", "llm-intl", lambda: 'co = cohere.ClientV2("' + rand(ALNUM, 40) + '")')
fmt("together", "llm-intl", lambda: "TOGETHER_API_KEY=" + "tgp" + "_v1_" + rand(B64URL, 43))
fmt("azure-openai", "llm-intl", lambda: "AZURE_OPENAI_API_KEY=" + rand(HEX, 32))
fmt("perplexity", "llm-intl", lambda: "PPLX key " + "pp" + "lx-" + rand(ALNUM, 48))

# Code and package registries.
fmt("gitlab", "registries", lambda: "git clone https://oauth2:" + "gl" + "pat-" + rand(B64URL, 20) + "@gitlab.com/me/repo.git")
fmt("gitee", "registries", lambda: "gitee 私人令牌 " + rand(HEX, 32))
fmt("npm", "registries", lambda: "//registry.npmjs.org/:_authToken=" + "np" + "m_" + rand(ALNUM, 36))
fmt("pypi", "registries", lambda: "password = " + "".join(("pypi-", "AgEIcHlw", "aS5vcmc")) + rand(B64URL, 120))
fmt("docker-hub", "registries", lambda: "docker login -u me -p " + "dckr" + "_pat_" + rand(B64URL, 27))

# Chat webhooks and bots.
fmt("feishu-webhook", "chat", lambda: 'url = "https://open.' + "feishu.cn/open-apis/bot/v2/hook/" + uuid() + '"')
fmt("dingtalk-webhook", "chat", lambda: "https://oapi." + "dingtalk.com/robot/send?access_token=" + rand(HEX, 64))
fmt("dingtalk-secret", "chat", lambda: "secret = '" + "SE" + "C" + rand(HEX, 64) + "'")
fmt("wecom-webhook", "chat", lambda: "https://qyapi." + "weixin.qq.com/cgi-bin/webhook/send?key=" + uuid())
fmt("discord-webhook", "chat", lambda: "https://discord." + "com/api/webhooks/" + rand(DIGITS, 18) + "/" + rand(B64URL, 68))
fmt("telegram-bot", "chat", lambda: "TELEGRAM_BOT_TOKEN=" + rand(DIGITS, 9) + ":" + rand(B64URL, 35))

# Connection strings with a password.
fmt("mysql-url", "connection-strings", lambda: "DATABASE_URL=mysql" + "://root:" + rand(ALNUM, 14) + "@10.0.0.5:3306/study")
fmt("postgres-url", "connection-strings", lambda: 'engine = create_engine("postgresql' + "+psycopg2://learner:" + rand(ALNUM, 12) + '@db:5432/runs")')
fmt("mongodb-url", "connection-strings", lambda: "mongodb" + "+srv://admin:" + rand(ALNUM, 16) + "@cluster0.abcde.mongodb.net/?retryWrites=true")
fmt("redis-url", "connection-strings", lambda: "REDIS_URL=redis" + "://:" + rand(ALNUM, 20) + "@redis.internal:6379/0")
fmt("amqp-url", "connection-strings", lambda: "amqp" + "://worker:" + rand(ALNUM, 18) + "@rabbit:5672/%2F")

# Service tokens with their vendor's prefix, planted with no name or keyword on the line (issue 45: found
# without context).
fmt("stripe-live", "service-tokens", lambda: "sk" + "_live_" + rand(ALNUM, 99))
fmt("stripe-restricted", "service-tokens", lambda: "  - " + "rk" + "_live_" + rand(ALNUM, 24))
fmt("stripe-webhook", "service-tokens", lambda: "signing: " + "wh" + "sec_" + rand(ALNUM, 32))
fmt("vault-service", "service-tokens", lambda: "hv" + "s." + rand(B64URL, 91))
fmt("shopify-admin", "service-tokens", lambda: "昨天的 " + "shp" + "at_" + rand(HEX, 32))
fmt("sendgrid", "service-tokens", lambda: "SG" + "." + rand(B64URL, 22) + "." + rand(B64URL, 43))
fmt("databricks", "service-tokens", lambda: "da" + "pi" + rand(HEX, 32))
fmt("tavily", "service-tokens", lambda: "tv" + "ly-" + rand(ALNUM, 32))
fmt("pinecone", "service-tokens", lambda: "pc" + "sk_" + rand(ALNUM, 5) + "_" + rand(ALNUM, 63))
fmt("aws-appsync", "service-tokens", lambda: "da" + "2-" + rand(LOWER + DIGITS, 26))

# Key containers on one line (issue 45): an age identity, a WireGuard interface key.
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
fmt("age-identity", "private-keys", lambda: "AGE-SECRET-" + "KEY-1" + rand(BECH32.upper(), 58))
fmt("wireguard-private", "private-keys", lambda: "Private" + "Key = " + rand(ALNUM + "+/", 43) + "=")

F["service-account-json"] = ("service-accounts", service_account)


def openvpn_block():
    """OpenVPN's static key (openvpn --genkey): 16 lines of hex in its own armour."""
    lines = ["-----BEGIN " + "OpenVPN Static key V1-----"]
    lines += [rand(HEX, 32) for _ in range(16)]
    lines.append("-----END OpenVPN Static key V1-----")
    return [lines]


def ssh_com_block():
    """An SSH.com (SSH2) private key as PuTTYgen exports it: four dashes and a space, a Comment header."""
    lines = ["---- BEGIN SSH2 ENCRYPTED " + "PRIVATE KEY ----", 'Comment: "rsa-key-20261207"']
    lines += [rand(ALNUM + "+/", 64) for _ in range(8)]
    lines.append("---- END SSH2 ENCRYPTED PRIVATE KEY ----")
    return [lines]


# Multi-line key containers (issue 45); the planted line is the armour's first line.
F["openvpn-static"] = ("private-keys", openvpn_block)
F["ssh-com-private"] = ("private-keys", ssh_com_block)

MULTI_LINE = {"private-key", "service-account-json", "openvpn-static", "ssh-com-private"}

WORDS = ("the a process group rank world size tensor gradient model data parallel shard pipeline stage backend "
         "nccl gloo rpc remote reference optimizer step loss batch epoch device cuda node launch torchrun elastic "
         "checkpoint state dict barrier all reduce broadcast gather scatter sk-learn token tokenizer key value "
         "password policy secret sauce example").split()
ZH = "分布式 数据 并行 进程 组 梯度 模型 训练 张量 显卡 节点 通信 后端 学习 笔记 练习 问题 检查 密钥 令牌".split()

# Look-alikes that are not keys: what ordinary training code, configs, logs and notes hold next to key,
# token, secret and password (from the unit tests' list of false positives).
LOOK_ALIKES = [
    'ckpt_key = "model.layers.0.self_attn.q_proj.weight"',
    'state_key = "module.encoder.layers.11.mlp.fc2.bias"',
    "\t  _M_token = _S_token_char_class_name;",
    'model_path_key = "checkpoints/epoch_10/model_best.pth"',
    'token_file = "/home/learner/.cache/huggingface/token"',
    "密钥文件放在 ~/.config/study/credentials.json 里",
    "密钥请放在 .env 文件里，不要写进代码",
    'HF_TOKEN = os.environ["HF_TOKEN"]',
    "api_key = os.getenv('OPENAI_API_KEY')",
    'access_token = request.headers.get("Authorization")',
    "token_type_ids = torch.zeros_like(input_ids)",
    'cache_key = f"{rank}_{world_size}_{local_rank}"',
    "mysql" + "://user:password@localhost:3306/db",
    "postgres" + "://postgres:postgres@localhost:5432/test",
    "amqp" + "://guest:guest@localhost:5672//",
    "mongodb" + "://${MONGO_USER}:${MONGO_PASS}@mongo:27017",
    "key 是 your_api_key_here",
    'token = "<|endoftext|>"',
    "code --install-extension ms-python.python",
    "npm_config_registry=https://registry.npmmirror.com",
    "pip install scikit-learn  # sk-learn is not a key",
    "pad_token_id = tokenizer.eos_token_id  # 50256",
    "# AWS docs example: AKIAIOSFODNN7" + "EXAMPLE",
    "NCCL_SOCKET_IFNAME=eth0 TORCH_DISTRIBUTED_DEBUG=DETAIL",
]


def prose():
    n = rng.randint(6, 18)
    if rng.random() < 0.3:
        return "".join(rng.choice(ZH) for _ in range(n)) + "。"
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def filler_pool():
    pool = [prose() for _ in range(3000)]
    for _ in range(800):
        pool.append(f"    x = torch.randn({rng.randint(1, 64)}, {rng.randint(1, 64)}, device='cuda:{rng.randint(0, 7)}')")
        pool.append(f"    dist.all_reduce(t, op=dist.ReduceOp.SUM)  # rank {rng.randint(0, 63)}")
        pool.append(f"def step_{rand(LOWER, 6)}(model, batch):")
        pool.append("    tokens = tokenizer(batch['text'], max_length=512, truncation=True)")
    for _ in range(600):
        pool.append(f"commit {rand(HEX, 40)}")
        pool.append(f"2026-11-29T10:{rng.randint(10, 59)}:00Z run_id={uuid()} loss=0.{rng.randint(100, 999)}")
        pool.append(f'  "sha256": "{rand(HEX, 64)}",')
        pool.append(f"hash_key: {rand(HEX, 32)}")
        pool.append(f'tokenizer = AutoTokenizer.from_pretrained("gpt2", revision="{rand(HEX, 40)}")')
    for _ in range(40):
        pool += LOOK_ALIKES
    return pool


def plant(lines, keys):
    """Inserts each key's lines at a random place; returns [(line_no, format, first_line)] 1-based."""
    spots = sorted(rng.sample(range(len(lines) + 1), len(keys)), reverse=True)
    marks = []
    for spot, (name, key_lines) in zip(spots, keys):
        lines[spot:spot] = key_lines
        marks.append((spot, name, key_lines))
    out = []
    # Each insertion (highest spot first) shifts the keys planted before it in file order: recompute.
    for spot, name, key_lines in marks:
        shift = sum(len(kl) for s, _, kl in marks if s < spot)
        out.append((spot + shift + 1, name, key_lines[0]))
    return sorted(out)


def notebook(pool, keys, image_bytes):
    """A notebook as raw lines (nbformat style: one source line per JSON string), with a base64 image."""
    raw = ["{", ' "cells": [']
    planted = []
    cells = 2
    for c in range(cells):
        raw += ["  {", '   "cell_type": "code",', '   "metadata": {},', '   "source": [']
        body = rng.choices(pool, k=rng.randint(20, 120))
        for name, key_lines in keys[c::cells]:
            body.insert(rng.randrange(len(body) + 1), ("key", name, key_lines[0]))
        for item in body:
            if isinstance(item, tuple):
                planted.append((len(raw) + 1, item[1], item[2]))
                text = item[2]
            else:
                text = item
            raw.append('    "' + text.replace("\\", "\\\\").replace('"', '\\"') + '\\n",')
        raw[-1] = raw[-1].rstrip(",")
        img = base64.b64encode(rng.randbytes(image_bytes)).decode()
        raw += ["   ],", '   "outputs": [', "    {", '     "data": {', f'      "image/png": "{img}",',
                '      "text/plain": ["<Figure size 640x480>"]', "     },", '     "output_type": "display_data"', "    }", "   ]",
                "  }" + ("," if c < cells - 1 else "")]
    raw += [" ],", ' "nbformat": 4,', ' "nbformat_minor": 5', "}"]
    return raw, planted


def shape_of(i, ext):
    """The file's encoding: mostly UTF-8; some with a BOM, UTF-16 (Windows editors), a NUL byte (logs)."""
    if ext == ".ipynb":
        return "utf-8"
    r = i % 50
    return {0: "utf-16-le-bom", 1: "utf-16-be-bom", 2: "utf-8-bom", 3: "utf-8-bom", 4: "nul-byte"}.get(r, "utf-8")


def encode(text, shape):
    if shape == "utf-8":
        return text.encode("utf-8")
    if shape == "utf-8-bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8")
    if shape == "utf-16-le-bom":
        return b"\xff\xfe" + text.encode("utf-16-le")
    if shape == "utf-16-be-bom":
        return b"\xfe\xff" + text.encode("utf-16-be")
    if shape == "nul-byte":  # a NUL byte in the first line, as a tool's log may have
        first, _, rest = text.partition("\n")
        return (first + "\0\n" + rest).encode("utf-8")
    raise ValueError(shape)


def service_account_file(pool, target):
    """A cloud service-account key file: JSON with the key id and the private key (two planted keys)."""
    lines = ["{", '  "type": "service_account",', '  "project_id": "study-123",']
    planted = []
    for key_lines in service_account():
        lines.append(key_lines[0])
        planted.append((len(lines), "service-account-json", key_lines[0]))
    lines += ['  "client_email": "bot@study-123.iam.gserviceaccount.com",', '  "token_uri": "https://oauth2.googleapis.com/token",']
    notes = [line for line in rng.choices(pool, k=max(1, target // 80)) if '"' not in line and "\\" not in line]
    lines += [f'  "note_{k}": "{line}",' for k, line in enumerate(notes)]
    lines += ['  "universe_domain": "googleapis.com"', "}"]
    return lines, planted


def main():
    out_dir, size_mb = sys.argv[1], int(sys.argv[2])
    files_dir = os.path.join(out_dir, "files")
    pool = filler_pool()
    names = list(F)
    cycled = [n for n in names if n != "service-account-json"]  # that one is a file of its own
    single = [n for n in cycled if n not in MULTI_LINE]
    exts = [".md", ".py", ".log", ".txt", ".yaml", ".md", ".py", ".ipynb"]
    counter = 0
    total = 0
    rows = []
    i = 0
    while total < size_mb * 1024 * 1024:
        ext = exts[i % len(exts)]
        # File sizes spread over 1-50 KB (log-uniform), as in a real tree.
        target = int(1024 * 50 ** rng.random())
        folder = f"lesson{i % 17:02d}/{['notes', 'exercises', 'runs', 'configs'][i % 4]}"
        if i % 40 == 13:
            rel = f"{folder}/sa-key-{i:05d}.json"
            shape = "utf-8"
            lines, planted = service_account_file(pool, target)
        else:
            rel = f"{folder}/part{i:05d}{ext}"
            shape = shape_of(i, ext)
            # Two files in three hold a key (one, sometimes two); the rest only filler and look-alikes.
            n_keys = 0 if i % 3 == 2 else (2 if i % 7 == 0 else 1)
            keys = []
            for _ in range(n_keys):
                name = cycled[counter % len(cycled)]
                counter += 1
                if ext == ".ipynb" and name in MULTI_LINE:
                    name = single[counter % len(single)]
                for key_lines in F[name][1]():
                    keys.append((name, key_lines))
            if ext == ".ipynb":
                lines, planted = notebook(pool, keys, max(256, target // 2))
            else:
                lines = []
                size = 0
                while size < target:
                    line = rng.choice(pool)
                    lines.append(line)
                    size += len(line.encode("utf-8")) + 1
                planted = plant(lines, keys)
        data = encode("\n".join(lines) + "\n", shape)
        path = os.path.join(files_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        total += len(data)
        rows += [(rel, ln, name, F[name][0], shape, first) for ln, name, first in planted]
        i += 1
    with open(os.path.join(out_dir, "planted.tsv"), "w", encoding="utf-8") as f:
        for row in rows:
            f.write("\t".join(str(x) for x in row) + "\n")
    counts = collections.Counter(r[2] for r in rows)
    with open(os.path.join(out_dir, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write(f"files\t{i}\nbytes\t{total}\n")
        for name in names:
            f.write(f"format\t{name}\t{F[name][0]}\t{counts[name]}\n")
    families = collections.Counter(r[3] for r in rows)
    print(f"corpus: {i} files, {total / 1048576:.1f} MB, {len(rows)} planted keys of {len(names)} formats in "
          f"{len(families)} families ({', '.join(f'{k} {v}' for k, v in sorted(families.items()))})")


if __name__ == "__main__":
    main()
