extension Command {
    /// `forecast warnings [options] <city>...`: the warnings and advisories in force.
    static let warnings = Command(
        name: "warnings",
        options: OptionSpec.fetching(first: [.format(warningsFormats, templates: "(%C the warnings in force, %d the date)")], units: false, bar: true),
        formats: warningsFormats, misnomers: ["warning", "alerts"],
        help: {
            CommandHelp(
                summary: "The warnings and advisories in force in each city's area, from the weather agency's files (出典: 気象庁).",
                about: """
                    The warnings and advisories (警報・注意報) the weather agency has in force in each \
                    city's area, highest level first: 5 emergency warning (特別警報), 4 danger warning \
                    (危険警報), 3 warning (警報), 2 advisory (注意報); a status such as 警報から注意報 \
                    says a warning became an advisory. One file of the city's office serves its cities \
                    (www.jma.go.jp/bosai/warning/data/r8), kept 5 minutes; 十勝 and 奄美 have files of \
                    their own. A city with nothing in force prints one TSV row of level 0, the line's -, \
                    JSON's empty list. A code the tool does not know is shown as 不明な警報・注意報 (NN). \
                    Source: Japan Meteorological Agency (出典: 気象庁), read and reformatted by forecast.
                    """,
                examples: [
                    .init("forecast warnings 東京", "a table on a terminal, TSV into a pipe"),
                    .init("forecast warnings -f line 東京", "東京 大雨警報、雷注意報、土砂災害注意報"),
                    .init("forecast warnings --watch -f waybar 東京", "a bar, its class the highest level"),
                ],
                note: "One file serves an office's cities.",
                placeholders: "(%C the warnings in force)",
                section: ("WARNINGS", """
                    `forecast warnings <city>...` prints the warnings and advisories (警報・注意報) in force in \
                    each city's area, highest level first: 5 emergency warning (特別警報), 4 danger warning \
                    (危険警報), 3 warning (警報), 2 advisory (注意報). One file of the agency serves an office's \
                    cities (www.jma.go.jp/bosai/warning, the r8 format), kept 5 minutes. A city with nothing \
                    in force prints one TSV row of level 0 (the line's -, JSON's []). With --warnings, the \
                    3-day forecast and the week name the warnings of level 3 or more under the table and in \
                    JSON's "warnings", at one more request per office. Source: Japan Meteorological Agency \
                    (出典: 気象庁).
                    """))
        },
        run: .cities(WarningsRun()))

    private static let warningsFormats = OutputFormat.all(but: [.detail])
}

/// How `forecast warnings` has its results: the client's warnings, looked at again by
/// `--watch` as often as the cache keeps a file, for warnings change at any hour.
struct WarningsRun: CityRun {
    func results(_ context: RunContext) -> CityResults<CityWarnings> {
        context.client!.warnings(for: context.cities, jobs: context.jobs)
    }

    func nextLook(after results: [CityResult<CityWarnings>], now: Int) -> Int {
        now + ForecastClient.warningsFreshness
    }
}

extension Key {
    /// Name the warnings of level 3 or more in force with the forecast (`--warnings`).
    package static let warnings = OptionKey("warnings", false)
}

extension OptionSpec {
    static let warnings = flag(
        "warnings",
        help: "name the warnings (警報) in force under the table, in JSON and TSV's last column; one more request per office",
        formatRule: { format in
            [.auto, .table, .tsv, .json].contains(format)
                ? nil : "--warnings marks the table, tsv and json (got --format \(format.name)); a template names them with %A"
        },
        sets: Key.warnings)
}

extension WarningMarks {
    /// `--warnings`: the offices' warning files, had before the forecasts, marked on them.
    struct Asked: Decoration {
        var option: OptionSpec { .warnings }

        var placeholders: [FormatTemplate.Placeholder] { [.warnings] }

        /// With `--warnings`, or a template of the lines (the format's, waybar's text's) that has `%A`.
        func isAsked(_ values: OptionValues) -> Bool {
            values[Key.warnings] || values.lineTemplate?.parts.contains(.value(.warnings)) == true
        }

        func results(_ context: RunContext) -> CityResults<CityWarnings> {
            context.client!.warnings(for: context.cities, jobs: context.jobs)
        }

        func decoration(of results: [CityResult<CityWarnings>]) -> any CityDecoration {
            WarningMarks(results)
        }
    }
}
