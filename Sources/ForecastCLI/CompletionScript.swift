import ArgumentParser

/// The bash, zsh and fish completion scripts: swift-argument-parser's, written from
/// ``FetchDeclaration`` and its subcommands, mended where they cannot say what `forecast` is.
///
/// swift-argument-parser 1.8.2 completes a root's positional arguments or its subcommands, not
/// both. `forecast` takes cities at the top level and `week` and `cities` as its first operand,
/// so its generated scripts read every word as a city, `week` and `cities` never reach the
/// functions the generator writes for them with their own options and values, and a subcommand
/// was offered the fetch's. Each script gets the same mend: the first operand, found by skipping
/// the options and the values of those that take one (as the table says), hands the rest of the
/// line to the subcommand's function when it names one. Anything else completes as the fetch.
enum CompletionScript {
    /// The script for `shell`, ending with a newline.
    static func text(for shell: ParserRequest.Shell) -> String {
        let script: String = switch shell {
        case .bash: bash(FetchDeclaration.completionScript(for: .bash))
        case .zsh: zsh(FetchDeclaration.completionScript(for: .zsh))
        case .fish: fish(FetchDeclaration.completionScript(for: .fish))
        }
        return script.hasSuffix("\n") ? script : script + "\n"
    }

    /// The subcommands, as the first operand names them: `week|cities`.
    static var subcommandPattern: String {
        Invocation.Command.allCases.filter { $0 != .fetch }.map(\.rawValue).joined(separator: "|")
    }

    /// The long options that take their value as the next word, as a case pattern:
    /// `--format|--days|…`.
    static var valueOptionPattern: String {
        OptionTable.all.filter(\.takesValue).map { "--\($0.long)" }.joined(separator: "|")
    }

    /// A regular expression for a cluster of short options whose last letter takes the next
    /// word as its value (`-f`, `-pj`), as getopt reads them: before the first letter that takes
    /// a value, only flags.
    static var valueClusterExpression: String {
        let letters = String(OptionTable.all.filter(\.takesValue).compactMap(\.short))
        return "^-[^\(letters)]*[\(letters)]$"
    }

    /// The first line of the mend, which says what it is.
    private static var comment: String {
        "    # Mended by forecast: `forecast [options] \(subcommandPattern) …` completes as the subcommand."
    }

    /// The lines that find the first operand, for bash and zsh: `advance` moves past a word,
    /// `subcommand` is run with `word` naming one.
    private static func operandLoop(
        condition: String, word: String, advance: (Int) -> String, subcommand: [String], caseOpen: String
    ) -> [String] {
        [
            "    local word",
            "    local -r value_cluster='\(valueClusterExpression)'",
            "    while \(condition); do",
            "        word=\(word)",
            "        case \"${word}\" in",
            "        \(caseOpen)\(valueOptionPattern)) \(advance(2)) ;;",
            "        \(caseOpen)-|--) break ;;",
            "        \(caseOpen)--*) \(advance(1)) ;;",
            "        \(caseOpen)-*) if [[ \"${word}\" =~ ${value_cluster} ]]; then \(advance(2)); else \(advance(1)); fi ;;",
            "        \(caseOpen)\(subcommandPattern))",
        ] + subcommand.map { "            " + $0 } + [
            "            return",
            "            ;;",
            "        \(caseOpen)*) break ;;",
            "        esac",
            "    done",
        ]
    }

    /// bash: before the root's own arrays, hand `unparsed_words` after the subcommand to its
    /// function, with the arrays it fills declared here, as the root's are.
    static func bash(_ script: String) -> String {
        let mend = [comment, "    local -a repeating_flags non_repeating_flags repeating_options non_repeating_options", "    local -i operand=0"]
            + operandLoop(
                condition: "((operand < ${#unparsed_words[@]} - 1))", word: "\"${unparsed_words[operand]}\"",
                advance: { "((operand += \($0)))" },
                subcommand: ["unparsed_words=(\"${unparsed_words[@]:operand + 1}\")", "\"_forecast_${word}\""], caseOpen: "")
        return insert(mend, before: "    local -a repeating_flags=", in: script)
    }

    /// zsh: the generator's specs of the help subcommand, `'(-): :->command'` and
    /// `'(-)*:: :->arg'`, take the cities' place as the first positional and make a second rest
    /// argument, which `_arguments` refuses ("doubled rest argument definition"), so that
    /// nothing completed at all: they go. Before the root's specs, the words from the
    /// subcommand on are handed to its function, as `_arguments`' `*::` would.
    static func zsh(_ script: String) -> String {
        let kept = script.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !helpSubcommandSpecs.contains($0.drop(while: { $0 == " " })) }
            .joined(separator: "\n")
        let mend = [comment, "    local -i operand=2"]
            + operandLoop(
                condition: "(( operand < CURRENT ))", word: "\"${words[operand]}\"",
                advance: { "(( operand += \($0) ))" },
                subcommand: ["words=(\"${(@)words[operand,-1]}\")", "(( CURRENT -= operand - 1 ))", "\"_forecast_${word}\""],
                caseOpen: "(")
        return insert(mend, before: "    local -i ret=1", in: kept)
    }

    /// The zsh specs of the help subcommand, without their indentation.
    static let helpSubcommandSpecs: Set<Substring> = ["'(-): :->command'", "'(-)*:: :->arg'"]

    /// fish: the root reads no positional before it looks for a subcommand (`0` for `-r 1`), so
    /// that the first operand is the one its `switch` compares with `week` and `cities`; the
    /// cities complete at any position all the same (`-ge 1`).
    static func fish(_ script: String) -> String {
        let root = "        __forecast_parse_subcommand -r 1 "
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(root) }) else { return script }
        var mended = lines
        mended[index] = "        __forecast_parse_subcommand 0 " + lines[index].dropFirst(root.count)
        return mended.joined(separator: "\n")
    }

    /// `script` with `lines` before its first line that starts with `anchor`; unchanged if
    /// there is none (then the completion tests fail).
    private static func insert(_ lines: [String], before anchor: String, in script: String) -> String {
        var all = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = all.firstIndex(where: { $0.hasPrefix(anchor) }) else { return script }
        all.insert(contentsOf: lines, at: index)
        return all.joined(separator: "\n")
    }
}
