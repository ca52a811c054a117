#include <CoreFoundation/CoreFoundation.h>

static const char *s = "NSLocalizedString(\"not a call\", \"in a literal\")";
static char quote = '"';

void show(void) {
    CFStringRef one = CFCopyLocalizedString(CFSTR("Open"), CFSTR("Menu item"));
    CFStringRef two = CFCopyLocalizedStringFromTable(CFSTR("Close"), CFSTR("Menus"), CFSTR("Menu item"));
    CFStringRef three = CFCopyLocalizedStringFromTableInBundle(CFSTR("Quit"), CFSTR("Menus"), CFBundleGetMainBundle(), NULL);
    CFStringRef four = CFCopyLocalizedStringWithDefaultValue(CFSTR("menu.save"), CFSTR("Menus"), CFBundleGetMainBundle(), CFSTR("Save"), CFSTR("Menu item"));
    int big = 1'000'000;
    CFStringRef five = CFCopyLocalizedString(CFSTR("After digit separators"), CFSTR("C++14 numbers do not start character literals"));
}
