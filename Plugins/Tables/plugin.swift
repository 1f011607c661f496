import PackagePlugin

/// Makes each TSV table of a target into Swift at build time (see Plugins/TableToSwift): one
/// `<folder>-<name>.swift` per `<folder>/<name>.tsv`.
@main
struct Tables: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "TableToSwift")
        return target.sourceFiles(withSuffix: "tsv").map { file in
            // Named after its folder too ("Catalog-cities.swift"): two folders may have a
            // table of the same name.
            let name = file.url.deletingLastPathComponent().lastPathComponent + "-"
                + file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: name + ".swift")
            return .buildCommand(
                displayName: "Making \(name).swift from \(file.url.lastPathComponent)",
                executable: tool.url, arguments: [file.url.path, output.path],
                inputFiles: [file.url], outputFiles: [output])
        }
    }
}
