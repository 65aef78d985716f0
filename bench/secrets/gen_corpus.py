#!/usr/bin/env python3
"""Generates the secret-scanner benchmark corpus: text, code, logs, JSON and notebooks (with base64
images) mixed with planted keys of every format pdo knows, plus look-alikes that are NOT keys.

Usage: gen_corpus.py OUT_DIR SIZE_MB
Writes OUT_DIR/files/... and OUT_DIR/planted.tsv (path, line, format) for the planted keys.
Fake keys are built from pieces at run time, so this file itself contains no key shape.
"""
import base64
import os
import random
import string
import sys

ALNUM = string.ascii_letters + string.digits
ALPHA = string.ascii_letters
B64URL = ALNUM + "_-"
UPPER = string.ascii_uppercase + "234567"
HEX = "0123456789abcdef"

rng = random.Random(20261129)


def rand(alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def pem_block():
    lines = ["-----BEGIN " + "RSA PRIVATE KEY-----"]
    lines += [rand(ALNUM + "+/", 64) for _ in range(12)]
    lines.append("-----END RSA PRIVATE KEY-----")
    return lines


# Each format: a function returning the lines to insert; the key is on the first line.
FORMATS = {
    "openai-project": lambda: ['OPENAI_KEY = "' + "sk-" + "proj-" + rand(B64URL, 156) + '"'],
    "openai-svcacct": lambda: ["client = OpenAI(api_key='" + "sk-" + "svcacct-" + rand(B64URL, 120) + "')"],
    "openai-admin": lambda: ["admin key: " + "sk-" + "admin-" + rand(B64URL, 120)],
    "openai-legacy": lambda: ["openai.api_key = '" + "s" + "k-" + rand(ALNUM, 20) + "T3Blbk" + "FJ" + rand(ALNUM, 20) + "'"],
    "anthropic": lambda: ["ANTHROPIC = '" + "sk-" + "ant-api03-" + rand(B64URL, 93) + "AA'"],
    "huggingface": lambda: ['login(token="' + "hf" + "_" + rand(ALPHA, 34) + '")'],
    "huggingface-org": lambda: ["org token " + "api" + "_org_" + rand(ALPHA, 34)],
    "github-ghp": lambda: ["git clone https://" + "gh" + "p_" + rand(ALNUM, 36) + "@github.com/me/repo"],
    "github-gho": lambda: ["oauth: " + "gh" + "o_" + rand(ALNUM, 36)],
    "github-ghs": lambda: ["GH_APP=" + "gh" + "s_" + rand(ALNUM, 36)],
    "github-pat": lambda: ["token " + "github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59)],
    "aws-access-key-id": lambda: ["aws_access_key_id = " + "AK" + "IA" + rand(UPPER, 16)],
    "google-api-key": lambda: ["url = 'https://maps.googleapis.com/maps/api/geocode/json?key=" + "AI" + "za" + rand(B64URL, 35) + "'"],
    "wandb-hex": lambda: ['wandb.login(key="' + rand(HEX, 40) + '")'],
    "wandb-v1": lambda: ["WANDB=" + "wandb" + "_v1_" + rand(B64URL, 60)],
    "slack-bot": lambda: ["slack: " + "xo" + "xb-" + rand(string.digits, 11) + "-" + rand(string.digits, 13) + "-" + rand(ALNUM, 24)],
    "slack-webhook": lambda: ["hook = 'https://hooks." + "slack.com/services/T" + rand(UPPER, 8) + "/B" + rand(UPPER, 10) + "/" + rand(ALNUM, 24) + "'"],
    "kaggle-env": lambda: ["KAGGLE_KEY=" + rand(HEX, 32)],
    "kaggle-json": lambda: ['{"username":"learner","key":"' + rand(HEX, 32) + '"}'],
    "private-key": pem_block,
    "assignment-api-key": lambda: ["MY_SERVICE_API_KEY=" + rand(ALNUM, 32)],
    "assignment-password": lambda: ['DB_PASSWORD: "' + rand(ALNUM, 20) + '"'],
}

WORDS = ("the a process group rank world size tensor gradient model data parallel shard pipeline stage backend "
         "nccl gloo rpc remote reference optimizer step loss batch epoch device cuda node launch torchrun elastic "
         "checkpoint state dict barrier all reduce broadcast gather scatter sk-learn token tokenizer key value "
         "password policy secret sauce example").split()
ZH = "分布式 数据 并行 进程 组 梯度 模型 训练 张量 显卡 节点 通信 后端 学习 笔记 练习 问题 检查".split()


def prose():
    n = rng.randint(6, 18)
    if rng.random() < 0.3:
        return "".join(rng.choice(ZH) for _ in range(n)) + "。"
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def filler_pool():
    pool = []
    for _ in range(3000):
        pool.append(prose())
    for _ in range(800):
        pool.append(f"    x = torch.randn({rng.randint(1, 64)}, {rng.randint(1, 64)}, device='cuda:{rng.randint(0, 7)}')")
        pool.append(f"    dist.all_reduce(t, op=dist.ReduceOp.SUM)  # rank {rng.randint(0, 63)}")
        pool.append(f"def step_{rand(string.ascii_lowercase, 6)}(model, batch):")
        pool.append("    tokens = tokenizer(batch['text'], max_length=512, truncation=True)")
    # Look-alikes that are not keys: hashes, UUIDs, reading keys from the environment, documented examples.
    for _ in range(600):
        pool.append(f"commit {rand(HEX, 40)}")
        pool.append(f"2026-11-29T10:{rng.randint(10, 59)}:00Z run_id={rand(HEX, 8)}-{rand(HEX, 4)}-{rand(HEX, 4)}-{rand(HEX, 4)}-{rand(HEX, 12)} loss=0.{rng.randint(100, 999)}")
        pool.append(f'  "sha256": "{rand(HEX, 64)}",')
    pool.append('HF_TOKEN = os.environ["HF_TOKEN"]')
    pool.append("api_key = os.getenv('OPENAI_API_KEY')")
    pool.append("# AWS docs example: AKIAIOSFODNN7" + "EXAMPLE")
    pool.append("pip install scikit-learn  # sk-learn is not a key")
    return pool


def lines_for(kind, pool, n):
    return rng.choices(pool, k=n)


def write_file(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
        f.write("\n")


def plant(lines, keys):
    """Inserts each key's lines at a random place; returns [(line_no, format)] 1-based."""
    spots = sorted(rng.sample(range(len(lines)), len(keys)), reverse=True)
    for spot, (fmt, key_lines) in zip(spots, keys):
        lines[spot:spot] = key_lines
    # Recompute line numbers of first key lines after all insertions.
    out = []
    firsts = {key_lines[0]: fmt for fmt, key_lines in keys}
    for i, line in enumerate(lines):
        if line in firsts:
            out.append((i + 1, firsts.pop(line)))
    return out


def notebook(pool, keys):
    """A notebook as raw lines (nbformat style: one source line per JSON string), with a base64 image."""
    raw = ["{", ' "cells": [']
    planted = []
    for c in range(4):
        raw += ["  {", '   "cell_type": "code",', '   "metadata": {},', '   "source": [']
        body = rng.choices(pool, k=rng.randint(300, 600))
        cell_keys = keys[c::4]
        for fmt, key_lines in cell_keys:
            spot = rng.randrange(len(body))
            body[spot:spot] = [("__KEY__", fmt, kl) for kl in key_lines[:1]]
        for item in body:
            if isinstance(item, tuple):
                planted.append((len(raw) + 1, item[1]))
                text = item[2]
            else:
                text = item
            esc = text.replace("\\", "\\\\").replace('"', '\\"')
            raw.append(f'    "{esc}\\n",')
        raw[-1] = raw[-1].rstrip(",")
        img = base64.b64encode(rng.randbytes(48000)).decode()
        raw += ["   ],", '   "outputs": [', "    {", '     "data": {', f'      "image/png": "{img}",',
                '      "text/plain": ["<Figure size 640x480>"]', "     },", '     "output_type": "display_data"', "    }", "   ]",
                "  }" + ("," if c < 3 else "")]
    raw += [" ],", ' "nbformat": 4,', ' "nbformat_minor": 5', "}"]
    return raw, planted


def main():
    out_dir, size_mb = sys.argv[1], int(sys.argv[2])
    files_dir = os.path.join(out_dir, "files")
    pool = filler_pool()
    fmt_names = list(FORMATS)
    counter = 0
    total = 0
    planted_rows = []
    i = 0
    exts = [".md", ".py", ".log", ".txt", ".yaml", ".ipynb"]
    while total < size_mb * 1024 * 1024:
        ext = exts[i % len(exts)]
        rel = f"lesson{i % 17:02d}/part{i:04d}{ext}"
        keys = []
        for _ in range(3):
            fmt = fmt_names[counter % len(fmt_names)]
            counter += 1
            if ext == ".ipynb" and fmt == "private-key":
                fmt = "huggingface"
            keys.append((fmt, FORMATS[fmt]()))
        if ext == ".ipynb":
            lines, planted = notebook(pool, keys)
        else:
            lines = lines_for(ext, pool, 16000)
            planted = plant(lines, keys)
        write_file(os.path.join(files_dir, rel), lines)
        total += os.path.getsize(os.path.join(files_dir, rel))
        planted_rows += [(rel, ln, fmt) for ln, fmt in planted]
        i += 1
    with open(os.path.join(out_dir, "planted.tsv"), "w") as f:
        for rel, ln, fmt in planted_rows:
            f.write(f"{rel}\t{ln}\t{fmt}\n")
    print(f"corpus: {i} files, {total / 1048576:.0f} MB, {len(planted_rows)} planted keys of {len(fmt_names)} formats")


if __name__ == "__main__":
    main()
