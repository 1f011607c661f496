// swift-tools-version: 6.1
// async-http-client's side of Benchmarks/transfer.sh: one body streamed and its bytes counted,
// as CurlHTTPBench's `stream` counts CurlHTTP's. A package of its own, so that forecast's
// build never resolves async-http-client.
import PackageDescription

let package = Package(
    name: "AHCStream",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "AHCStream",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
