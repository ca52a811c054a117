#!/usr/bin/env python3
"""Writes the binary .stringsdict fixtures (Xcode compiles .stringsdict files to binary property lists in built
apps). Run from anywhere; outputs are committed, and the tests do not need Python.

- read/binary.stringsdict: a table with every rule kind and member type a .stringsdict keeps, as plistlib writes it
  in binary; read/binary.xml is plistlib's XML form of the same value, which the reader + writer must give back.
- invalid/binary-*.stringsdict: binary files the reader refuses (their .diagnostics are written by hand).
"""
import plistlib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def plural(value_type, **cases):
    rule = {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType"}
    if value_type is not None:
        rule["NSStringFormatValueTypeKey"] = value_type
    rule.update(cases)
    return rule


TABLE = {
    "%d files in %d folders": {
        "NSStringLocalizedFormatKey": "%#@files@ in %#@folders@",
        "files": plural("d", one="%d file", other="%d files"),
        "folders": plural("d", zero="no folder", one="%d folder", other="%d folders"),
    },
    "%lld photos": {
        "NSStringDeviceSpecificRuleType": {
            "iphone": {
                "NSStringLocalizedFormatKey": "%#@photos@",
                "photos": plural("lld", one="%lld photo on iPhone", other="%lld photos on iPhone"),
            },
            "other": "%lld photos",
        },
    },
    "Welcome": {
        "NSStringVariableWidthRuleType": {
            "20": "Hi",
            "50": "Welcome to the application, dear user",  # longer than 15 characters: its length follows the marker
        },
    },
    "Grüße 👋": "Grüße aus Köln 👋🏽",  # non-ASCII: stored as UTF-16
    "empty": "",
    "Future": {
        "NSStringLocalizedFormatKey": "%#@n@",
        "n": plural("lu", one="one", other="many"),
        "XVersion": 1.5,
        "XCount": 42,
        "XNegative": -7,
        "XEnabled": True,
        "XDisabled": False,
        "XList": ["a", 2, {"nested": "yes"}],
    },
}
# More than 15 entries, so the top dictionary's count follows its marker too.
TABLE.update({f"key{n:02d}": f"value {n}" for n in range(12)})


def main():
    read = HERE / "read"
    invalid = HERE / "invalid"
    read.mkdir(exist_ok=True)
    (read / "binary.stringsdict").write_bytes(plistlib.dumps(TABLE, fmt=plistlib.FMT_BINARY, sort_keys=False))
    (read / "binary.xml").write_bytes(plistlib.dumps(TABLE, fmt=plistlib.FMT_XML, sort_keys=False))

    (invalid / "binary-data-member.stringsdict").write_bytes(
        plistlib.dumps({"k": {"NSStringLocalizedFormatKey": "x", "XData": b"\x00\x01"}}, fmt=plistlib.FMT_BINARY,
                       sort_keys=False))
    (invalid / "binary-uid-case.stringsdict").write_bytes(
        plistlib.dumps({"k": {"NSStringLocalizedFormatKey": "%#@n@",
                              "n": plural("d", one="one", other=plistlib.UID(3))}},
                       fmt=plistlib.FMT_BINARY, sort_keys=False))
    (invalid / "binary-root-array.stringsdict").write_bytes(plistlib.dumps(["a"], fmt=plistlib.FMT_BINARY))
    good = plistlib.dumps({"a": "A"}, fmt=plistlib.FMT_BINARY, sort_keys=False)
    bad_reference = bytearray(good)
    bad_reference[9] = 0x7F  # the dictionary's first key reference is now out of range
    (invalid / "binary-bad-reference.stringsdict").write_bytes(bytes(bad_reference))


if __name__ == "__main__":
    main()
