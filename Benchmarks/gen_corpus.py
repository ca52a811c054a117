#!/usr/bin/env python3
"""Makes a benchmark corpus: one large String Catalog and its XLIFF exports.

Standard library only; the same --seed gives the same files.

  OUT/Localizable.xcstrings   a String Catalog in Xcode's JSON layout (keys sorted by code point, which is not
                              always Xcode's order): plain strings, plurals (each language's CLDR
                              categories), device variations, substitutions with a plural variable; comments,
                              states, and a few untranslated (key, language) pairs
  OUT/xliff/<lang>.xliff      one XLIFF 1.2 file per language but the source language, in Xcode's dialect
                              (ids `key|==|plural.one`, `key|==|substitutions.count.plural.other`, …)

Usage:
  python3 Benchmarks/gen_corpus.py --keys 5000 --languages 20 --out bench-data/medium
  python3 Benchmarks/gen_corpus.py --keys 1100 --languages 40 --out bench-data/forty   # about 12 MB
  python3 Benchmarks/gen_corpus.py --keys 3000 --languages 40 --out bench-data/large   # about 33 MB
"""

import argparse
import json
import os
import random

SOURCE = "en"
LANGUAGES = [
    "en", "de", "fr", "ja", "ru", "ar", "zh-Hans", "pl", "es", "he", "uk", "ko", "it", "pt-BR", "cs", "tr", "nl",
    "sv", "hi", "th", "vi", "id", "el", "ro", "hu", "da", "fi", "nb", "sk", "hr", "ca", "ms", "zh-Hant", "pt-PT",
    "en-GB", "es-419", "fr-CA", "sl", "lt", "cy",
]
# CLDR cardinal categories for integers, by language (others: one, other).
CATEGORIES = {
    "ja": ["other"], "ko": ["other"], "zh-Hans": ["other"], "zh-Hant": ["other"], "th": ["other"],
    "vi": ["other"], "id": ["other"], "ms": ["other"],
    "ru": ["one", "few", "many", "other"], "uk": ["one", "few", "many", "other"],
    "pl": ["one", "few", "many", "other"], "cs": ["one", "few", "many", "other"],
    "sk": ["one", "few", "many", "other"], "lt": ["one", "few", "many", "other"],
    "ar": ["zero", "one", "two", "few", "many", "other"], "cy": ["zero", "one", "two", "few", "many", "other"],
    "he": ["one", "two", "other"], "sl": ["one", "two", "few", "other"],
    "ro": ["one", "few", "other"], "hr": ["one", "few", "other"],
    "fr": ["one", "many", "other"], "fr-CA": ["one", "many", "other"], "es": ["one", "many", "other"],
    "es-419": ["one", "many", "other"], "it": ["one", "many", "other"], "pt-BR": ["one", "many", "other"],
    "pt-PT": ["one", "many", "other"], "ca": ["one", "many", "other"],
}
WORDS = {
    "Latin": "photo album share folder settings account privacy backup upload download library payment profile "
             "message calendar reminder network device search archive".split(),
    "ar": "صورة ألبوم مشاركة مجلد الإعدادات الحساب الخصوصية".split(),
    "he": "תמונה אלבום שיתוף תיקייה הגדרות חשבון".split(),
    "ru": "фото альбом папка настройки аккаунт поиск архив".split(),
    "uk": "фото альбом тека налаштування обліковий пошук".split(),
    "ja": "写真 アルバム 共有 フォルダ 設定 アカウント".split(),
    "ko": "사진 앨범 공유 폴더 설정 계정".split(),
    "zh": "照片 相册 共享 文件夹 设置 账户".split(),
    "el": "φωτογραφία άλμπουμ κοινή φάκελος ρυθμίσεις".split(),
    "hi": "फ़ोटो एल्बम साझा फ़ोल्डर सेटिंग्स".split(),
    "th": "รูปภาพ อัลบั้ม แชร์ โฟลเดอร์ การตั้งค่า".split(),
}
EXTRAS = ["é", "ß", "ø", "ñ", "…", "—", "“quoted”", "\\", "\"", "\n", "👍🏽", "🇯🇵", "e\u0301"]
KEY_EXTRAS = [extra for extra in EXTRAS if extra not in ("\n", "\\", "\"")]
STATES = ["translated"] * 8 + ["needs_review", "new"]
XLIFF_STATES = {"translated": "translated", "needs_review": "needs-review-l10n", "new": "new"}


def words_for(language):
    for prefix in ("ar", "he", "ru", "uk", "ja", "ko", "zh", "el", "hi", "th"):
        if language.startswith(prefix):
            return WORDS[prefix]
    return WORDS["Latin"]


def phrase(rng, language, count=(1, 6), extras=EXTRAS):
    words = words_for(language)
    text = " ".join(rng.choice(words) for _ in range(rng.randint(*count)))
    if rng.random() < 0.15:
        text += " " + rng.choice(extras)
    return text[:1].upper() + text[1:]


def unit(value, state):
    return {"stringUnit": {"state": state, "value": value}}


def make_entry(rng, kind, languages):
    entry = {}
    if rng.random() < 0.5:
        entry["comment"] = phrase(rng, SOURCE, (2, 8))
    localizations = {}
    for language in languages:
        if language != SOURCE and rng.random() < 0.03:
            continue  # not translated yet
        state = "translated" if language == SOURCE else rng.choice(STATES)
        if kind == "plain":
            localizations[language] = unit(phrase(rng, language), state)
        elif kind == "plural":
            cases = {c: unit(f"%lld {phrase(rng, language, (1, 4))}", state) for c in CATEGORIES.get(language, ["one", "other"])}
            localizations[language] = {"variations": {"plural": cases}}
        elif kind == "device":
            devices = {d: unit(phrase(rng, language), state) for d in ("iphone", "ipad", "mac", "other")}
            localizations[language] = {"variations": {"device": devices}}
        else:
            cases = {c: unit(f"%arg {phrase(rng, language, (1, 3))}", state) for c in CATEGORIES.get(language, ["one", "other"])}
            localizations[language] = {
                "stringUnit": {"state": state, "value": f"{phrase(rng, language, (1, 3))}: %#@count@"},
                "substitutions": {"count": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": cases}}},
            }
    entry["localizations"] = localizations
    return entry


def catalog_json(value, indent=0):
    """JSON in Xcode's layout: two-space indent, `" : "`, members sorted."""
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{\n\n" + pad + "}"
        members = [
            f'{pad}  {json.dumps(key, ensure_ascii=False)} : {catalog_json(value[key], indent + 1)}'
            for key in sorted(value)
        ]
        return "{\n" + ",\n".join(members) + "\n" + pad + "}"
    return json.dumps(value, ensure_ascii=False)


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xliff_units(key, entry, language):
    """(id, source, target, state, note) of one entry, as Xcode exports it."""
    source = entry["localizations"][SOURCE]
    target = entry["localizations"].get(language)
    note = entry.get("comment")
    units = []

    def leaf(unit_id, source_unit, target_unit):
        value = target_unit["stringUnit"] if target_unit else None
        units.append((unit_id, source_unit["stringUnit"]["value"], value, note))

    if "stringUnit" in source:
        leaf(key, source, target)
    variations = source.get("variations", {})
    for kind in ("device", "plural"):
        source_cases = variations.get(kind, {})
        target_cases = (target or {}).get("variations", {}).get(kind, {})
        # A unit for every case of either language; a case the source lacks shows the source's `other`.
        for case in dict.fromkeys(list(source_cases) + list(target_cases)):
            leaf(f"{key}|==|{kind}.{case}", source_cases.get(case, source_cases.get("other")), target_cases.get(case))
    for name, substitution in source.get("substitutions", {}).items():
        target_cases = (target or {}).get("substitutions", {}).get(name, {}).get("variations", {}).get("plural", {})
        categories = list(dict.fromkeys(list(substitution["variations"]["plural"]) + list(target_cases)))
        for case in categories:
            source_case = substitution["variations"]["plural"].get(case, substitution["variations"]["plural"]["other"])
            leaf(f"{key}|==|substitutions.{name}.plural.{case}", source_case, target_cases.get(case))
    return units


def write_xliff(path, strings, language):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 '
        'http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">',
        f'  <file original="Localizable.xcstrings" source-language="{SOURCE}" target-language="{language}" '
        'datatype="plaintext">',
        "    <header>",
        '      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="26.4" build-num="17E192"/>',
        "    </header>",
        "    <body>",
    ]
    units = [u for key in strings for u in xliff_units(key, strings[key], language)]
    for unit_id, source, target, note in sorted(units, key=lambda u: u[0]):
        lines.append(f'      <trans-unit id="{xml(unit_id).replace(chr(34), "&quot;")}" xml:space="preserve">')
        lines.append(f"        <source>{xml(source)}</source>")
        if target is not None:
            state = XLIFF_STATES.get(target["state"], "translated")
            lines.append(f'        <target state="{state}">{xml(target["value"])}</target>')
        lines.append(f"        <note>{xml(note) if note else 'No comment provided by engineer.'}</note>")
        lines.append("      </trans-unit>")
    lines += ["    </body>", "  </file>", "</xliff>"]
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=5000)
    parser.add_argument("--languages", type=int, default=20, help=f"at most {len(LANGUAGES)}, the source included")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    languages = LANGUAGES[: max(1, min(options.languages, len(LANGUAGES)))]
    strings = {}
    while len(strings) < options.keys:
        roll = rng.random()
        kind = "plain" if roll < 0.80 else "plural" if roll < 0.92 else "device" if roll < 0.95 else "substitution"
        # Keys keep to printable characters: XML attributes (XLIFF ids) do not keep line breaks.
        key = phrase(rng, SOURCE, (1, 7), KEY_EXTRAS) + f" {len(strings)}"
        if kind in ("plural", "substitution"):
            key = "%lld " + key
        strings[key] = make_entry(rng, kind, languages)
    os.makedirs(os.path.join(options.out, "xliff"), exist_ok=True)
    catalog = {"sourceLanguage": SOURCE, "strings": strings, "version": "1.0"}
    with open(os.path.join(options.out, "Localizable.xcstrings"), "w", encoding="utf-8") as out:
        out.write(catalog_json(catalog) + "\n")
    for language in languages:
        if language != SOURCE:
            write_xliff(os.path.join(options.out, "xliff", f"{language}.xliff"), strings, language)
    size = os.path.getsize(os.path.join(options.out, "Localizable.xcstrings"))
    print(f"{options.out}: {len(strings)} keys, {len(languages)} languages, catalog {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
