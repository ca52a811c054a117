import Testing

@testable import CatalogMerge
