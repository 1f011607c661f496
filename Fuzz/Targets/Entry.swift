/// libFuzzer's entry for all three targets, which share one binary so that Forecast's sources are
/// compiled once, not once a target: `run.sh` links `decoder`, `cache` and `resolver` to it, and
/// the name the binary is run by picks the target (libFuzzer runs itself again by that name too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    switch FuzzTarget.named {
    case .decoder: decoderFuzzTestOneInput(bytes, count)
    case .cache: cacheFuzzTestOneInput(bytes, count)
    case .resolver: resolverFuzzTestOneInput(bytes, count)
    }
}

private enum FuzzTarget {
    case decoder, cache, resolver

    /// The target the binary's name picks, read once.
    static let named: FuzzTarget = {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        switch name {
        case "decoder": return .decoder
        case "cache": return .cache
        case "resolver": return .resolver
        default: fatalError("run this fuzzer as decoder, cache or resolver (it was run as \"\(name)\")")
        }
    }()
}
