#!/usr/bin/env python3
"""Writes the .strings fixtures whose bytes a text editor cannot make reliably: the same table in every supported
text encoding, XML and binary property lists, and malformed binary inputs. Run from anywhere; outputs are committed.
"""
import plistlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
READ = HERE / "read"
INVALID = HERE / "invalid"

SAMPLE = (
    "/* Encoding sample */\n"
    '"greeting" = "Grüße";\n'
    "\n"
    '"emoji" = "👋🏽 \\UD83D\\UDE00";\n'
    "// CJK\n"
    '"cjk" = "你好";\n'
)

ENCODINGS = {
    "utf8": lambda t: t.encode("utf-8"),
    "utf8-bom": lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"),
    "utf16le-bom": lambda t: b"\xff\xfe" + t.encode("utf-16-le"),
    "utf16be-bom": lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
    "utf16le": lambda t: t.encode("utf-16-le"),
    "utf16be": lambda t: t.encode("utf-16-be"),
}

PLIST = {
    "greeting": "Hello",
    "non-ascii": "Grüße 👋",  # stored as UTF-16 in a binary plist
    "long value": "A string longer than fifteen characters, so its length follows the marker",
    "": "empty key",
    "empty value": "",
}
# More than 15 entries, so the dictionary's count follows its marker too.
PLIST.update({f"key{n:02d}": f"value {n}" for n in range(12)})


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def main():
    for name, encode in ENCODINGS.items():
        write(READ / f"encoding-{name}.strings", encode(SAMPLE))

    write(READ / "plist-binary.strings", plistlib.dumps(PLIST, fmt=plistlib.FMT_BINARY, sort_keys=False))
    write(READ / "plist-xml.strings", plistlib.dumps(PLIST, fmt=plistlib.FMT_XML, sort_keys=False))
    xml16 = plistlib.dumps({"a": "Grüße", "b": "2"}, fmt=plistlib.FMT_XML, sort_keys=False)
    write(READ / "plist-xml-utf16.strings", xml16.decode("utf-8").replace("UTF-8", "UTF-16").encode("utf-16"))
    duplicated = plistlib.dumps({"a": "1", "b": "2"}, fmt=plistlib.FMT_XML, sort_keys=False)
    write(READ / "plist-xml-duplicate.strings", duplicated.replace(b"<key>b</key>", b"<key>a</key>"))

    binary = plistlib.dumps({"a": "1", "b": "2"}, fmt=plistlib.FMT_BINARY, sort_keys=False)
    write(INVALID / "bplist-truncated.strings", binary[:-10])
    write(INVALID / "bplist-array.strings", plistlib.dumps(["a", "b"], fmt=plistlib.FMT_BINARY))
    write(INVALID / "bplist-integer-value.strings", plistlib.dumps({"count": 3}, fmt=plistlib.FMT_BINARY))
    write(INVALID / "bplist-nested-dictionary.strings", plistlib.dumps({"a": {"b": "c"}}, fmt=plistlib.FMT_BINARY))
    bad_offset = bytearray(binary)
    table_start = int.from_bytes(binary[-8:], "big")
    bad_offset[table_start] = 0xF0  # the first object's offset now points into the offset table
    write(INVALID / "bplist-bad-offset.strings", bytes(bad_offset))
    bad_reference = bytearray(binary)
    bad_reference[9] = 0x7F  # the dictionary's first key reference is now out of range
    write(INVALID / "bplist-bad-reference.strings", bytes(bad_reference))

    write(INVALID / "xml-plist-array-value.strings",
          b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>1</string>\n'
          b"\t<key>list</key>\n\t<array/>\n</dict>\n</plist>\n")
    write(INVALID / "xml-plist-malformed.strings",
          b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>1</strin>\n'
          b"</dict>\n</plist>\n")
    write(INVALID / "xml-plist-not-plist.strings", b'<?xml version="1.0"?>\n<html><body/></html>\n')

    write(INVALID / "invalid-utf8.strings", b'"a" = "1";\n"b" = "caf\xe9";\n')
    write(INVALID / "odd-utf16.strings", b"\xff\xfe" + '"a" = "1";\n'.encode("utf-16-le") + b'"')
    write(INVALID / "unpaired-surrogate.strings",
          b"\xff\xfe" + '"a" = "1";\n"b" = "x'.encode("utf-16-le") + b"\x00\xd8" + '";\n'.encode("utf-16-le"))
    write(INVALID / "utf32.strings", b"\x00\x00\xfe\xff" + '"a" = "1";\n'.encode("utf-32-be"))
    write(INVALID / "utf32-little-endian.strings", b"\xff\xfe\x00\x00" + '"a" = "1";\n'.encode("utf-32-le"))
    write(INVALID / "two-byte-order-marks.strings", b"\xef\xbb\xbf\xef\xbb\xbf" + b'"a" = "1";\n')
    write(INVALID / "nul-byte-in-utf8.strings", b'"a" = "1";\n"b" = "x\x00y";\n')
    write(INVALID / "utf16-column-in-characters.strings",
          b"\xff\xfe" + '"a" = "1";\n"ключ" = значение;\n'.encode("utf-16-le"))


if __name__ == "__main__":
    main()
