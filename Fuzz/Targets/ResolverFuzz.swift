/// The fuzz target for the city-argument resolver: the input, read as UTF-8 (invalid
/// sequences repaired, as the command line's arguments are), is one `<city>` argument.
///
/// A city, or an `UnknownCityError` whose message can be built, is fine; so is any result of
/// the catalog search `forecast cities` runs with the same text.
func resolverFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // libFuzzer owns `bytes` for the duration of this call and passes a valid pointer for
    // `count` bytes (nil only when count is 0); the buffer is decoded into a String at once
    // and the pointer is never kept.
    let argument = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
    do {
        let city = try CityCatalog.resolve(argument)
        _ = city.description
    } catch {
        _ = error.description
    }
    _ = CityCatalog.search(argument).count
    return 0
}
