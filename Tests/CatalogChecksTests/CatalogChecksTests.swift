import Testing

@testable import CatalogChecks
