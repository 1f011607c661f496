import ArgumentParser

/// The zsh completion script, mended.
///
/// swift-argument-parser 1.8.2 gives a root command that has a repeating positional (the
/// cities) the specs of its implicit `help` subcommand as well: `'(-): :->command'`, which takes
/// the first positional's place, and `'(-)*:: :->arg'`, a second rest argument, which zsh's
/// `_arguments` refuses ("doubled rest argument definition"), so that nothing completed at all.
/// Without the two lines, options, their values and cities complete; only `forecast help
/// <subcommand>` does not.
enum ZshCompletion {
    /// The two lines dropped from the generated script, without their indentation.
    static let helpSubcommandSpecs: Set<Substring> = ["'(-): :->command'", "'(-)*:: :->arg'"]

    /// The script swift-argument-parser writes for `FetchDeclaration`, without the help subcommand's specs.
    static func script() -> String {
        FetchDeclaration.completionScript(for: .zsh)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !helpSubcommandSpecs.contains($0.drop(while: { $0 == " " })) }
            .joined(separator: "\n")
    }
}
