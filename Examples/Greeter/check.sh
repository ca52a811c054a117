#!/usr/bin/env bash
# Builds the Greeter example, runs it in English, Russian, Arabic and Japanese and compares what it prints with
# expected/<language>.txt (every CLDR plural category of the four languages), so a wrong plural fails CI. The
# example's build must compile neither swift-syntax nor libxml2's wrapper (the plugin's tool needs neither).
set -euo pipefail
cd "$(dirname "$0")"

log=$(mktemp)
output=$(mktemp)
trap 'rm -f "$log" "$output"' EXIT
swift build 2>&1 | tee "$log"
if grep -qE "Compiling (SwiftSyntax|SwiftParser|XMLSupport|PropertyListSupport|SwiftCodeReader)" "$log" \
    || find .build -name 'SwiftSyntax.swiftmodule' -o -name 'XMLSupport.swiftmodule' | grep -q .; then
    echo "error: the example's build compiled swift-syntax or XMLSupport" >&2
    exit 1
fi
# Nor the editor's server (FlyingFox) or the report: the CLI alone links them.
if grep -qE "Compiling (FlyingFox|FlyingSocks|CatalogEditorServer|CatalogReport)" "$log"; then echo "error: the example's build compiled the editor's server or report" >&2; exit 1; fi
for language in en ru ar ja; do
    STRINGBRIDGE_LANGUAGES=$language swift run --skip-build Greeter > "$output"
    if ! diff -u "expected/$language.txt" "$output"; then
        echo "error: Greeter printed other text in $language (above: expected, then printed)" >&2
        exit 1
    fi
    echo "Greeter ($language): as expected"
done
