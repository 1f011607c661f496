// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "forecast",
    // Built and tested on Linux only (Debian 12, Swift 6.3), which needs no `platforms` entry.
    // macOS is not claimed: it would need Terminal.swift to import Darwin besides Glibc, libcurl
    // from the SDK or Homebrew for CCurl, and a run of the suite there.
    products: [
        // The libraries and the command.
        .library(name: "CurlHTTP", targets: ["CurlHTTP"]),
        .library(name: "Forecast", targets: ["Forecast"]),
        .executable(name: "forecast", targets: ["ForecastCLI"]),
        // Test tools for users of the libraries: an in-process imitation of the API, and the
        // same as a command.
        .library(name: "MockAPI", targets: ["MockAPI"]),
        .executable(name: "forecast-mock", targets: ["ForecastMock"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        // `swift package generate-documentation --target CurlHTTP` (or Forecast).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libcurl, opened with dlopen when first needed rather than linked: see
        // Sources/CCurl/include/ccurl.h. Building needs its headers (libcurl4-openssl-dev);
        // running needs libcurl.so.4 (libcurl4).
        .target(
            name: "CCurl",
            path: "Sources/CCurl"
        ),
        // What belongs to the whole process: the C library's settings that Swift's Glibc module
        // does not declare (mallopt), and the process's arguments for CommandLine (see its
        // cprocess.c). For the command alone, since a library never changes its host process.
        .target(
            name: "CProcess",
            path: "Sources/CProcess"
        ),
        .target(
            name: "CurlHTTP",
            dependencies: ["CCurl"]
        ),
        // Japan time's calendar arithmetic, for the library and the mock alike.
        .target(name: "JapanTime"),
        .target(
            name: "Forecast",
            dependencies: ["CurlHTTP", "JapanTime"],
            // The catalog's and the agency's tables are TSV files in its folders, which the
            // Tables plugin makes into Swift at build time.
            plugins: ["Tables"]
        ),
        .plugin(name: "Tables", capability: .buildTool(), dependencies: ["TableToSwift"]),
        .executableTarget(name: "TableToSwift", path: "Plugins/TableToSwift"),
        .target(
            name: "MockAPI",
            dependencies: [
                "JapanTime",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ],
            // The test certificates, as Scripts/make-test-certificates.py writes them.
            resources: [.embedInCode("Certificates")]
        ),
        .executableTarget(
            name: "ForecastCLI",
            dependencies: [
                "Forecast",
                // Only for ProcessWide's package-level switch of OpenSSL's exit clean-up.
                "CurlHTTP",
                // ProcessWide's malloc arena, and the arguments CommandLine reads.
                "CProcess",
            ]
        ),
        .executableTarget(
            name: "ForecastMock",
            dependencies: [
                "MockAPI",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
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
        // What every test target shares: the fixtures, temporary folders, waiting.
        .target(
            name: "TestSupport",
            dependencies: ["MockAPI"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "CurlHTTPTests",
            dependencies: ["CurlHTTP", "MockAPI", "TestSupport"]
        ),
        .testTarget(
            name: "ForecastTests",
            dependencies: ["Forecast", "JapanTime", "MockAPI", "TestSupport"]
        ),
        .testTarget(
            name: "ForecastCLITests",
            dependencies: ["ForecastCLI", "Forecast", "JapanTime", "MockAPI", "TestSupport"]
        ),
        .testTarget(
            name: "MockAPITests",
            dependencies: [
                "JapanTime",
                "MockAPI",
                "TestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
