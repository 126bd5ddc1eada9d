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
            ],
            // A release build is what goes to the board, linked lean (11 MB instead of 34):
            // - without the static Swift runtime's export of every symbol to the dynamic table
            //   (about 16,000 names nothing looks up);
            // - stripped of symbols and debug information (two thirds of the file). A crash's
            //   backtrace then shows addresses: to read one, build the same commit without
            //   `--strip-all` and look them up in that binary (`addr2line -f -e`);
            // - by lld (the toolchain's) with relative relocations packed (DT_RELR): a megabyte
            //   of them becomes a few kilobytes. The board needs glibc 2.36 or later (Debian 12,
            //   Raspberry Pi OS bookworm).
            linkerSettings: [
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "--strip-all",
                              "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                             .when(configuration: .release)),
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
