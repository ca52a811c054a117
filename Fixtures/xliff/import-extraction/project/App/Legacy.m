#import <Foundation/Foundation.h>

NSString *DeleteTitle(void) {
    return NSLocalizedString(@"Delete", @"Delete button of a row");
}

NSString *ShareTitle(void) {
    return NSLocalizedString(@"Share", @"Share button");
}

NSString *ShareMenuTitle(void) {
    return NSLocalizedString(@"Share", @"Share menu item");
}

NSString *ItemsCount(void) {
    return NSLocalizedString(@"items_count", nil);
}

NSString *Errors(void) {
    return NSLocalizedStringFromTable(@"Network error", @"Errors", @"Shown when offline");
}
