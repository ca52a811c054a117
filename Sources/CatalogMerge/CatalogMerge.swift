// The CatalogMerge module; its files arrive with their issue.
