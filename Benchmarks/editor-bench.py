#!/usr/bin/env python3
"""Times `stringbridge edit` and `stringbridge report` in a real Chromium (Benchmarks/README.md, "Report and editor").

  python3 Benchmarks/editor-bench.py --binary .build/release/stringbridge \
      [--keys 10000 --langs 40] [--report-catalog PATH] [--runs 5]

1. Makes a catalog of --keys keys in --langs languages with ../shared/bench/gen_corpus.py (kept in bench-data/).
2. Starts `stringbridge edit` on it (time until it prints its URL), opens the page in headless Chromium, and opens
   one language's keys --runs times: the time from asking (the page's hash changes) to the list being rendered
   (fetch, JSON parse, the virtualised list and the first key's editor drawn), as the page measures it and as seen
   from outside (WebDriver's round trip included).
3. Filters the open table (search words, each filter button) --runs times each: the time to filter the keys and
   render the list, measured in the page.
4. Writes the report of --report-catalog (default: the largest catalog of ../shared/corpus) and loads it from disk
   --runs times: the navigation's load event end and first contentful paint.

Needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver). Python standard library only.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "Browser"))
import browser_tests  # noqa: E402


def largest_catalog(root):
    best = (0, None)
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".xcstrings"):
                path = os.path.join(folder, name)
                best = max(best, (os.path.getsize(path), path))
    return best[1]


def summary(values):
    return "median %.1f ms, best %.1f ms, worst %.1f ms (%d runs)" % (
        statistics.median(values), min(values), max(values), len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/stringbridge")
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--langs", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    parser.add_argument("--report-catalog")
    parser.add_argument("--language", default="ru", help="the language opened (default ru, with CLDR plurals)")
    args = parser.parse_args()
    import shutil
    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        sys.exit("needs chromium and chromedriver")
    binary = os.path.abspath(args.binary)
    shared = os.path.abspath(args.shared)
    if not os.path.isdir(shared):
        shared = "/work/shared"
    corpus = os.path.join("bench-data", "editor-%dx%d" % (args.keys, args.langs))
    catalog = os.path.join(corpus, "Localizable.xcstrings")
    if not os.path.exists(catalog):
        subprocess.run([sys.executable, os.path.join(shared, "bench", "gen_corpus.py"), "--keys", str(args.keys),
                        "--langs", str(args.langs), "--out", corpus], check=True, stdout=subprocess.DEVNULL)
    print("catalog: %s (%.1f MB, %d keys x %d languages)" % (
        catalog, os.path.getsize(catalog) / 1e6, args.keys, args.langs))

    browser = browser_tests.Browser(chromium, chromedriver)
    try:
        started = time.time()
        editor = browser_tests.Editor(binary, os.path.abspath(catalog))
        print("edit: URL printed after %.2f s (catalog read and checked)" % (time.time() - started))
        try:
            browser.get(editor.url)
            browser.wait("return !!window.__sbEditor", 60)
            languages = browser.js("return [...document.querySelectorAll('table.progress tbody tr')]"
                                   ".map(r => r.dataset.language)")
            language = args.language if args.language in languages else languages[-1]
            inside, outside = [], []
            for run in range(args.runs):
                browser.js("location.hash = ''")
                loaded = browser.js("return window.__sbLoaded || 0")
                begin = time.time()
                browser.js("location.hash = arguments[0]", "#/t/t0/" + language)
                browser.wait("return (window.__sbLoaded || 0) > arguments[0]", 60, loaded)
                outside.append((time.time() - begin) * 1000)
                inside.append(browser.js("return window.__sbLoadMs"))
            rows = browser.js("return window.__sbEditor.rows()")
            print("open %s (%d keys): in the page %s" % (language, rows, summary(inside)))
            print("open %s: seen from WebDriver %s" % (language, summary(outside)))
            for query, kind in [("", "untranslated"), ("", "review"), ("", "findings"), ("", "stale"),
                                ("welcome", "all"), ("%lld", "all"), ("zzzz-no-match", "all"), ("", "all")]:
                times = [browser.js("return window.__sbEditor.filter(arguments[0], arguments[1])", query, kind)
                         for _ in range(args.runs)]
                print("filter %-13s search %-15r -> %5d keys: %s" % (
                    kind, query, browser.js("return window.__sbEditor.rows()"), summary(times)))
        finally:
            editor.stop()

        report_catalog = args.report_catalog or largest_catalog(os.path.join(shared, "corpus"))
        out = os.path.abspath(os.path.join("bench-data", "report-largest.html"))
        begin = time.time()
        subprocess.run([binary, "report", report_catalog, "-o", out], check=True)
        print("report of %s (%.1f MB): written in %.2f s, %.1f MB of HTML" % (
            report_catalog, os.path.getsize(report_catalog) / 1e6, time.time() - begin, os.path.getsize(out) / 1e6))
        loads, paints = [], []
        for run in range(args.runs):
            browser.get("about:blank")
            browser.get("file://" + out)
            browser.wait("return document.readyState === 'complete'", 30)
            timing = browser.js(
                "const n = performance.getEntriesByType('navigation')[0];"
                "const p = performance.getEntriesByName('first-contentful-paint')[0];"
                "return [n.loadEventEnd, p ? p.startTime : -1]")
            loads.append(timing[0])
            paints.append(timing[1])
        print("report in Chromium: load event end %s" % summary(loads))
        print("report in Chromium: first contentful paint %s" % summary(paints))
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
