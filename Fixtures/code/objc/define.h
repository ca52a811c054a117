#ifndef Strings_h
#define Strings_h

#define L10N_OK NSLocalizedString(@"OK", @"OK button")
#define L10N_CANCEL \
    NSLocalizedString(@"Cancel", \
                      @"Cancel button")
#define MyLocalizedString(key, comment) NSLocalizedString(key, comment)
#import "Other.h"
#pragma mark - Don't stop here
#error Can't happen

#endif
