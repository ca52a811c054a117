NSString *a = NSLocalizedString(@"Fine", @"Before the error");
/* This comment
   never ends
