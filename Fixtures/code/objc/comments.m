// NSLocalizedString(@"Line comment", @"Commented out");
/* NSLocalizedString(@"Block comment", @"Commented out");
   NSLocalizedString(@"Second line of the block", @"Commented out"); */
#if 0
NSString *a = NSLocalizedString(@"In if 0", @"Disabled code");
// don't mind the apostrophe
#else
NSString *b = NSLocalizedString(@"In else of if 0", @"Active code");
#endif
#if DEBUG
NSString *c = NSLocalizedString(@"In if DEBUG", @"Every branch of an unknown condition counts");
#else
NSString *d = NSLocalizedString(@"In else of if DEBUG", @"Every branch of an unknown condition counts");
#endif
#if 1
NSString *e = NSLocalizedString(@"In if 1", @"Active code");
#else
NSString *f = NSLocalizedString(@"In else of if 1", @"Disabled code");
#endif
NSString *g = NSLocalizedString(@"Live", @"Active code"); // NSLocalizedString(@"Trailing", @"Commented out")
