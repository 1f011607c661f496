/// libFuzzer's entry for all three targets, which share one binary so that Forecast's sources are
/// compiled once, not once a target: `run.sh` links `decoder`, `cache` and `resolver` to it, and
/// the name the binary is run by picks the target (libFuzzer runs itself again by that name too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzTarget(bytes, count)
}

/// The target the binary's name picks, once.
private let fuzzTarget: @Sendable (UnsafePointer<UInt8>?, Int) -> CInt = {
    let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
    switch name {
    case "decoder": return decoderFuzzTestOneInput
    case "cache": return cacheFuzzTestOneInput
    case "resolver": return resolverFuzzTestOneInput
    default: fatalError("run this fuzzer as decoder, cache or resolver (it was run as \"\(name)\")")
    }
}()
