NSString *a = NSLocalizedString(@"Fine", @"Before the error");
NSString *b = NSLocalizedString(@"Never closed, @"Oops");
