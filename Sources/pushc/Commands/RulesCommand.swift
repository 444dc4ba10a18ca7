import PushDiagnostics
import PushJSON
import PushPayload
import PushReceivingCore
import PushServer
import PushYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `pushc rules`: lists every rule pushc checks, or documents one rule or diagnostic.
struct RulesCommand: Command {
  /// The layouts of the list.
  enum Format: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// One rule per line: identifier, severity and summary, then its source.
    case text
    /// `{"rules": [{"id", "severity", "summary", "source", "emits": [...]}]}`.
    case json
  }

  /// `--format`.
  static let format = Option<Format>(
    "format",
    valueName: "format",
    default: .text,
    formats: .result,
    help: "How the list of rules is written to standard output."
  )
  /// The rule or diagnostic to document.
  static let identifier = PositionalSpec(
    "id",
    arity: .optional,
    help: "A rule identifier (apns-headers) or a diagnostic identifier (apnsInvalidPriority).",
    completions: RuleRegistry.rules.map(\.id.rawValue)
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "rules"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "List the rules pushc checks, or document one.",
    discussion: """
      Without an identifier, lists every rule in the order pushc runs it, with its identifier, \
      default severity, summary and the Apple or Firebase document it follows. With a rule \
      identifier, prints the rule and the documentation of each diagnostic it emits, with \
      examples; a diagnostic identifier prints the rule that emits it, or the diagnostic's own \
      documentation when no rule does (reading and lowering diagnostics).
      """,
    options: [format],
    positionals: [identifier]
  )

  /// Every diagnostic domain: those of the library, YAML and the command line.
  static var domains: [DiagnosticDomain] {
    RuleRegistry.diagnosticDomains + [.decode, .yaml, .cli, .config, .serve, .fcmRules]
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = arguments[Self.format]
    guard let text = arguments.values(of: identifier).first else {
      console.print(format == .json ? json(RuleRegistry.rules) : list(RuleRegistry.rules))
      return .success
    }
    let documentation = Documentation.load()
    if let rule = RuleRegistry.rule(RuleID(text)) {
      console.print(format == .json ? json([rule]) : documentation.describe(rule))
      return .success
    }
    let diagnostic = DiagnosticID(rawValue: text)
    let rules = RuleRegistry.rules(emitting: diagnostic)
    if !rules.isEmpty {
      console.print(
        format == .json
          ? json(rules) : rules.map { documentation.describe($0) }.joined(separator: "\n"))
      return .success
    }
    if let domain = domains.first(where: { $0.diagnostics.contains(diagnostic) }) {
      console.print(documentation.describe(diagnostic, in: domain))
      return .success
    }
    let candidates =
      RuleRegistry.rules.map(\.id.rawValue) + domains.flatMap { $0.diagnostics.map(\.rawValue) }
    var message = "unknown rule or diagnostic '\(text)'"
    if let suggestion = Suggestion.closest(to: text, among: candidates) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw UsageError(message)
  }

  /// The text list: `id  severity  summary` and an indented source line per rule.
  static func list(_ rules: [RuleDescriptor]) -> String {
    let width = rules.map(\.id.rawValue.count).max() ?? 0
    return rules.map { rule in
      let id = rule.id.rawValue + String(repeating: " ", count: width - rule.id.rawValue.count)
      let severity = rule.defaultSeverity.rawValue
      let padding = String(repeating: " ", count: 7 - severity.count)
      return "\(id)  \(severity)\(padding)  \(rule.summary)\n"
        + String(repeating: " ", count: width + 11) + rule.source + "\n"
    }.joined()
  }

  /// The JSON list, pretty-printed canonical JSON.
  static func json(_ rules: [RuleDescriptor]) -> String {
    let entries = rules.map { rule in
      object([
        ("id", string(rule.id.rawValue)),
        ("severity", string(rule.defaultSeverity.rawValue)),
        ("summary", string(rule.summary)),
        ("source", string(rule.source)),
        ("emits", ValueNode(.array(rule.emits.map { string($0.rawValue) }))),
      ])
    }
    let list = object([("rules", ValueNode(.array(entries)))])
    return CanonicalJSONWriter(style: .pretty).string(for: list) + "\n"
  }

  private static func string(_ text: String) -> ValueNode { ValueNode(.string(text)) }

  private static func object(_ members: [(String, ValueNode)]) -> ValueNode {
    ValueNode(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
  }
}

extension RulesCommand {
  /// The entries of `Documentation/Diagnostics/*.md` and the diagnostics goldens of
  /// `samples/`, read from the checkout `pushc` was built from.
  struct Documentation {
    /// The root of the checkout.
    static let root: String = {
      var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
      components.removeLast(4)  // Sources/pushc/Commands/RulesCommand.swift
      return components.joined(separator: "/")
    }()

    /// The folder of the diagnostics documentation.
    static var folder: String { root + "/Documentation/Diagnostics" }

    /// The sample folders whose goldens hold rendered diagnostics.
    static let sampleFolders = ["lint", "lint-apns", "compile", "fit", "fmt"]

    /// The text of each documentation file read, by file name.
    var files: [String: String]
    /// The lines of the diagnostics goldens of `samples/`, with the path of their golden.
    var sampleLines: [(path: String, line: Substring)]

    /// Reads every file a domain names and every diagnostics golden; unreadable files are left
    /// out.
    static func load() -> Documentation {
      var files: [String: String] = [:]
      for domain in RulesCommand.domains where files[domain.documentationFile] == nil {
        guard let text = read(folder + "/" + domain.documentationFile) else { continue }
        files[domain.documentationFile] = text
      }
      var sampleLines: [(path: String, line: Substring)] = []
      for folder in sampleFolders {
        for name in fileNames(in: root + "/samples/" + folder)
        where name.hasSuffix(".diagnostics.txt") || name.hasSuffix(".lint.txt") {
          let path = "samples/\(folder)/\(name)"
          guard let text = read(root + "/" + path) else { continue }
          sampleLines += text.split(separator: "\n").map { (path, $0) }
        }
      }
      return Documentation(files: files, sampleLines: sampleLines)
    }

    /// The text of the file at `path`, or `nil` when it cannot be read.
    static func read(_ path: String) -> String? {
      guard
        let bytes = try? FileIO.readFile(atPath: path, maximumSize: InputReader.defaultMaximumSize)
      else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The names of the entries of `folder`, sorted; none when it cannot be read.
    static func fileNames(in folder: String) -> [String] {
      guard let directory = opendir(folder) else { return [] }
      defer { closedir(directory) }
      var names: [String] = []
      while let entry = readdir(directory) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
          let capacity = MemoryLayout.size(ofValue: pointer.pointee)
          return pointer.withMemoryRebound(to: CChar.self, capacity: capacity) {
            String(cString: $0)
          }
        }
        names.append(name)
      }
      return names.sorted()
    }

    /// How pushc prints `diagnostic` in a sample, when a golden of `samples/` has it.
    func sampleExample(of diagnostic: DiagnosticID) -> String? {
      let marker = "[\(diagnostic.rawValue)]"
      guard let found = sampleLines.first(where: { $0.line.hasSuffix(marker) }) else {
        return nil
      }
      return "Example output (\(found.path)):\n    \(found.line)\n"
    }

    /// The entry of `diagnostic`: its `### \`id\`` heading and the lines up to the next heading.
    func entry(of diagnostic: DiagnosticID, in domain: DiagnosticDomain) -> String {
      let heading = "### `\(diagnostic.rawValue)`"
      guard let text = files[domain.documentationFile] else {
        return heading + "\n(not found: \(Self.folder)/\(domain.documentationFile))\n"
      }
      var lines: [Substring] = []
      var inEntry = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("#") {
          if inEntry { break }
          inEntry = line == heading
        }
        if inEntry { lines.append(line) }
      }
      while lines.last?.isEmpty == true { lines.removeLast() }
      var entry = lines.joined(separator: "\n") + "\n"
      if !lines.contains(where: { $0.contains("Example") }),
        let example = sampleExample(of: diagnostic)
      {
        entry += example
      }
      return entry
    }

    /// A rule, then the entry of each diagnostic it emits.
    func describe(_ rule: RuleDescriptor) -> String {
      var text = """
        \(rule.id) (\(rule.domain.rawValue) rule, \(rule.defaultSeverity.rawValue))
        \(rule.summary).
        Source: \(rule.source)
        Emits: \(rule.emits.map(\.rawValue).joined(separator: ", "))

        """
      for diagnostic in rule.emits {
        guard
          let domain = RulesCommand.domains.first(where: { $0.diagnostics.contains(diagnostic) })
        else { continue }
        text += "\n" + entry(of: diagnostic, in: domain)
      }
      return text
    }

    /// A diagnostic no rule emits: its domain, then its entry.
    func describe(_ diagnostic: DiagnosticID, in domain: DiagnosticDomain) -> String {
      """
      \(diagnostic) (\(domain.id) diagnostic, reported while reading or transforming input, \
      not by a rule)

      \(entry(of: diagnostic, in: domain))
      """
    }
  }
}
