// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "forecast",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CurlHTTP", targets: ["CurlHTTP"]),
        .library(name: "Forecast", targets: ["Forecast"]),
        .library(name: "MockAPI", targets: ["MockAPI"]),
        .executable(name: "forecast", targets: ["ForecastCLI"]),
        .executable(name: "forecast-mock", targets: ["ForecastMock"]),
        .executable(name: "curlhttp-bench", targets: ["CurlHTTPBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "CurlHTTP",
            dependencies: ["CCurl"]
        ),
        .target(
            name: "Forecast",
            dependencies: ["CurlHTTP"]
        ),
        .target(
            name: "MockAPI",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "ForecastCLI",
            dependencies: [
                "Forecast",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ForecastMock",
            dependencies: [
                "MockAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "CurlHTTPBench",
            dependencies: ["CurlHTTP"],
            path: "Benchmarks/CurlHTTPBench"
        ),
        .executableTarget(
            name: "CurlHTTPSoak",
            dependencies: ["CurlHTTP", "MockAPI"],
            path: "Benchmarks/CurlHTTPSoak"
        ),
        .testTarget(
            name: "CurlHTTPTests",
            dependencies: ["CurlHTTP", "MockAPI"]
        ),
        .testTarget(
            name: "ForecastTests",
            dependencies: ["Forecast", "MockAPI"]
        ),
        .testTarget(
            name: "ForecastCLITests",
            dependencies: ["ForecastCLI", "Forecast", "MockAPI"]
        ),
        .testTarget(
            name: "MockAPITests",
            dependencies: [
                "MockAPI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
