#!/usr/bin/env python3
"""Browser tests of `stringbridge report` and `stringbridge edit` in a real Chromium (docs/editor.md, "Tests").

Python 3 standard library only: a WebDriver client over plain HTTP to chromedriver, and plain HTTP requests to the
editor. Run by .ci/run after `swift test`:

    python3 Tests/Browser/browser_tests.py --binary .build/debug/stringbridge [--screenshots docs/images]

Where chromium or chromedriver is missing the tests are skipped (exit 0), except under CI=true, where that is a
failure. Prints one line per test and `N passed, N failed` last.
"""

import argparse
import http.client
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.join(HERE, "..", "..", "Fixtures", "editor", "Project")


# ---------------------------------------------------------------------------------------------------------------
# WebDriver over HTTP


class WebDriverError(Exception):
    pass


class Browser:
    ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

    def __init__(self, chromium, chromedriver, width=1400, height=900):
        self.port = free_port()
        self.driver = subprocess.Popen(
            [chromedriver, "--port=%d" % self.port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while True:
            try:
                self._raw("GET", "/status")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        self.profile = tempfile.mkdtemp(prefix="sb-chromium-")
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=%d,%d" % (width, height), "--user-data-dir=" + self.profile,
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--hide-scrollbars", "--force-color-profile=srgb", "--lang=en-US"],
            },
            "pageLoadStrategy": "normal",
        }}}
        value = self._raw("POST", "/session", caps)
        self.session = value["sessionId"]
        self.command("POST", "/timeouts", {"script": 30000, "pageLoad": 30000, "implicit": 0})

    def _raw(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        payload = json.loads(response.read() or b"{}")
        connection.close()
        value = payload.get("value", payload)
        if response.status >= 400:
            raise WebDriverError("%s %s: %s" % (method, path, json.dumps(value)[:500]))
        return value

    def command(self, method, path, body=None):
        return self._raw(method, "/session/%s%s" % (self.session, path), body)

    def get(self, url):
        self.command("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.command("POST", "/execute/async", {"script": script, "args": list(args)})

    def find(self, css):
        value = self.command("POST", "/element", {"using": "css selector", "value": css})
        return value[self.ELEMENT]

    def click(self, element):
        self.command("POST", "/element/%s/click" % element, {})

    def type(self, element, text):
        self.command("POST", "/element/%s/value" % element, {"text": text})

    def keys(self, *sequence):
        """Presses keys together (a chord) through the Actions API: ("\ue009", "s") is Ctrl+S."""
        actions = [{"type": "keyDown", "value": key} for key in sequence]
        actions += [{"type": "keyUp", "value": key} for key in reversed(sequence)]
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def wait(self, script, timeout=10, *args):
        deadline = time.time() + timeout
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError("timed out waiting for: " + script)
            time.sleep(0.05)

    def screenshot(self, path):
        import base64
        data = self.command("GET", "/screenshot")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def quit(self):
        try:
            self.command("DELETE", "")
        except Exception:
            pass
        self.driver.terminate()
        try:
            self.driver.wait(10)
        except subprocess.TimeoutExpired:
            self.driver.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------------------------------------------
# The editor as a process


class Editor:
    def __init__(self, binary, root, environment=None):
        env = dict(os.environ)
        env.update(environment or {})
        self.process = subprocess.Popen(
            [binary, "edit", root], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
        if not match:
            self.stop()
            raise AssertionError("edit printed no URL: %r %r" % (line, self.process.stderr.read()))
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
        self.origin = "http://127.0.0.1:%d" % self.port
        self.cookie = "stringbridge-%d=%s" % (self.port, self.token)

    def request(self, method, path, body=None, headers=None, host=None):
        """A plain HTTP request; `host` replaces the Host header."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or "127.0.0.1:%d" % self.port)
        data = body.encode() if isinstance(body, str) else body
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if data is not None:
            connection.putheader("Content-Length", str(len(data)))
        connection.endheaders(data)
        response = connection.getresponse()
        payload = response.read()
        result = (response.status, dict(response.getheaders()), payload)
        connection.close()
        return result

    def stop(self, sig=None):
        if self.process.poll() is None:
            if sig is None:
                self.process.terminate()
            else:
                self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# ---------------------------------------------------------------------------------------------------------------
# Tests


class Context:
    def __init__(self, binary, chromium, chromedriver, screenshots):
        self.binary = os.path.abspath(binary)
        self.chromium = chromium
        self.chromedriver = chromedriver
        self.screenshots = screenshots
        self.browser = None

    def project(self):
        """A fresh copy of the test project; returns its folder (the App folder inside it)."""
        folder = tempfile.mkdtemp(prefix="sb-browser-")
        shutil.copytree(PROJECT, os.path.join(folder, "Project"))
        return os.path.join(folder, "Project")

    def run(self, *arguments, cwd=None):
        return subprocess.run([self.binary] + list(arguments), capture_output=True, text=True, cwd=cwd)

    def stats(self, root):
        result = self.run("stats", "App", "--format", "json", cwd=root)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    def shown_numbers(self):
        """The figures the page shows: {(file, language): {stat: number}}."""
        return self.browser.js("""
            const out = {};
            for (const section of document.querySelectorAll('section.table')) {
              for (const row of section.querySelectorAll('table.progress tbody tr')) {
                const cells = {};
                for (const cell of row.querySelectorAll('[data-stat]')) cells[cell.dataset.stat] = Number(cell.textContent);
                out[section.dataset.file + '\\u0000' + row.dataset.language] = cells;
              }
            }
            return out;""")

    def compare_with_stats(self, root):
        stats = self.stats(root)
        shown = self.shown_numbers()
        expected = {}
        for table in stats["tables"]:
            for row in table["languages"]:
                expected[table["file"] + "\u0000" + row["language"]] = {
                    k: row[k] for k in ("translated", "needsReview", "new", "missing", "stale", "keys",
                                        "wordsToTranslate")}
        assert shown == expected, "page %r != stats %r" % (shown, expected)
        assert len(expected) >= 6, expected


def test_report_numbers_and_offline(ctx):
    root = ctx.project()
    out = os.path.join(root, "report.html")
    result = ctx.run("report", "App", "-o", out, cwd=root)
    assert result.returncode == 0, result.stderr
    html = open(out, encoding="utf-8").read()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), "the report names an external resource"
    ctx.browser.get("file://" + out)
    ctx.browser.wait("return document.readyState === 'complete' && window.__sbRendered > 0")
    ctx.compare_with_stats(root)
    # Nothing was fetched: no resource entry at all.
    assert ctx.browser.js("return performance.getEntriesByType('resource').length") == 0
    # Arabic is shown right to left, plural coverage names Russian's missing 'few'.
    assert ctx.browser.js(
        "return [...document.querySelectorAll('table.findings td[lang=\"ar\"]')].every(td => td.dir === 'rtl')")
    few = ctx.browser.js(
        "const c = document.querySelector('section.table[data-kind=catalog] table.plurals tr[data-language=ru] "
        "[data-category=few]'); return c && c.textContent")
    assert few and few.endswith("0/3"), few
    rules = ctx.browser.js("return [...document.querySelectorAll('details.rule')].map(d => d.dataset.rule)")
    assert "plural-missing-category" in rules and "placeholder-mismatch" in rules, rules
    if ctx.screenshots:
        ctx.browser.js("document.querySelectorAll('details.rule, details.stale').forEach(d => d.open = true)")
        ctx.browser.screenshot(os.path.join(ctx.screenshots, "report.png"))


def test_report_baseline_marks_new(ctx):
    root = ctx.project()
    baseline = ctx.run("check", "App", "--format", "json", "--rule", "placeholder-mismatch", cwd=root)
    with open(os.path.join(root, "baseline.json"), "w") as handle:
        handle.write(baseline.stdout)
    out = os.path.join(root, "report.html")
    result = ctx.run("report", "App", "--baseline", "baseline.json", "-o", out, cwd=root)
    assert result.returncode == 0, result.stderr
    ctx.browser.get("file://" + out)
    ctx.browser.wait("return window.__sbRendered > 0")
    old = ctx.browser.js(
        "return document.querySelectorAll('details[data-rule=\"placeholder-mismatch\"] tr.is-new').length")
    fresh = ctx.browser.js(
        "return document.querySelectorAll('details[data-rule=\"plural-missing-category\"] tr.is-new').length")
    assert old == 0 and fresh >= 1, (old, fresh)


def open_editor(ctx, editor):
    ctx.browser.get(editor.url)
    ctx.browser.wait("return document.readyState === 'complete' && !!window.__sbEditor")
    # The token went into a cookie, and out of the address bar.
    assert "token" not in ctx.browser.js("return location.href")


def table_id(ctx, kind):
    return ctx.browser.js("return document.querySelector('section.table[data-kind=%s]').dataset.tableId" % kind)


def open_language(ctx, table, language):
    loaded = ctx.browser.js("return window.__sbLoaded || 0")
    ctx.browser.js("location.hash = arguments[0]", "#/t/%s/%s" % (table, language))
    ctx.browser.wait("return (window.__sbLoaded || 0) > arguments[0]", 10, loaded)


def choose_key(ctx, key):
    search = ctx.browser.find("#ed-search")
    ctx.browser.js("arguments[0].value = ''", {Browser.ELEMENT: search})
    ctx.browser.type(search, key)
    ctx.browser.wait("return window.__sbEditor.query() === arguments[0]", 10, key.lower())
    time.sleep(0.3)  # the search's debounce (60 ms) may filter once more
    rows = ctx.browser.js("return [...document.querySelectorAll('#ed-list .row .k')].map(e => e.textContent)")
    index = rows.index(key)
    ctx.browser.click(ctx.browser.find("#ed-list .row[data-i='%d']" % index))
    ctx.browser.wait("return document.querySelector('#ed-detail h3') && "
                     "document.querySelector('#ed-detail h3').textContent === arguments[0]", 10, key)


def edit_slot(ctx, path, text):
    area = ctx.browser.find("#ed-detail textarea[data-path='%s']" % path)
    checked = ctx.browser.js("return window.__sbChecked || 0")
    ctx.browser.js("arguments[0].value = ''", {Browser.ELEMENT: area})
    ctx.browser.type(area, text)
    ctx.browser.wait("return (window.__sbChecked || 0) > arguments[0]", 10, checked)
    return area


def test_editor_numbers_and_plural_edit(ctx):
    root = ctx.project()
    catalog = os.path.join(root, "App", "Localizable.xcstrings")
    # What the CLI writes for the same change: the catalog changed as data, then normalized by `convert`.
    data = json.load(open(catalog, encoding="utf-8"))
    data["strings"]["%lld files"]["localizations"]["ru"]["variations"]["plural"]["few"] = {
        "stringUnit": {"state": "translated", "value": "%lld файла"}}
    changed = os.path.join(root, "changed.xcstrings")
    json.dump(data, open(changed, "w", encoding="utf-8"), ensure_ascii=False)
    expected_path = os.path.join(root, "expected.xcstrings")
    result = ctx.run("convert", changed, "-o", expected_path)
    assert result.returncode == 0, result.stderr
    expected = open(expected_path, "rb").read()

    editor = Editor(ctx.binary, os.path.join(root, "App"))
    try:
        open_editor(ctx, editor)
        stats = json.loads(ctx.run("stats", os.path.join(root, "App"), "--format", "json").stdout)
        # The overview's figures are stats' (the editor was given an absolute path; so was stats).
        shown = ctx.shown_numbers()
        for table in stats["tables"]:
            for row in table["languages"]:
                cells = shown[table["file"] + "\u0000" + row["language"]]
                for key in ("translated", "needsReview", "new", "missing", "stale", "keys"):
                    assert cells[key] == row[key], (table["file"], row["language"], key, cells, row)
        open_language(ctx, table_id(ctx, "catalog"), "ru")
        choose_key(ctx, "%lld files")
        # Russian needs one, few, many and other: four fields, 'few' empty and flagged by check's rule.
        paths = ctx.browser.js("return [...document.querySelectorAll('#ed-detail textarea')].map(t => t.dataset.path)")
        assert paths == ["plural.one", "plural.few", "plural.many", "plural.other"], paths
        flagged = ctx.browser.js("return document.querySelector('#ed-key-findings').textContent")
        assert "plural-missing-category" in flagged, flagged
        edit_slot(ctx, "plural.few", "%lld файла")
        flagged = ctx.browser.js("return document.querySelector('#ed-detail').textContent")
        assert "plural-missing-category" not in flagged, flagged
        # Typed live: a placeholder mismatch appears as one types.
        edit_slot(ctx, "plural.many", "%@ файлов")
        assert "placeholder-mismatch" in ctx.browser.js(
            "return document.querySelector('.slot[data-path=\"plural.many\"] ul.live').textContent")
        edit_slot(ctx, "plural.many", "%lld файлов")
        if ctx.screenshots:
            ctx.browser.js("document.querySelector('#ed-search').value = ''; window.__sbEditor.filter('', 'all')")
            index = ctx.browser.js("return [...document.querySelectorAll('#ed-list .row .k')]"
                                   ".findIndex(e => e.textContent === '%lld files')")
            ctx.browser.click(ctx.browser.find("#ed-list .row[data-i='%d']" % index))
            ctx.browser.screenshot(os.path.join(ctx.screenshots, "editor.png"))
        saved = ctx.browser.js("return window.__sbSaved || 0")
        ctx.browser.keys("\ue009", "s")
        ctx.browser.wait("return (window.__sbSaved || 0) > arguments[0]", 15, saved)
        actual = open(catalog, "rb").read()
        assert actual == expected, "the editor wrote other bytes than the CLI"
        # Nothing but the editor's own origin was fetched.
        origins = ctx.browser.js(
            "return [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))]")
        assert origins in ([], [editor.origin]), origins
    finally:
        editor.stop()


def test_editor_legacy_edit_changes_only_that_line(ctx):
    root = ctx.project()
    path = os.path.join(root, "App", "Legacy", "ru.lproj", "Main.strings")
    before = open(path, encoding="utf-8").read()
    editor = Editor(ctx.binary, os.path.join(root, "App"))
    try:
        open_editor(ctx, editor)
        open_language(ctx, table_id(ctx, "legacy"), "ru")
        choose_key(ctx, "Save")
        edit_slot(ctx, "", "Сохранить всё")
        saved = ctx.browser.js("return window.__sbSaved || 0")
        ctx.browser.click(ctx.browser.find("#ed-save"))
        ctx.browser.wait("return (window.__sbSaved || 0) > arguments[0]", 15, saved)
    finally:
        editor.stop()
    after = open(path, encoding="utf-8").read()
    assert after == before.replace('"Save" = "Сохранить";', '"Save" = "Сохранить всё";'), after


def test_editor_save_warning_shown(ctx):
    """A save whose writer warns (a NUL in the comment the legacy editor copies) says so in the status line."""
    root = ctx.project()
    english = os.path.join(root, "App", "Legacy", "en.lproj", "Main.strings")
    text = open(english, encoding="utf-8").read()
    open(english, "w", encoding="utf-8").write(text.replace('"Cancel" = ', '/* Dismisses \u0000 the sheet */\n"Cancel" = '))
    # A table whose file the writer writes whole (no comment of its own to copy the layout from).
    russian = os.path.join(root, "App", "Legacy", "ru.lproj", "Main.strings")
    open(russian, "w", encoding="utf-8").write('"Save" = "Сохранить";\n')
    editor = Editor(ctx.binary, os.path.join(root, "App"))
    try:
        open_editor(ctx, editor)
        open_language(ctx, table_id(ctx, "legacy"), "ru")
        choose_key(ctx, "Cancel")
        edit_slot(ctx, "", "Отмена")
        saved = ctx.browser.js("return window.__sbSaved || 0")
        ctx.browser.click(ctx.browser.find("#ed-save"))
        ctx.browser.wait("return (window.__sbSaved || 0) > arguments[0]", 15, saved)
        # The status line is written once the saved table is shown again (after "Loading…").
        ctx.browser.wait("const t = document.querySelector('#ed-status').textContent;"
                         " return t === 'Saved' || t.startsWith('Saved, with warnings: ')", 15)
        status = ctx.browser.js("return document.querySelector('#ed-status').textContent")
        assert status.startswith("Saved, with warnings: "), status
        assert '"Cancel" (ru): the comment holds U+0000' in status, status
        assert ctx.browser.js("return document.querySelector('#ed-status').classList.contains('bad')")
        if ctx.screenshots:
            ctx.browser.screenshot(os.path.join(ctx.screenshots, "editor-save-warning.png"))
    finally:
        editor.stop()
    written = open(russian, encoding="utf-8").read()
    assert written == '"Save" = "Сохранить";\n\n/* Dismisses  the sheet */\n"Cancel" = "Отмена";\n', written


def test_editor_conflict(ctx):
    root = ctx.project()
    catalog = os.path.join(root, "App", "Localizable.xcstrings")
    editor = Editor(ctx.binary, os.path.join(root, "App"))
    try:
        open_editor(ctx, editor)
        open_language(ctx, table_id(ctx, "catalog"), "de")
        choose_key(ctx, "Welcome")
        edit_slot(ctx, "", "Herzlich willkommen")
        # Another program changes the catalog meanwhile (an import, a git pull).
        data = json.load(open(catalog, encoding="utf-8"))
        data["strings"]["Welcome"]["localizations"]["de"]["stringUnit"]["value"] = "Willkommen!"
        changed = os.path.join(root, "other.xcstrings")
        json.dump(data, open(changed, "w", encoding="utf-8"), ensure_ascii=False)
        assert ctx.run("convert", changed, "-o", catalog).returncode == 0
        on_disk = open(catalog, "rb").read()
        conflicts = ctx.browser.js("return window.__sbConflict || 0")
        ctx.browser.click(ctx.browser.find("#ed-save"))
        ctx.browser.wait("return (window.__sbConflict || 0) > arguments[0]", 15, conflicts)
        assert ctx.browser.js("return !document.querySelector('#ed-conflict').hidden")
        assert "changed on disk" in ctx.browser.js("return document.querySelector('#ed-conflict').textContent")
        assert open(catalog, "rb").read() == on_disk, "the editor overwrote a file changed on disk"
        ctx.browser.click(ctx.browser.find("#ed-reload"))
        ctx.browser.wait("return document.querySelector('#ed-conflict').hidden")
        choose_key(ctx, "Welcome")
        value = ctx.browser.js("return document.querySelector('#ed-detail textarea').value")
        assert value == "Willkommen!", value
    finally:
        editor.stop()


def test_security_plain_http(ctx):
    root = ctx.project()
    catalog = os.path.join(root, "App", "Localizable.xcstrings")
    before = open(catalog, "rb").read()
    editor = Editor(ctx.binary, os.path.join(root, "App"))
    try:
        cookie = {"Cookie": editor.cookie}
        status, _, _ = editor.request("GET", "/")
        assert status == 403, ("no token", status)
        status, _, _ = editor.request("GET", "/?token=" + "0" * 64)
        assert status == 403, ("wrong token", status)
        status, _, _ = editor.request("GET", "/api/table?table=t0&language=ru")
        assert status == 403, ("api without token", status)
        status, _, _ = editor.request("GET", "/api/table?table=t0&language=ru", headers={"Cookie": "stringbridge-%d=%s" % (editor.port, "f" * 64)})
        assert status == 403, ("api with a wrong cookie", status)
        status, headers, _ = editor.request("GET", "/?token=" + editor.token)
        assert status == 303, status
        set_cookie = headers.get("Set-Cookie", "")
        assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and editor.token in set_cookie, set_cookie
        status, _, _ = editor.request("GET", "/", headers=cookie)
        assert status == 200, status
        for host in ("evil.example:%d" % editor.port, "localhost:%d" % editor.port, "127.0.0.1", "127.0.0.1:1"):
            status, _, _ = editor.request("GET", "/", headers=cookie, host=host)
            assert status == 421, (host, status)
            status, _, _ = editor.request("GET", "/?token=" + editor.token, host=host)
            assert status == 421, (host, status)
        status, _, body = editor.request("GET", "/api/table?table=t0&language=ru", headers=cookie)
        assert status == 200, (status, body[:200])
        revision = json.loads(body)["revision"]
        save = json.dumps({"table": "t0", "revision": revision, "changes": [
            {"key": "Welcome", "language": "ru", "path": "", "value": "Взлом"}]})
        for headers in ({"Origin": "http://evil.example"}, {"Origin": "http://127.0.0.1:%d" % (editor.port + 1)},
                        {"Origin": "null"}, {}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                        {"Origin": editor.origin, "Sec-Fetch-Site": "cross-site"}):
            status, _, _ = editor.request("POST", "/api/save", save, headers=dict(cookie, **headers, **{
                "Content-Type": "application/json"}))
            assert status == 403, (headers, status)
        # A form post (no JSON) from the right origin is refused too.
        status, _, _ = editor.request("POST", "/api/save", save, headers=dict(cookie, Origin=editor.origin, **{
            "Content-Type": "text/plain"}))
        assert status == 415, status
        assert open(catalog, "rb").read() == before, "a refused request changed the file"
        # Tables are ids: a path is no table.
        status, _, _ = editor.request("GET", "/api/table?table=..%2F..%2Fetc%2Fpasswd&language=ru", headers=cookie)
        assert status == 404, status
        status, _, _ = editor.request("GET", "/etc/passwd", headers=cookie)
        assert status == 404, status
        # The real page's request goes through.
        status, _, body = editor.request("POST", "/api/save", save, headers=dict(cookie, Origin=editor.origin, **{
            "Content-Type": "application/json"}))
        assert status == 200, (status, body)
        assert "Взлом".encode() in open(catalog, "rb").read()
    finally:
        editor.stop()


def test_security_from_a_foreign_page(ctx):
    """A page of another origin (another port of 127.0.0.1: the same site, so the cookie goes along) cannot save
    and cannot read."""
    root = ctx.project()
    catalog = os.path.join(root, "App", "Localizable.xcstrings")
    before = open(catalog, "rb").read()
    editor = Editor(ctx.binary, os.path.join(root, "App"))

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!DOCTYPE html><title>elsewhere</title><p>another site"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    foreign = http.server.HTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=foreign.serve_forever, daemon=True)
    thread.start()
    try:
        open_editor(ctx, editor)
        ctx.browser.get("http://127.0.0.1:%d/" % foreign.server_address[1])
        outcome = ctx.browser.js_async("""
            const done = arguments[arguments.length - 1];
            const base = arguments[0];
            const body = JSON.stringify({table: 't0', revision: 'x', changes: [
              {key: 'Welcome', language: 'ru', path: '', value: 'pwned'}]});
            const results = {};
            fetch(base + '/api/save', {method: 'POST', mode: 'no-cors', credentials: 'include',
                                       headers: {'Content-Type': 'text/plain'}, body})
              .then(() => { results.post = 'sent'; }, (e) => { results.post = 'error'; })
              .then(() => fetch(base + '/api/table?table=t0&language=ru', {credentials: 'include'}))
              .then((r) => r.text().then((t) => { results.read = 'read ' + t.length; }),
                    (e) => { results.read = 'blocked'; })
              .then(() => done(results));""", editor.origin)
        assert outcome["read"] == "blocked", outcome
        assert open(catalog, "rb").read() == before, "a foreign page changed the file"
    finally:
        foreign.shutdown()
        editor.stop()


def test_kill_during_save_leaves_old_or_new(ctx):
    root = ctx.project()
    catalog = os.path.join(root, "App", "Localizable.xcstrings")
    before = open(catalog, "rb").read()
    import signal
    for sig in (signal.SIGTERM, signal.SIGKILL):
        editor = Editor(ctx.binary, os.path.join(root, "App"), {"STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME": "3"})
        try:
            cookie = {"Cookie": editor.cookie}
            status, _, body = editor.request("GET", "/api/table?table=t0&language=ru", headers=cookie)
            revision = json.loads(body)["revision"]
            save = json.dumps({"table": "t0", "revision": revision, "changes": [
                {"key": "Welcome", "language": "ru", "path": "", "value": "Привет"}]})
            thread = threading.Thread(target=lambda: _ignore(lambda: editor.request(
                "POST", "/api/save", save, headers=dict(cookie, Origin=editor.origin, **{
                    "Content-Type": "application/json"}))))
            thread.start()
            time.sleep(1.5)
            editor.stop(sig)
            thread.join(10)
        finally:
            editor.stop()
        assert open(catalog, "rb").read() == before, "a killed save left another file"
        leftovers = [n for n in os.listdir(os.path.dirname(catalog)) if "stringbridge-" in n]
        if sig == signal.SIGTERM:
            assert leftovers == [], leftovers
        for name in leftovers:
            os.remove(os.path.join(os.path.dirname(catalog), name))


def _ignore(body):
    try:
        body()
    except Exception:
        pass


TESTS = [
    test_report_numbers_and_offline,
    test_report_baseline_marks_new,
    test_editor_numbers_and_plural_edit,
    test_editor_legacy_edit_changes_only_that_line,
    test_editor_save_warning_shown,
    test_editor_conflict,
    test_security_plain_http,
    test_security_from_a_foreign_page,
    test_kill_during_save_leaves_old_or_new,
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/debug/stringbridge")
    parser.add_argument("--screenshots", help="save report.png and editor.png here")
    parser.add_argument("-k", help="run only tests whose name contains this")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        if os.environ.get("CI") == "true":
            print("error: chromium and chromedriver are needed for the browser tests under CI "
                  "(apt-get install chromium chromium-driver)", file=sys.stderr)
            print("0 passed, 1 failed")
            return 1
        print("browser tests skipped: chromium or chromedriver not found (apt-get install chromium chromium-driver)")
        return 0
    if not os.path.exists(args.binary):
        print("error: no stringbridge binary at %s (swift build first)" % args.binary, file=sys.stderr)
        return 1
    ctx = Context(args.binary, chromium, chromedriver, args.screenshots)
    passed = failed = 0
    ctx.browser = Browser(chromium, chromedriver)
    try:
        for test in TESTS:
            if args.k and args.k not in test.__name__:
                continue
            started = time.time()
            try:
                test(ctx)
                passed += 1
                print("PASS %s (%.1f s)" % (test.__name__, time.time() - started))
            except Exception:
                failed += 1
                print("FAIL %s" % test.__name__)
                traceback.print_exc()
            sys.stdout.flush()
    finally:
        ctx.browser.quit()
    print("browser tests: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
