NSString *a = MFLocalizedString(@"Custom macro", @"From LOCALIZED_STRING_MACRO_NAMES");
NSString *b = MFLocalizedStringFromTable(@"Custom table", @"Custom", @"FromTable form");
NSString *c = MFLocalizedStringFromTableInBundle(@"Custom bundle", @"Custom", bundle, @"FromTableInBundle form");
NSString *d = MFLocalizedStringWithDefaultValue(@"custom.value", nil, bundle, @"Custom value", @"WithDefaultValue form");
NSString *e = NSLocalizedString(@"Built in", @"Always recognized");
NSString *f = OtherLocalizedString(@"Not configured", @"Not a recognized name");
