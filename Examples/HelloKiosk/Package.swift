// swift-tools-version: 6.2
// HelloKiosk: a kiosk app as a team writes its own, depending on Vitrine as a package.
import PackageDescription

let package = Package(
    name: "HelloKiosk",
    // `swift run --traits Window HelloKiosk` shows the app in a window on a desktop; without the
    // trait the app links no desktop libraries (README.md).
    traits: [
        .trait(name: "Window", description: "Run in a desktop window while developing (Vitrine's Window part)."),
    ],
    dependencies: [
        // A team names Vitrine by its URL and version:
        //   .package(url: "…/vitrine.git", from: "0.1.0"),
        // Here, inside Vitrine's own repository, by path, so CI builds the tree it tests.
        .package(name: "Vitrine", path: "../..",
                 traits: [.trait(name: "Window", condition: .when(traits: ["Window"]))]),
    ],
    targets: [
        .executableTarget(
            name: "HelloKiosk",
            dependencies: [
                .product(name: "Vitrine", package: "Vitrine"),
                .product(name: "VitrineBoard", package: "Vitrine"),
                .product(name: "VitrineGraphics", package: "Vitrine"),
            ]
        ),
        .testTarget(
            name: "HelloKioskTests",
            dependencies: [
                "HelloKiosk",
                .product(name: "Vitrine", package: "Vitrine"),
                .product(name: "VitrineBoard", package: "Vitrine"),
                .product(name: "VitrineGraphics", package: "Vitrine"),
                .product(name: "VitrineHeadless", package: "Vitrine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
