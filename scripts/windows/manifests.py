#!/usr/bin/env python3
"""Scoop and winget manifests for pdo's Windows release zip (called by scripts/windows/release.sh).

    manifests.py --zip build/windows-release/pdo-0.1.0-windows-x86_64.zip --version 0.1.0 \
                 --base-url https://example.org/pdo/releases/0.1.0 [--out DIR]

The download URL is BASE_URL/<zip name>; the SHA-256 is computed here from the zip itself. Writes
DIR/scoop/pdo.json and DIR/winget/manifests/<first letter>/<publisher>/<name>/<version>/ (version,
defaultLocale en-US, locale zh-CN, installer: winget's multi-file manifest, schema 1.10.0), the layout
winget-pkgs expects. validate-manifests.py checks them against the schemas kept in schemas/.
Standard library only; YAML values are written as JSON strings, which are valid YAML scalars.
"""
import argparse
import hashlib
import json
import os
import sys
import zipfile

MANIFEST_VERSION = "1.10.0"
SUMMARY_EN = "A git-backed study workspace for the PyTorch Distributed Overview course"
SUMMARY_ZH = "为「PyTorch Distributed Overview」课程准备一个用 git 记录的学习工作区"
DESCRIPTION_EN = ("pdo lays out a study workspace for the 17-lesson PyTorch Distributed Overview course (or any course "
                  "file), records every study step as a git commit, checks the environment and keeps API keys out of "
                  "the repository with git hooks. Messages are in Chinese by default (--lang en for English).")
DESCRIPTION_ZH = ("pdo 为 17 课的 PyTorch Distributed Overview 课程（或任何课程文件）建立学习工作区：每一步学习都是一个 git "
                  "提交，检查学习环境，并用 git 钩子防止 API 密钥进入仓库。默认中文界面（--lang en 切换为英文）。")
COMPLETION_NOTE = "PowerShell Tab completion: Add-Content $PROFILE 'pdo completion powershell | Out-String | Invoke-Expression'"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def yaml(fields, schema):
    """A YAML document of scalars, lists of scalars and lists of flat mappings, each scalar as a JSON string."""
    lines = ["# yaml-language-server: $schema=https://aka.ms/winget-manifest.%s.%s.schema.json" % (schema, MANIFEST_VERSION)]
    scalar = lambda v: json.dumps(v, ensure_ascii=False)
    for key, value in fields.items():
        if not isinstance(value, list):
            lines.append("%s: %s" % (key, scalar(value)))
            continue
        lines.append("%s:" % key)
        for item in value:
            if not isinstance(item, dict):
                lines.append("- " + scalar(item))
                continue
            for i, (k, v) in enumerate(item.items()):
                lines.append("%s%s: %s" % ("- " if i == 0 else "  ", k, scalar(v)))
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--zip", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--base-url", required=True, help="where the zip will be downloaded from (https://…)")
    p.add_argument("--out", help="output folder (default: the zip's folder)")
    p.add_argument("--homepage", help="the project's page (default: --base-url)")
    p.add_argument("--license", default="Proprietary",
                   help="licence name or SPDX id (default Proprietary: the repository grants no licence yet)")
    p.add_argument("--publisher", default="pdo")
    p.add_argument("--package-id", default="pdo.pdo", help="winget PackageIdentifier, Publisher.Name")
    a = p.parse_args()

    if not a.base_url.startswith("https://"):
        sys.exit("manifests.py: --base-url must be an https:// URL (Scoop and winget download over HTTPS)")
    name = os.path.basename(a.zip)
    if not name.endswith(".zip"):
        sys.exit("manifests.py: %s is not a .zip" % a.zip)
    folder = name[:-4]
    with zipfile.ZipFile(a.zip) as z:
        if folder + "/pdo.exe" not in z.namelist():
            sys.exit("manifests.py: %s has no %s/pdo.exe" % (a.zip, folder))
    url = a.base_url.rstrip("/") + "/" + name
    digest = sha256(a.zip)
    homepage = a.homepage or a.base_url
    out = a.out or os.path.dirname(os.path.abspath(a.zip))

    scoop = {
        "version": a.version,
        "description": SUMMARY_EN,
        "homepage": homepage,
        "license": a.license,
        "architecture": {"64bit": {"url": url, "hash": digest, "extract_dir": folder}},
        "bin": "pdo.exe",
        "notes": COMPLETION_NOTE,
    }
    os.makedirs(os.path.join(out, "scoop"), exist_ok=True)
    with open(os.path.join(out, "scoop", "pdo.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(scoop, f, indent=4, ensure_ascii=False)
        f.write("\n")

    ident, ver = a.package_id, a.version
    publisher_dir, name_dir = ident.split(".", 1)
    wdir = os.path.join(out, "winget", "manifests", ident[0].lower(), publisher_dir, name_dir, ver)
    os.makedirs(wdir, exist_ok=True)
    common = {"PackageIdentifier": ident, "PackageVersion": ver}
    docs = {
        ident + ".yaml": yaml(dict(common, DefaultLocale="en-US", ManifestType="version", ManifestVersion=MANIFEST_VERSION), "version"),
        ident + ".locale.en-US.yaml": yaml(dict(common, PackageLocale="en-US", Publisher=a.publisher, PackageName="pdo",
                                                PackageUrl=homepage, License=a.license, ShortDescription=SUMMARY_EN,
                                                Description=DESCRIPTION_EN, Moniker="pdo",
                                                Tags=["pytorch", "distributed", "study", "git", "cli"],
                                                InstallationNotes=COMPLETION_NOTE,
                                                ManifestType="defaultLocale", ManifestVersion=MANIFEST_VERSION), "defaultLocale"),
        ident + ".locale.zh-CN.yaml": yaml(dict(common, PackageLocale="zh-CN", ShortDescription=SUMMARY_ZH,
                                                Description=DESCRIPTION_ZH, Tags=["pytorch", "分布式", "学习", "git"],
                                                ManifestType="locale", ManifestVersion=MANIFEST_VERSION), "locale"),
        ident + ".installer.yaml": yaml(dict(common, MinimumOSVersion="10.0.18362.0", InstallerType="zip",
                                             NestedInstallerType="portable",
                                             NestedInstallerFiles=[{"RelativeFilePath": folder + "\\pdo.exe", "PortableCommandAlias": "pdo"}],
                                             Installers=[{"Architecture": "x64", "InstallerUrl": url, "InstallerSha256": digest.upper()}],
                                             ManifestType="installer", ManifestVersion=MANIFEST_VERSION), "installer"),
    }
    for file, text in docs.items():
        with open(os.path.join(wdir, file), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print("%s\n%s (sha256 %s)" % (os.path.join(out, "scoop", "pdo.json"), wdir, digest))


if __name__ == "__main__":
    main()
