#import <Foundation/Foundation.h>

@implementation Greeter

- (void)greet {
    NSString *a = NSLocalizedString(@"Hello", @"Greeting on the start screen");
    NSString *b = NSLocalizedStringFromTable(@"Goodbye", @"Farewells", @"Said when leaving");
    NSString *c = NSLocalizedStringFromTableInBundle(@"Welcome back", @"Farewells", [NSBundle mainBundle], @"Returning user");
    NSString *d = NSLocalizedStringWithDefaultValue(@"greeting.morning", nil, [NSBundle mainBundle], @"Good morning", @"Morning greeting");
    NSString *e = NSLocalizedString(@"No comment", nil);
    NSString *f = NSLocalizedString(@"Empty comment", @"");
    NSString *g = NSLocalizedString(@"Split across "
                                    @"two literals", @"Joined " "comment");
    NSString *h = NSLocalizedString((@"In parentheses"), (@"Parenthesized"));
    NSString *i = NSLocalizedStringWithDefaultValue(@"Same value", @"Farewells", NSBundle.mainBundle, @"Same value", @"Value equals key");
    NSString *j = NSLocalizedStringWithDefaultValue(@"Empty value", nil, NSBundle.mainBundle, @"", @"An empty value is no value");
    [self show:NSLocalizedString(@"Hello", @"Greeting in the menu")];
    [self show:[NSString stringWithFormat:NSLocalizedString(@"Nested %@", @"Inside a call"), a]];
}

@end
