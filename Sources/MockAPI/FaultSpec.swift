/// The text form of faults used by `forecast-mock` (`--fault CITY=KIND`, `--fault SOURCE:KEY=KIND`, `--fault-rate
/// FRACTION:KIND`), so scripts and benchmarks can describe faults in one string.
///
/// `KIND` is one of `status:503`, `status:429:retry-after=2`, `api-error`, `api-error:MESSAGE`, `html`, `malformed`,
/// `truncated`, `reset`, `stall`, `oversize:BYTES`, `endless`, `redirect-loop`, `redirect-file`, `jma-one-report`,
/// `jma-short-series`, `amedas-without:STATION`, optionally followed by `@K` to fault only the first `K` attempts (e.g.
/// `130010=status:503@2`).
public enum FaultSpec {
    /// The message of `api-error` without its own message: what the real API says when the weather agency answers 503.
    public static let defaultAPIErrorMessage = "Request to JMA API failed (HTTP Error 503)"

    /// Parses `KEY=KIND[@K]` (a rule for a city of the API) or `SOURCE:KEY=KIND[@K]` (a rule for another source:
    /// `office:` an office's forecast files, `warning:` its warning file, `amedas:` the file `latest_time` or `map`),
    /// e.g. `270000=reset`, `office:270000=status:503@2` or `amedas:map=amedas-without:44132`.
    public static func targetedRule(_ text: String) throws(FaultSpecError) -> (target: FaultTarget, rule: FaultRule) {
        let api = MockSources.api
        let named = MockSources.all.first { $0.name != api.name && text.hasPrefix($0.name + ":") }
        let source = named ?? api
        let rest = named == nil ? text[...] : text.dropFirst(source.name.count + 1)
        guard let equals = rest.firstIndex(of: "="), equals != rest.startIndex else {
            throw FaultSpecError(spec: text, problem: "expected " + source.faultForm)
        }
        let rule = try rule(String(rest[rest.index(after: equals)...]))
        guard source.acceptsFaultKey(rest[..<equals]) else {
            throw FaultSpecError(spec: text, problem: "expected " + source.faultForm)
        }
        return (FaultTarget(source: source.name, key: String(rest[..<equals])), rule)
    }

    /// Parses `FRACTION:KIND[@K]`, e.g. `0.1:status:503`: a random fault for that fraction of requests.
    public static func randomRule(_ text: String) throws(FaultSpecError) -> FaultRule {
        guard let colon = text.firstIndex(of: ":"),
            let fraction = Double(text[..<colon]), (0...1).contains(fraction)
        else {
            throw FaultSpecError(
                spec: text, problem: "expected FRACTION:KIND with FRACTION from 0 to 1, e.g. 0.1:reset")
        }
        var rule = try self.rule(String(text[text.index(after: colon)...]))
        rule.fraction = fraction
        return rule
    }

    /// Parses `KIND[@K]`, e.g. `reset` or `status:503@2`.
    public static func rule(_ text: String) throws(FaultSpecError) -> FaultRule {
        var kind = Substring(text)
        var firstAttempts: Int?
        if let at = text.lastIndex(of: "@"), let count = Int(text[text.index(after: at)...]) {
            guard count >= 1 else {
                throw FaultSpecError(spec: text, problem: "@K needs K of at least 1")
            }
            firstAttempts = count
            kind = text[..<at]
        }
        return FaultRule(try self.fault(kind, spec: text), firstAttempts: firstAttempts)
    }

    private static func fault(_ kind: Substring, spec: String) throws(FaultSpecError) -> Fault {
        let parts = kind.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0]
        let argument = parts.count > 1 ? parts[1] : nil
        let plain: [Substring: Fault] = [
            "api-error": .apiError(defaultAPIErrorMessage), "html": .html, "malformed": .malformedJSON,
            "truncated": .truncated, "reset": .reset, "stall": .stall, "endless": .endless,
            "redirect-loop": .redirectLoop, "redirect-file": .redirectToFile, "jma-one-report": .agencyOneReport,
            "jma-short-series": .agencyShortSeries,
        ]
        if argument == nil, let fault = plain[name] { return fault }
        switch (name, argument) {
        case ("status", let argument?): return try self.status(argument, spec: spec)
        case ("api-error", let message?): return .apiError(String(message))
        case ("amedas-without", let station?) where !station.isEmpty: return .amedasWithoutStation(String(station))
        case ("oversize", let argument?):
            guard let bytes = Int(argument), bytes >= 0 else {
                throw FaultSpecError(spec: spec, problem: "oversize needs a byte count, e.g. oversize:20000000")
            }
            return .oversize(bytes: bytes)
        default:
            throw FaultSpecError(
                spec: spec,
                problem: "unknown fault \"\(kind)\"; use status:CODE[:retry-after=V], api-error[:MESSAGE], html, "
                    + "malformed, truncated, reset, stall, oversize:BYTES, endless, redirect-loop or redirect-file"
            )
        }
    }

    /// Parses `CODE` or `CODE:retry-after=VALUE`.
    private static func status(_ argument: Substring, spec: String) throws(FaultSpecError) -> Fault {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let code = Int(parts[0]), (200...599).contains(code) else {
            throw FaultSpecError(spec: spec, problem: "status needs a code from 200 to 599, e.g. status:503")
        }
        guard parts.count > 1 else {
            return .status(code)
        }
        let prefix = "retry-after="
        guard parts[1].hasPrefix(prefix), parts[1].count > prefix.count else {
            throw FaultSpecError(
                spec: spec, problem: "expected status:CODE:retry-after=VALUE, e.g. status:429:retry-after=2")
        }
        return .status(code, retryAfter: String(parts[1].dropFirst(prefix.count)))
    }
}
