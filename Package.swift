// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every target of the project: Swift 6 language mode (strict concurrency)
/// and warnings treated as errors, so a warning never lands.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Xpedite",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "XpediteProtocol", targets: ["XpediteProtocol"]),
        .library(name: "XpediteLayout", targets: ["XpediteLayout"]),
        .executable(name: "xpedite", targets: ["xpedite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "XpediteProtocol",
            swiftSettings: strict
        ),
        .target(
            name: "XpediteLayout",
            dependencies: ["XpediteProtocol"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "xpedite",
            dependencies: [
                "XpediteProtocol",
                "XpediteLayout",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteProtocolTests",
            dependencies: ["XpediteProtocol", "xpedite"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "XpediteLayoutTests",
            dependencies: ["XpediteLayout", "xpedite"],
            swiftSettings: strict
        ),
    ]
)
