// The CodeSync module; its files arrive with their issue.
