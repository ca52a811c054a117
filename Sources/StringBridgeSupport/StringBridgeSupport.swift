// The StringBridgeSupport module; its files arrive with their issue.
