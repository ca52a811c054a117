NSString *a = NSLocalizedString(@"%@ of %d", @"Two arguments get numbered in the value");
NSString *b = NSLocalizedString(@"Importing %d of %d...", @"Two integers");
NSString *c = NSLocalizedString(@"%1$@ and %2$@", @"Already numbered");
NSString *d = NSLocalizedString(@"Only %@", @"One argument");
NSString *e = NSLocalizedString(@"100%% of %@", @"A literal percent sign is not an argument");
NSString *f = NSLocalizedString(@"%.1f%% of %lld items", @"Precision and length");
NSString *g = NSLocalizedStringWithDefaultValue(@"progress", nil, bundle, @"%ld of %ld", @"The value is numbered");
NSString *h = NSLocalizedString(@"%*d and %d", @"A width from an argument is left alone");
