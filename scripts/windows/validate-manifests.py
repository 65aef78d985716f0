#!/usr/bin/env python3
"""Checks the manifests manifests.py wrote against the schemas kept in scripts/windows/schemas/.

    validate-manifests.py DIR [--zip ZIP --base-url URL]

DIR holds scoop/pdo.json and winget/manifests/…/*.yaml. Each file is validated with its published JSON
schema (Scoop's schema.json; winget's version, defaultLocale, locale and installer schemas 1.10.0, chosen by
the file's ManifestType); the winget files must name one package and version, and with --zip every URL must
be BASE_URL/<zip name> and every hash the zip's SHA-256. Exit code 1 and one line per problem otherwise.
Needs python3-jsonschema and python3-yaml (Debian).
"""
import argparse
import glob
import hashlib
import json
import os
import sys

import jsonschema
import yaml

SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas")
WINGET = {t: "manifest.%s.1.10.0.json" % t for t in ("version", "defaultLocale", "locale", "installer")}


def load_schema(name):
    with open(os.path.join(SCHEMAS, name), encoding="utf-8") as f:
        return json.load(f)


def errors_of(document, schema_name, label):
    validator = jsonschema.Draft7Validator(load_schema(schema_name), format_checker=jsonschema.FormatChecker())
    return ["%s: %s: %s" % (label, "/".join(str(p) for p in e.absolute_path) or "(top)", e.message)
            for e in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dir")
    p.add_argument("--zip")
    p.add_argument("--base-url")
    a = p.parse_args()
    problems = []

    scoop_file = os.path.join(a.dir, "scoop", "pdo.json")
    if not os.path.isfile(scoop_file):
        problems.append("%s: missing" % scoop_file)
        scoop = None
    else:
        with open(scoop_file, encoding="utf-8") as f:
            scoop = json.load(f)
        problems += errors_of(scoop, "scoop.schema.json", scoop_file)

    winget_files = sorted(glob.glob(os.path.join(a.dir, "winget", "manifests", "**", "*.yaml"), recursive=True))
    docs = {}
    for path in winget_files:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        kind = doc.get("ManifestType") if isinstance(doc, dict) else None
        if kind not in WINGET:
            problems.append("%s: unknown ManifestType %r" % (path, kind))
            continue
        problems += errors_of(doc, WINGET[kind], path)
        docs.setdefault(kind, []).append((path, doc))
    for kind in ("version", "defaultLocale", "installer"):
        if len(docs.get(kind, [])) != 1:
            problems.append("winget: %d %s manifest(s), want 1" % (len(docs.get(kind, [])), kind))
    ids = {(d.get("PackageIdentifier"), d.get("PackageVersion")) for files in docs.values() for _, d in files}
    if len(ids) > 1:
        problems.append("winget: the files name different packages or versions: %s" % sorted(ids))

    if a.zip:
        h = hashlib.sha256()
        with open(a.zip, "rb") as f:
            h.update(f.read())
        digest = h.hexdigest()
        url = (a.base_url or "").rstrip("/") + "/" + os.path.basename(a.zip)
        if scoop is not None:
            arch = scoop.get("architecture", {}).get("64bit", {})
            if arch.get("hash", "").lower() != digest:
                problems.append("%s: hash is not the zip's SHA-256 %s" % (scoop_file, digest))
            if arch.get("url") != url:
                problems.append("%s: url %r is not %r" % (scoop_file, arch.get("url"), url))
        for path, doc in docs.get("installer", []):
            for inst in doc.get("Installers", []):
                if inst.get("InstallerSha256", "").lower() != digest:
                    problems.append("%s: InstallerSha256 is not the zip's SHA-256 %s" % (path, digest))
                if inst.get("InstallerUrl") != url:
                    problems.append("%s: InstallerUrl %r is not %r" % (path, inst.get("InstallerUrl"), url))

    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        return 1
    print("manifests valid: %s, %d winget file(s)" % (scoop_file, len(winget_files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
