#import <Foundation/Foundation.h>

void legacy(void) {
    NSString *name = BirdLocalizedStringFromTable(@"Objective-C macro key", nil, @"A macro's FromTable form");
    // NSLocalizedString(@"Commented out", @"Read with LOCALIZED_STRING_CODE_COMMENTS");
}
