#!/usr/bin/python3
"""OCR word recall of dumps rendered straight on without a screenshot.

    scripts/ocr-recall.py [--hierarchy BIN] [--json] [--jobs N] [--keep DIR [--reuse]] DUMP...

(--keep keeps the pictures in DIR; --reuse reads those already there instead of rendering again.)

Each dump is rendered with `hierarchy render DUMP --yaw 0 --pitch 0` (no
screenshot is given, so every view's texture is synthesized), the picture is read back with
tesseract, and the measure is the share of the dump's words that the OCR text holds:

- the dump's words: every text the dump holds (uiautomator `text` and `content-desc`; Appium
  `label` and `value`; recursiveDescription `text = '…'` and `title = '…'`), split on anything
  that is not a letter or a digit, lower-cased, words of one character and numbers of one or
  two digits left out, each word once;
- a word is found when it is one of the OCR's words; a word in a script written without spaces
  (Chinese, Japanese, Thai) when it is in the OCR text with the white space taken out.

tesseract runs with an environment of its own (PATH=/usr/bin:/bin, LANG=C.UTF-8) in English
plus the language of each other script the dump's words are written in, as a reader of that
language would read the screen: kana give Japanese; Han characters without kana give simplified
and traditional Chinese (Japanese where those models are not installed); Hangul Korean; Thai,
Arabic, Hebrew, Devanagari (Hindi), Tamil and Bengali their own. A dump without words is not rendered and not
counted in the average ("recall": null). --jobs N measures N dumps at a time. Prints one line
per dump and the average; with
--json, one JSON object instead. Exit status 0, or 1 when a dump cannot be rendered or read.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

CLEAN_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "OMP_THREAD_LIMIT": "1"}
SPACELESS = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
KANA = re.compile(r"[\u3040-\u30ff]")
HAN = re.compile(r"[\u3400-\u9fff]")
# Scripts other than Latin and the tesseract models that read them (Han is decided apart).
SCRIPTS = [(re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), ["kor"]), (re.compile(r"[\u0e00-\u0e7f]"), ["tha"]),
           (re.compile(r"[\u0600-\u06ff]"), ["ara"]), (re.compile(r"[\u0590-\u05ff]"), ["heb"]),
           (re.compile(r"[\u0900-\u097f]"), ["hin"]), (re.compile(r"[\u0b80-\u0bff]"), ["tam"]),
           (re.compile(r"[\u0980-\u09ff]"), ["ben"])]


def texts_of(path):
    """Every text the dump holds, in document order."""
    with open(path, "rb") as handle:
        data = handle.read()
    head = data[:400].decode("utf-8", "replace").lstrip()
    if head.startswith("<?xml") or head.startswith("<hierarchy") or head.startswith("<AppiumAUT") or head.startswith("<XCUIElementType"):
        root = ET.fromstring(data)
        keys = ["text", "content-desc"] if "hierarchy" in root.tag or root.find(".//node") is not None else ["label", "value"]
        return [element.get(key) for element in root.iter() for key in keys if element.get(key)]
    text = data.decode("utf-8", "replace")
    found = re.findall(r"(?:text|title) = '((?:[^'\\]|\\.|'(?![;>]))*)'", text)
    return [decode_escapes(value) for value in found]


def decode_escapes(value):
    """The recursiveDescription escapes a reader of the dump would decode (\\uXXXX, \\xNN, C escapes)."""
    try:
        return value.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("utf-16", "surrogatepass").decode("utf-16")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return value


def words_of(texts):
    words = []
    for text in texts:
        for word in re.findall(r"\w+", text.lower()):
            if len(word) < 2 or (word.isdigit() and len(word) < 3) or word in words:
                continue
            words.append(word)
    return words


def installed_languages():
    result = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, env=CLEAN_ENV)
    return set(result.stdout.split()[1:]) if result.returncode == 0 else set()


def languages_of(words, installed):
    """English plus the models of the scripts the words are written in ("eng+jpn", "eng+chi_sim+chi_tra")."""
    text = " ".join(words)
    chosen = ["eng"]
    if KANA.search(text):
        chosen.append("jpn")
    elif HAN.search(text):
        chosen += ["chi_sim", "chi_tra"] if {"chi_sim", "chi_tra"} <= installed else ["jpn"]
    for pattern, models in SCRIPTS:
        if pattern.search(text):
            chosen += models
    return "+".join(chosen)


def render(hierarchy, dump, png):
    command = [hierarchy, "render", dump, "--yaw", "0", "--pitch", "0", "--force", "-o", png]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{dump}: render failed: {result.stderr.strip()}")


def ocr(png, languages):
    result = subprocess.run(["tesseract", png, "-", "-l", languages], capture_output=True, text=True, env=CLEAN_ENV)
    if result.returncode != 0:
        raise RuntimeError(f"{png}: tesseract failed: {result.stderr.strip()}")
    return result.stdout


def recall(words, text):
    seen = set(re.findall(r"\w+", text.lower()))
    joined = re.sub(r"\s+", "", text.lower())
    found = [w for w in words if w in seen or (SPACELESS.search(w) and w in joined)]
    return found


def main(arguments):
    hierarchy = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "debug", "hierarchy")
    as_json, keep, reuse, jobs, dumps = False, None, False, 1, []
    iterator = iter(arguments)
    for argument in iterator:
        if argument == "--hierarchy":
            hierarchy = next(iterator)
        elif argument == "--json":
            as_json = True
        elif argument == "--keep":
            keep = next(iterator)
        elif argument == "--reuse":
            reuse = True
        elif argument == "--jobs":
            jobs = max(1, int(next(iterator)))
        else:
            dumps.append(argument)
    installed = installed_languages()

    def measure(dump, scratch):
        name = os.path.basename(dump)
        words = words_of(texts_of(dump))
        if not words:
            return {"dump": name, "words": 0, "found": 0, "recall": None, "missed": []}
        png = os.path.join(keep or scratch, os.path.splitext(name)[0] + ".png")
        if not (reuse and os.path.exists(png)):
            render(hierarchy, dump, png)
        languages = languages_of(words, installed)
        found = recall(words, ocr(png, languages))
        missed = [w for w in words if w not in found]
        return {"dump": name, "words": len(words), "found": len(found), "recall": len(found) / len(words), "languages": languages, "missed": missed}

    with tempfile.TemporaryDirectory() as scratch:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda dump: measure(dump, scratch), dumps))
    measured = [r["recall"] for r in results if r["recall"] is not None]
    average = sum(measured) / len(measured) if measured else 0
    if as_json:
        print(json.dumps({"average": average, "dumps": results}, ensure_ascii=False))
    else:
        for r in results:
            shown = "  -   " if r["recall"] is None else f"{r['recall'] * 100:5.1f}%"
            print(f"{shown}  {r['found']:3}/{r['words']:<3}  {r['dump']}")
        print(f"{average * 100:5.1f}%  average of the {len(measured)} dumps that hold words")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (RuntimeError, OSError, ET.ParseError) as error:
        print(f"ocr-recall: {error}", file=sys.stderr)
        sys.exit(1)
