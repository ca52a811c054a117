import ProjectDescription

let project = Project(
    name: "Birds",
    targets: [
        .target(
            name: "App",
            destinations: .iOS,
            product: .app,
            bundleId: "org.example.birds",
            infoPlist: "App/Info.plist",
            sources: ["App/Sources/**"],
            resources: ["App/Resources/**", "Shared/Resources/**"],
            dependencies: [.target(name: "Core")]
        ),
        .target(
            name: "Widget",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "org.example.birds.widget",
            infoPlist: .extendingDefault(with: [
                "CFBundleDisplayName": "Birds Widget",
                "NSHumanReadableCopyright": .string("© Birds"),
                "UIBackgroundModes": ["fetch"],
            ]),
            sources: "Widget/**/*.{swift,m}",
            resources: .resources(["Shared/Resources/Localizable.xcstrings", "Widget/Resources/**"])
        ),
        /* A framework: its strings go to its own catalog. */
        Target.target(
            name: "Core",
            destinations: .iOS,
            product: .framework,
            bundleId: "org.example.birds.core",
            sources: .sourceFilesList(globs: [.glob("Core/**/*.swift", excluding: ["Core/Legacy/**"])]),
            resources: ["Core/Resources/**"]
        ),
    ]
)
