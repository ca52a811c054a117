NSString *a = NSLocalizedString(key, @"Not a literal key");
NSString *b = NSLocalizedStringFromTable(@"Key", tableName, @"Not a literal table");
NSString *c = NSLocalizedString(@"Key", comment);
NSString *d = NSLocalizedString(@"Too few");
NSString *e = NSLocalizedStringWithDefaultValue(@"Key", nil, bundle, value, @"Not a literal value");
NSString *f = NSLocalizedString(@"Kept", @"The file goes on after warnings");
