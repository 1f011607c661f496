import ArgumentParser

extension Fetch {
    /// The fetch of `arguments` without swift-argument-parser, for the forms that status bars
    /// and cron run every minute: city arguments and options written `--name value`,
    /// `--name=value` (the config file's form) or `-x value`.
    ///
    /// Returns nil for anything else: help, version and completion requests, combined short
    /// flags, `--`, an unknown option, a value that does not parse, or options
    /// that `validate()` refuses. The parser then takes the same arguments and gives its own
    /// result or message, so users only ever see swift-argument-parser's help, errors and
    /// completions. What this saves is the parser's reflection of the command's properties,
    /// about 10 M instructions of a 33 M run (Benchmarks/startup.sh).
    ///
    /// Every property is set, first to the default its declaration has, so that the value is
    /// the one the parser would make; a test compares the two on many argument lists.
    static func quickParse(_ arguments: [String]) -> Fetch? {
        var fetch = Fetch()
        fetch.parallel = false
        fetch.jobs = nil
        fetch.format = .auto
        fetch.days = nil
        fetch.noHeader = false
        fetch.timeout = 15
        fetch.retries = 2
        fetch.interval = nil
        fetch.baseURL = nil
        fetch.refresh = false
        fetch.noCache = false
        fetch.cacert = nil
        fetch.maxTime = nil
        fetch.staleIfError = nil
        fetch.color = .auto
        fetch.lang = .ja
        fetch.verbose = false
        fetch.cities = []

        var remaining = arguments[...]
        while var argument = remaining.popFirst() {
            // A city: anything not an option, and "-" (standard input).
            if argument == "-" || !argument.hasPrefix("-") {
                fetch.cities.append(argument)
                continue
            }
            // `--name=value`: the value is the rest, whatever it holds.
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            switch argument {
            case "-p", "--parallel", "--no-header", "--refresh", "--no-cache", "-v", "--verbose":
                // A flag takes no value.
                guard inlineValue == nil else { return nil }
                switch argument {
                case "-p", "--parallel": fetch.parallel = true
                case "--no-header": fetch.noHeader = true
                case "--refresh": fetch.refresh = true
                case "--no-cache": fetch.noCache = true
                default: fetch.verbose = true
                }
            default:
                // An option with a value: after `=`, else the next argument unless that looks
                // like an option.
                guard let value = inlineValue ?? remaining.popFirst(),
                      inlineValue != nil || value == "-" || !value.hasPrefix("-")
                else { return nil }
                switch argument {
                case "-j", "--jobs": guard let jobs = Int(value) else { return nil }; fetch.jobs = jobs
                case "-f", "--format": guard let format = try? OutputFormat.parse(value) else { return nil }; fetch.format = format
                case "-d", "--days": guard let days = Int(value) else { return nil }; fetch.days = days
                case "--timeout": guard let timeout = Double(value) else { return nil }; fetch.timeout = timeout
                case "--retries": guard let retries = Int(value) else { return nil }; fetch.retries = retries
                case "--interval": guard let interval = Double(value) else { return nil }; fetch.interval = interval
                case "--base-url": fetch.baseURL = value
                case "--cacert": fetch.cacert = value
                case "--max-time": guard let maxTime = Double(value) else { return nil }; fetch.maxTime = maxTime
                case "--stale-if-error": guard let stale = StaleDuration(argument: value) else { return nil }; fetch.staleIfError = stale
                case "--color": guard let color = ColorMode(argument: value) else { return nil }; fetch.color = color
                case "--lang": guard let lang = LanguageOption(argument: value) else { return nil }; fetch.lang = lang
                default: return nil
                }
            }
        }
        do {
            try fetch.validate()
        } catch {
            return nil
        }
        return fetch
    }
}
