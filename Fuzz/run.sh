#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of Fuzz/ (see docs/development.md, "Fuzzing").
#
#   Fuzz/run.sh build                   build only (release, -sanitize=fuzzer,address, scratch path .build-fuzz)
#   Fuzz/run.sh list                    the targets, with what seeds them and what they check
#   Fuzz/run.sh TARGET [SECONDS] [-- LIBFUZZER-FLAGS...]
#                                       fuzz one target (default 120 s)
#   Fuzz/run.sh all [SECONDS]           fuzz every target in turn (default 30 s each); exit 1 if any failed
#   Fuzz/run.sh ci [SECONDS]            CI: replay every seed and finding (exit 1 on any failure), then explore
#                                       each target SECONDS, reporting (not failing on) what is found
#   Fuzz/run.sh repro TARGET FILE...    run a target once on saved inputs (a finding, a crash file)
#
# Seeds: the files of Fixtures/ with the target's extensions, plus Fuzz/seeds/TARGET/ (inputs Fixtures/ lacks) and
# Fuzz/findings/TARGET/ (reproducers of bugs found so far, run first on every start: a regression fails at once).
# New inputs go to .build-fuzz/corpus/TARGET, crashes and timeouts to .build-fuzz/findings/TARGET/. Fuzzers run
# under `nice -n ${FUZZ_NICE:-19}`. FUZZ_PLAIN_SWIFT_SYNTAX=1: swift-syntax uninstrumented (a much faster build).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch="$root/.build-fuzz"
# FUZZ_PLAIN_SWIFT_SYNTAX=1 (CI sets it): swift-syntax is compiled without sanitizers or optimization (by the
# compiler wrapper Fuzz/swiftc-plain-dependencies), in a build folder of its own; corpus and findings stay shared.
build_dir="$scratch"
[ "${FUZZ_PLAIN_SWIFT_SYNTAX:-0}" = 1 ] && build_dir="$root/.build-fuzz-plain"
binary="$build_dir/release/stringbridge-fuzz"

build() {
    local start=$SECONDS
    if [ "${FUZZ_PLAIN_SWIFT_SYNTAX:-0}" = 1 ]; then
        FUZZ_REAL_SWIFTC="${FUZZ_REAL_SWIFTC:-$(dirname "$(command -v swift)")/swiftc}" \
            SWIFT_EXEC="$root/Fuzz/swiftc-plain-dependencies" \
            swift build --package-path Fuzz --scratch-path "$build_dir" -c release \
            -Xswiftc -sanitize=fuzzer,address --product stringbridge-fuzz >&2
    else
        swift build --package-path Fuzz --scratch-path "$build_dir" -c release \
            -Xswiftc -sanitize=fuzzer,address --product stringbridge-fuzz >&2
    fi
    echo "fuzz build: $((SECONDS - start)) s" >&2
}

targets() { FUZZ_TARGET=list "$binary" | cut -d' ' -f1; }
extensions() { FUZZ_TARGET=list "$binary" | awk -v t="$1" '$1 == t { print $2 }'; }

# Fills .build-fuzz/seeds/TARGET with the fixtures (and findings) of the target; prints the folder.
seeds() {
    local target=$1 dir="$scratch/seeds/$1" ext
    rm -rf "$dir"
    mkdir -p "$dir"
    for ext in $(extensions "$target" | tr ',' ' '); do
        find "$root/Fixtures" -type f -name "*.$ext" -size -256k -print0 |
            while IFS= read -r -d '' file; do
                cp "$file" "$dir/$(printf '%s' "${file#"$root"/Fixtures/}" | tr '/' '_')"
            done
    done
    local extra
    for extra in seeds findings; do
        if [ -d "$root/Fuzz/$extra/$target" ]; then
            find "$root/Fuzz/$extra/$target" -type f ! -name '*.md' -exec cp {} "$dir/" \;
        fi
    done
    echo "$dir"
}

# Runs one target for $2 seconds; extra arguments go to libFuzzer.
fuzz() {
    local target=$1 seconds=$2
    shift 2
    if [ -z "$(extensions "$target")" ]; then
        echo "unknown target '$target'; targets: $(targets | tr '\n' ' ')" >&2
        return 2
    fi
    local seed_dir corpus="$scratch/corpus/$target" artifacts="$scratch/findings/$target/"
    seed_dir=$(seeds "$target")
    mkdir -p "$corpus" "$artifacts"
    local dict=()
    case "$target" in
        xliff* | stringsdict* | ib-code | infoplist-code) dict=(-dict="$root/Fuzz/dictionaries/xml.dict") ;;
        xcstrings* | runtime-table | generate-accessors) dict=(-dict="$root/Fuzz/dictionaries/json.dict") ;;
        strings*) dict=(-dict="$root/Fuzz/dictionaries/strings.dict") ;;
    esac
    echo "== $target: $seconds s, seeds $(find "$seed_dir" -type f | wc -l), corpus $(find "$corpus" -type f | wc -l)" >&2
    # detect_leaks=0: the Swift runtime's caches (metadata, conformances) are reachable only through globals that
    # LeakSanitizer does not always see; a leak in our code shows up as growing RSS (rss_limit_mb) instead.
    # SWIFT_BACKTRACE: the Swift backtracer reads the stack in a way ASan reports as an error of its own.
    FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" SWIFT_BACKTRACE=enable=no nice -n "${FUZZ_NICE:-19}" "$binary" \
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -max_len="${FUZZ_MAX_LEN:-65536}" -print_final_stats=1 -artifact_prefix="$artifacts" \
        "${dict[@]}" "$@" "$corpus" "$seed_dir"
}

command=${1:-}
case "$command" in
    build)
        build
        ;;
    list)
        [ -x "$binary" ] || build
        FUZZ_TARGET=list "$binary"
        ;;
    repro)
        [ $# -ge 3 ] || { echo "usage: Fuzz/run.sh repro TARGET FILE..." >&2; exit 2; }
        [ -x "$binary" ] || build
        target=$2
        shift 2
        FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" SWIFT_BACKTRACE=enable=no "$binary" -timeout="${FUZZ_TIMEOUT:-10}" "$@"
        ;;
    all)
        seconds=${2:-30}
        build
        failed=()
        for target in $(targets); do
            fuzz "$target" "$seconds" || failed+=("$target")
        done
        if [ ${#failed[@]} -gt 0 ]; then
            echo "fuzz: FAILED: ${failed[*]} (inputs in .build-fuzz/findings/)" >&2
            exit 1
        fi
        echo "fuzz: every target ran $seconds s without a finding" >&2
        ;;
    ci)
        # CI: every seed and saved finding of every target is run once (a regression fails the run), then each target
        # explores for SECONDS; what exploration finds is printed and saved, but does not fail the run (a new finding
        # of an old bug should not stop unrelated work from landing; it goes to Fuzz/findings/ with its fix).
        seconds=${2:-30}
        build
        failed=()
        for target in $(targets); do
            seed_dir=$(seeds "$target")
            echo "== $target: replaying $(find "$seed_dir" -type f | wc -l) seeds and findings" >&2
            FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" SWIFT_BACKTRACE=enable=no \
                "$binary" -runs=0 -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" "$seed_dir" \
                >"$scratch/replay-$target.log" 2>&1 || { cat "$scratch/replay-$target.log" >&2; failed+=("$target"); }
        done
        if [ ${#failed[@]} -gt 0 ]; then
            echo "fuzz: FAILED on seeds or saved findings: ${failed[*]}" >&2
            exit 1
        fi
        found=()
        for target in $(targets); do
            fuzz "$target" "$seconds" || found+=("$target")
        done
        if [ ${#found[@]} -gt 0 ]; then
            echo "fuzz: NEW FINDINGS (reported, not fatal in CI): ${found[*]} (inputs in .build-fuzz/findings/)" >&2
        else
            echo "fuzz: every seed and finding passed; every target explored $seconds s without a finding" >&2
        fi
        ;;
    "" | -h | --help | help)
        sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
        ;;
    *)
        target=$command
        seconds=${2:-120}
        shift $(($# >= 2 ? 2 : 1))
        [ "${1:-}" = "--" ] && shift
        [ -x "$binary" ] || build
        fuzz "$target" "$seconds" "$@"
        ;;
esac
