NSString *a = NSLocalizedString(@"Line one\nLine two", @"Newline");
NSString *b = NSLocalizedString(@"Tab\there", @"Tab");
NSString *c = NSLocalizedString(@"Say \"hi\"", @"Quotes");
NSString *d = NSLocalizedString(@"Back\\slash", @"Backslash");
NSString *e = NSLocalizedString(@"Caf\u00e9", @"Lowercase u escape");
NSString *f = NSLocalizedString(@"Wait\U2026", @"Uppercase U escape takes four digits");
NSString *g = NSLocalizedString(@"Caf\303\251", @"Octal bytes of UTF-8");
NSString *h = NSLocalizedString(@"\x41\102C", @"Hex and octal ASCII");
NSString *i = NSLocalizedString(@"Don\'t \?", @"Other escapes stand for the character");
NSString *j = NSLocalizedString(@"Long \
line", @"Backslash-newline in a literal joins the lines");
NSString *k = NSLocalizedString(@"Résumé ✓", @"UTF-8 as written");
