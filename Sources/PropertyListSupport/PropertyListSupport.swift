// The PropertyListSupport module; its files arrive with their issue.
