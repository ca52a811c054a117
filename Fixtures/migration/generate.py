#!/usr/bin/env python3
"""Writes the migration fixture project (run from anywhere; the .strings in de.lproj is UTF-16LE with a BOM)."""
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP = HERE / "MyApp"

EN_STRINGS = '''/* The greeting on the home screen */
"greeting" = "Hello";

// MARK: Settings
"settings.title" = "Settings";

/* First draft: Done %@ +  */
"done %@" = "Done %@";

/* Multi-line note:\\nshown as two lines, with \\'quotes\\' */
"note" = "Note";

"no comment" = "Plain";
"escapes" = "Tab\\there, quote \\" and newline\\n";
"only in english" = "English only";
'''

EN_STRINGSDICT = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>%lld files</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@files@</string>
		<key>files</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%lld file</string>
			<key>other</key>
			<string>%lld files</string>
		</dict>
	</dict>
	<key>%lld photos in %lld albums</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@photos@ in %#@albums@</string>
		<key>photos</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%lld photo</string>
			<key>other</key>
			<string>%lld photos</string>
		</dict>
		<key>albums</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%2$lld album</string>
			<key>other</key>
			<string>%2$lld albums</string>
		</dict>
	</dict>
	<key>tap</key>
	<dict>
		<key>NSStringDeviceSpecificRuleType</key>
		<dict>
			<key>iphone</key>
			<string>Tap here</string>
			<key>mac</key>
			<string>Click here</string>
			<key>other</key>
			<string>Select here</string>
		</dict>
	</dict>
</dict>
</plist>
'''

DE_STRINGS = '''/* Der Gruß */
"greeting" = "Hallo";
"settings.title" = "Einstellungen";
"done %@" = "Fertig %@";
"note" = "Hinweis";
/* Übersetzerhinweis: nicht "einfach" */
"no comment" = "Schlicht";
"escapes" = "Tab\\thier, Anführungszeichen \\" und Zeilenumbruch\\n";
// Nur hier
"only in german" = "Nur auf Deutsch";
'''

DE_STRINGSDICT = EN_STRINGSDICT.replace("<string>%lld file<", "<string>%lld Datei<").replace("<string>%lld files<", "<string>%lld Dateien<") \
    .replace(">%lld photo<", ">%lld Foto<").replace(">%lld photos<", ">%lld Fotos<") \
    .replace(">%2$lld album<", ">%2$lld Album<").replace(">%2$lld albums<", ">%2$lld Alben<") \
    .replace("Tap here", "Hier tippen").replace("Click here", "Hier klicken").replace("Select here", "Hier wählen")

DE_MAIN = '''/* Class = "UILabel"; text = "Line one\\nLine two"; ObjectID = "abc-12-xyz"; */
"abc-12-xyz.text" = "Zeile eins\\nZeile zwei";
'''

# Two strings after one key: what was meant cannot be told, so the file is left out (as Xcode does).
FR_BROKEN = '''"greeting" = "Bonjour";
"settings.title" = "Réglages" "avancés";
"note" = "Note";
'''

# A ';' missing at the end of a line: read with a warning, as Xcode does.
IT_MISSING_SEMICOLON = '''"greeting" = "Ciao";
"settings.title" = "Impostazioni"
/* Nota */
"note" = "Nota";
'''

# A Settings bundle's table: the Settings app reads only .strings, so it is not migrated.
SETTINGS_ROOT = '''"Group" = "Account";
"Name" = "Name";
'''


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def main() -> None:
    write(APP / "en.lproj/Localizable.strings", EN_STRINGS.encode("utf-8"))
    write(APP / "Plurals/en.lproj/Localizable.stringsdict", EN_STRINGSDICT.encode("utf-8"))
    write(APP / "de.lproj/Localizable.strings", b"\xff\xfe" + DE_STRINGS.encode("utf-16-le"))
    write(APP / "Plurals/de.lproj/Localizable.stringsdict", DE_STRINGSDICT.encode("utf-8"))
    write(APP / "Base.lproj/Main.storyboard", b'<?xml version="1.0" encoding="UTF-8"?>\n<document/>\n')
    write(APP / "de.lproj/Main.strings", DE_MAIN.encode("utf-8"))
    write(APP / "fr.lproj/Localizable.strings", FR_BROKEN.encode("utf-8"))
    write(APP / "it.lproj/Localizable.strings", IT_MISSING_SEMICOLON.encode("utf-8"))
    write(APP / "Settings.bundle/en.lproj/Root.strings", SETTINGS_ROOT.encode("utf-8"))


if __name__ == "__main__":
    main()
