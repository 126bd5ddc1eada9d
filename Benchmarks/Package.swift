// swift-tools-version: 6.1
// Vitrine's benchmarks (issue 7), a package of their own so that the main package has no
// benchmark dependency. `scripts/bench` builds and runs them and prints the table; see
// Benchmarks/README.md for what each one measures.
import PackageDescription

let package = Package(
    name: "VitrineBenchmarks",
    products: [
        // The measurements that need a process of their own (idle, startup, memory, and touch
        // frames for callgrind); the benchmarks run it from the same build folder.
        .executable(name: "vitrine-bench-app", targets: ["VitrineBenchApp"]),
    ],
    dependencies: [
        // The main package, by path: the benchmarks measure the working tree they sit in.
        .package(name: "Vitrine", path: "..", traits: ["SVG"]),
        // package-benchmark; its MallocInterposer trait counts allocations (no jemalloc needed).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "VitrineBenchKit",
            dependencies: [
                .product(name: "Vitrine", package: "Vitrine"),
                .product(name: "VitrineGraphics", package: "Vitrine"),
                .product(name: "VitrineHeadless", package: "Vitrine"),
                .product(name: "VitrineLinux", package: "Vitrine"),
                .product(name: "VitrineVNC", package: "Vitrine"),
                .product(name: "VitrineVideo", package: "Vitrine"),
                .product(name: "KioskDemo", package: "Vitrine"),
            ]
        ),
        .executableTarget(
            name: "VitrineBenchApp",
            dependencies: ["VitrineBenchKit"]
        ),
        .executableTarget(
            name: "VitrineBenchmarks",
            dependencies: [
                "VitrineBenchKit",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/VitrineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Checks that each scene is what its benchmark says (sizes, depths, exact frame costs).
        .testTarget(
            name: "VitrineBenchKitTests",
            dependencies: [
                "VitrineBenchKit",
                .product(name: "Vitrine", package: "Vitrine"),
                .product(name: "VitrineGraphics", package: "Vitrine"),
                .product(name: "KioskDemo", package: "Vitrine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
