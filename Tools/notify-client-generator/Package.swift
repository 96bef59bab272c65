// swift-tools-version: 6.2
// The generator of the typed notification API client (Sources/XpediteNotifyClient/Generated), kept
// out of the main package so that no build of the project compiles the generator:
// scripts/generate-notify-client builds and runs it (scratch path .build-gen, gitignored).
import PackageDescription

let package = Package(
    name: "notify-client-generator",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ]
)
