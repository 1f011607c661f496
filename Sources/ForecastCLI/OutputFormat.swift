import ArgumentParser

/// `--format`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, table, tsv, json, line
}

/// `--color`.
enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}
