import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc lint --print-config [PATH]`: the settings that apply to a path, as YAML a user can
/// copy into a `.pushc.yaml`, each with a comment saying where it comes from (a place in the
/// configuration file, or the command-line option that overrides it).
struct ConfigurationPrinter {
  /// The command line, for the options that win over the file.
  let arguments: ParsedArguments
  /// Finds the configuration.
  let resolver: ConfigurationResolver

  /// Prints the settings of `path` (the current folder when `nil`) to standard output, and the
  /// configuration file's diagnostics to standard error.
  ///
  /// - Returns: 78 when the configuration has errors, 66 when it cannot be read, else 0.
  func print(_ path: String?, console: Console) -> ExitCode {
    let target = path ?? "."
    let absolute = FilePaths.absolute(target, in: resolver.currentDirectory)
    let isFolder = path == nil || FilePaths.kind(of: absolute) == .directory
    let configuration: PushcConfiguration?
    var decision: ConfigurationResolver.Decision?
    if isFolder {
      configuration = resolver.configuration(searchingFrom: absolute)
    } else {
      decision = resolver.decision(for: target)
      configuration = decision?.configuration
    }
    var lines = ["# pushc lint settings for '\(target)'"]
    if let configuration {
      lines.append("# configuration file: \(configuration.displayName)")
    } else if case .disabled = resolver.mode {
      lines.append("# configuration file: none (--no-config)")
    } else {
      lines.append("# configuration file: none found up to the repository root")
    }
    lines += settingLines(configuration, decision: decision)
    console.print(lines.joined(separator: "\n") + "\n")
    for (name, error) in resolver.unreadable {
      console.writeError(
        TextDiagnosticRenderer(usesColor: false).render([
          Diagnostic(.cliCannotReadFile(name, reason: error.reason), file: name)
        ]))
    }
    console.writeError(TextDiagnosticRenderer(usesColor: false).render(resolver.diagnostics))
    if !resolver.unreadable.isEmpty { return .cannotRead }
    return resolver.diagnostics.containsErrors ? .configuration : .success
  }

  /// The settings, one YAML line each (lists and mappings indented below their key).
  private func settingLines(
    _ configuration: PushcConfiguration?, decision: ConfigurationResolver.Decision?
  ) -> [String] {
    var lines: [String] = []
    func place(_ range: SourceRange?) -> String {
      guard let configuration, let range else { return "" }
      return "  # \(configuration.displayName):\(range.start.line):\(range.start.column)"
    }
    if let bundleID = arguments[CompileOptions.bundleID] {
      lines.append("bundle-id: \(quoted(bundleID))  # --bundle-id")
    } else if let bundleID = configuration?.bundleID {
      lines.append("bundle-id: \(quoted(bundleID.value))" + place(bundleID.range))
    } else {
      lines.append("bundle-id: null")
    }
    if arguments[DiagnosticOptions.warningsAsErrors] {
      lines.append("warnings-as-errors: true  # --warnings-as-errors")
    } else if let flag = configuration?.warningsAsErrors {
      lines.append("warnings-as-errors: \(flag.value)" + place(flag.range))
    } else {
      lines.append("warnings-as-errors: false")
    }
    lines.append("include: " + list(configuration?.include ?? []))
    lines.append("exclude: " + list(configuration?.exclude ?? []))
    lines.append("templates: " + list(configuration?.templates ?? []))
    let rules = configuration?.rules ?? []
    lines.append(rules.isEmpty ? "rules: {}" : "rules:")
    for entry in rules {
      let value: String
      switch entry.setting.value {
      case .disabled: value = "disabled"
      case .severity(let severity): value = severity.rawValue
      }
      lines.append("  \(entry.rule): \(value)" + place(entry.setting.range))
    }
    let kinds = configuration?.kinds ?? []
    lines.append(kinds.isEmpty ? "kinds: {}" : "kinds:")
    for entry in kinds { lines.append("  \(quoted(entry.glob.pattern)): \(entry.kind.rawValue)") }
    let suppressions = configuration?.suppressions ?? []
    lines.append(suppressions.isEmpty ? "suppressions: []" : "suppressions:")
    for entry in suppressions {
      var fields = ["path: \(quoted(entry.path.pattern))", "rule: \(quoted(entry.identifier))"]
      if let pointer = entry.pointer { fields.append("pointer: \(quoted(pointer.description))") }
      if let reason = entry.reason { fields.append("reason: \(quoted(reason))") }
      lines.append("  - {" + fields.joined(separator: ", ") + "}" + place(entry.range))
    }
    guard let decision else { return lines }
    lines.append("# for this file:")
    lines.append("checked: \(decision.isIncluded)")
    if let kind = arguments[CompileOptions.kind] {
      lines.append("kind: \(kind.rawValue)  # --kind")
    } else if let kind = decision.kind {
      lines.append("kind: \(kind.rawValue)  # kinds")
    } else {
      lines.append("kind: null  # detected from the content")
    }
    return lines
  }

  private func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    CanonicalJSONWriter.writeString(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func list(_ globs: [PathGlob]) -> String {
    "[" + globs.map { quoted($0.pattern) }.joined(separator: ", ") + "]"
  }
}
