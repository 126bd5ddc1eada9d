// swift-tools-version: 6.0
// Vitrine: a UIKit-style UI runtime for Linux kiosk and appliance hardware.
// Module direction (see DESIGN.md): VitrineGraphics <- Vitrine <- VitrineHeadless / device backends.
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .library(name: "VitrineGraphics", targets: ["VitrineGraphics"]),
        .library(name: "Vitrine", targets: ["Vitrine"]),
        .library(name: "VitrineHeadless", targets: ["VitrineHeadless"]),
        .executable(name: "vitrine-demo", targets: ["VitrineDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Geometry (and, with the pictures issue, pixels, drawing and text). No UI, no devices.
        .target(name: "VitrineGraphics"),
        // The UIKit model: responders, views, events, touches, gestures, layout, run-loop seams.
        // Knows no Linux device.
        .target(
            name: "Vitrine",
            dependencies: [
                "VitrineGraphics",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Deterministic stand-ins: manual clock and run loop, virtual display, scripted input.
        .target(name: "VitrineHeadless", dependencies: ["Vitrine"]),
        // The demo kiosk app: `scripts/demo` runs it.
        .executableTarget(name: "VitrineDemo", dependencies: ["Vitrine", "VitrineHeadless"]),
        .testTarget(name: "VitrineGraphicsTests", dependencies: ["VitrineGraphics"]),
        .testTarget(name: "VitrineTests", dependencies: ["Vitrine", "VitrineHeadless"]),
        .testTarget(name: "VitrineHeadlessTests", dependencies: ["VitrineHeadless"]),
    ],
    swiftLanguageModes: [.v6]
)
