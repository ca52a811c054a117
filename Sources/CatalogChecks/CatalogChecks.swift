// The CatalogChecks module; its files arrive with their issue.
