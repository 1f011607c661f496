import PackagePlugin

/// Makes each TSV table of a target into Swift at build time (see Plugins/TableToSwift): one
/// `<name>.swift` per `<name>.tsv`.
@main
struct Tables: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "TableToSwift")
        return target.sourceFiles(withSuffix: "tsv").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: name + ".swift")
            return .buildCommand(
                displayName: "Making \(name).swift from \(file.url.lastPathComponent)",
                executable: tool.url, arguments: [file.url.path, output.path],
                inputFiles: [file.url], outputFiles: [output])
        }
    }
}
