// swift-tools-version: 6.1
// The other clients the benchmarks time beside forecast and curl, in a package of their own so
// that forecast's build never resolves async-http-client:
//   AHCStream        one body streamed through async-http-client (Benchmarks/transfer.sh);
//   ahc-fetch        many URLs through async-http-client, at most N at a time (https-peers.sh);
//   urlsession-fetch the same through FoundationNetworking's URLSession (https-peers.sh).
import PackageDescription

let package = Package(
    name: "Peers",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "AHCStream", targets: ["AHCStream"]),
        .executable(name: "ahc-fetch", targets: ["AHCFetch"]),
        .executable(name: "urlsession-fetch", targets: ["URLSessionFetch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "AHCStream",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        // The command line and the bounded fan-out that both fetchers share; nothing of
        // async-http-client's, which urlsession-fetch then does not link.
        .target(name: "PeerFetch", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "AHCFetch",
            dependencies: ["PeerFetch", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .executableTarget(name: "URLSessionFetch", dependencies: ["PeerFetch"]),
    ],
    swiftLanguageModes: [.v6]
)
