#!/usr/bin/env python3
"""Build the word lists in this folder from maintained dictionary packages.

    python3 wordlists/build.py            # fetch the pinned packages, rewrite the lists
    python3 wordlists/build.py --from DIR # use packages already in DIR (no network)

Sources (pinned; wordlists/README.md names their licences):
  * English: the Debian package `wamerican` (SCOWL size 50, American
    spelling), fetched with `apt-get download`.
  * Korean: the Python package `python-mecab-ko-dic` (the compiled
    mecab-ko-dic dictionary), fetched with `pip download --no-deps`.

Every list is plain UTF-8, one entry a line, after a few `#` comment lines
that say where it came from; entries are sorted by code point. The script
uses the standard library only and is deterministic: the same packages give
byte-identical files.
"""

import argparse
import glob
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

WAMERICAN = ("wamerican", "2020.12.07-2")
MECAB_KO_DIC = ("python-mecab-ko-dic", "2.1.1.post2")

# mecab-ko-dic gives every entry its word cost. Entries that occurred in
# the dictionary's training corpus got a learned cost; the rest got the
# default cost of their class, 2639 for a common noun. A learned cost below
# that default is the mark of a noun seen in running text.
DEFAULT_NOUN_COST = 2639

HANGUL_WORD = re.compile("[\uac00-\ud7a3]+")
ENGLISH_WORD = re.compile("[a-z]{2,}")


def fetch(workdir):
    """Download the pinned packages into workdir."""
    name, version = WAMERICAN
    subprocess.run(["apt-get", "download", f"{name}={version}"], cwd=workdir, check=True)
    name, version = MECAB_KO_DIC
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-d", workdir, f"{name}=={version}"],
        check=True,
    )


def one(pattern):
    hits = sorted(glob.glob(pattern))
    if len(hits) != 1:
        sys.exit(f"build.py: expected one file matching {pattern}, found {len(hits)}")
    return hits[0]


def english_words(workdir, scratch):
    """Lowercase ASCII words of two or more letters: capitalised entries
    (proper nouns), possessives and accented spellings are dropped."""
    deb = one(os.path.join(workdir, f"{WAMERICAN[0]}_{WAMERICAN[1]}_*.deb"))
    out = os.path.join(scratch, "wamerican")
    subprocess.run(["dpkg-deb", "-x", deb, out], check=True)
    with open(os.path.join(out, "usr/share/dict/american-english"), encoding="utf-8") as f:
        return sorted({w for w in (line.strip() for line in f) if ENGLISH_WORD.fullmatch(w)})


def mecab_features(sys_dic):
    """(feature, word cost) of every token of a compiled MeCab dictionary.

    The file is a 72-byte header (ten little-endian u32: magic, version,
    type, lexicon size, left and right context sizes, then the byte sizes
    of the double array, the token table and the feature block; then a
    32-byte charset name), the double array, the token table (16 bytes a
    token: left id u16, right id u16, part-of-speech id u16, word cost
    i16, feature offset u32, compound u32) and the feature block of
    NUL-terminated strings."""
    with open(sys_dic, "rb") as f:
        data = f.read()
    header = struct.unpack_from("<10I", data, 0)
    darray, tokens, features = header[6], header[7], header[8]
    charset = data[40:72].split(b"\0")[0].decode("ascii")
    if charset.upper() != "UTF-8":
        sys.exit(f"build.py: {sys_dic} is in {charset}, expected UTF-8")
    token_start = 72 + darray
    feature_start = token_start + tokens
    if feature_start + features > len(data):
        sys.exit(f"build.py: {sys_dic} is shorter than its header says")
    for i in range(tokens // 16):
        _, _, _, cost, offset, _ = struct.unpack_from("<HHHhII", data, token_start + 16 * i)
        start = feature_start + offset
        end = data.index(b"\0", start)
        yield data[start:end].decode("utf-8"), cost


def korean_nouns(workdir, scratch):
    """(plain nouns, compound nouns) from mecab-ko-dic's common nouns (NNG).

    A mecab-ko-dic feature is `POS,semantic class,has final,reading,type,
    first POS,last POS,expression`; for a compound (`type` = Compound) the
    expression lists its parts, `가방/NNG/*+끈/NNG/*`."""
    name, version = MECAB_KO_DIC
    wheel = one(os.path.join(workdir, f"{name.replace('-', '_')}-{version}-*.whl"))
    out = os.path.join(scratch, "mecab")
    with zipfile.ZipFile(wheel) as z:
        z.extract("mecab_ko_dic/dictionary/sys.dic", out)
    plain, compound = {}, set()
    for feature, cost in mecab_features(os.path.join(out, "mecab_ko_dic/dictionary/sys.dic")):
        fields = feature.split(",")
        if len(fields) < 8 or fields[0] != "NNG" or not HANGUL_WORD.fullmatch(fields[3]):
            continue
        word, kind, parts = fields[3], fields[4], fields[7]
        if kind == "*" and fields[1] == "*":
            plain[word] = min(cost, plain.get(word, cost))
        elif kind == "Compound" and len(word) >= 4:
            pieces = [p.split("/") for p in parts.split("+")]
            # Every part a common noun, and the parts spell the word.
            if all(len(p) == 3 and p[1] == "NNG" for p in pieces) and "".join(p[0] for p in pieces) == word:
                compound.add(word)
    common = sorted(w for w, c in plain.items() if c < DEFAULT_NOUN_COST)
    return common, sorted(compound)


def write(name, header, words):
    path = os.path.join(HERE, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in header:
            f.write(f"# {line}\n")
        for w in words:
            f.write(w + "\n")
    print(f"{name}: {len(words)} entries")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", help="a folder that already holds the packages")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.source or tmp
        if not args.source:
            fetch(workdir)
        english = english_words(workdir, tmp)
        plain, compound = korean_nouns(workdir, tmp)
    wam = f"Debian package {WAMERICAN[0]} {WAMERICAN[1]} (SCOWL), /usr/share/dict/american-english"
    mecab = f"Python package {MECAB_KO_DIC[0]} {MECAB_KO_DIC[1]} (mecab-ko-dic 2.1.1, Apache-2.0)"
    write(
        "en.txt",
        [f"source: {wam}", "filter: lowercase ASCII letters only, 2+ letters (no proper nouns, no possessives)"],
        english,
    )
    write(
        "ko_noun.txt",
        [
            f"source: {mecab}",
            f"filter: common nouns (NNG), not compounds, Hangul only, seen in the training corpus (word cost < {DEFAULT_NOUN_COST})",
        ],
        plain,
    )
    write(
        "ko_compound.txt",
        [
            f"source: {mecab}",
            "filter: compound common nouns (NNG, type Compound) whose parts are all common nouns, Hangul only, 4+ syllables",
        ],
        compound,
    )


if __name__ == "__main__":
    main()
