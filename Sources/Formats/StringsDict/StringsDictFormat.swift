// StringsDictFormat — legacy `.stringsdict` tables: plural, device and width rules; read, written, edited in place.
// Door: `StringsDictReader`, `StringsDictWriter`, `StringsDictEditor`, `FormatDescriptor.stringsdict`.
// Imports no other format; property lists come from PropertyListSupport.
