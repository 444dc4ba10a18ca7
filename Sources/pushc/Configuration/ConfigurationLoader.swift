import PushDiagnostics
import PushJSON
import PushPayload
import PushYAML

/// Reads a `.pushc.yaml` file with the YAML front end into a ``PushcConfiguration``, checking
/// every key and value: what is wrong is a diagnostic at its place, never a crash, and the
/// settings that are right are kept.
struct ConfigurationLoader: Sendable {
  /// The name of the files found by searching upward from an input's folder.
  static let fileName = ".pushc.yaml"

  /// The keys of the top level, in the order `--print-config` shows them.
  static let keys = [
    "bundle-id", "warnings-as-errors", "include", "exclude", "templates", "rules", "kinds",
    "suppressions",
  ]
  /// The keys of one entry of `suppressions`.
  static let suppressionKeys = ["path", "rule", "pointer", "reason"]
  /// The values of a rule in `rules`.
  static let ruleValues = ["error", "warning", "note", "disabled"]

  /// The largest configuration file read.
  static let maximumSize = 1 << 20

  /// A configuration and what was wrong with it.
  struct Loaded: Sendable {
    /// The settings that could be read.
    var configuration: PushcConfiguration
    /// What was wrong, at its place in the file.
    var diagnostics: [Diagnostic]
  }

  /// Reads the file at the absolute `path`, naming it `displayName` in diagnostics.
  ///
  /// - Throws: A ``FileError`` when the file cannot be read.
  func load(path: String, displayName: String) throws(FileError) -> Loaded {
    let bytes = try FileIO.readFile(atPath: path, maximumSize: Self.maximumSize)
    return Self.parse(SourceFile(name: displayName, bytes: bytes), path: path)
  }

  /// Reads the configuration in `file`, whose absolute path is `path`.
  static func parse(_ file: SourceFile, path: String) -> Loaded {
    var reading = Reading(
      file: file, configuration: PushcConfiguration(path: path, displayName: file.name))
    let parsed = YAMLReader.read(file)
    reading.diagnostics = parsed.diagnostics
    if parsed.documents.count > 1 {
      reading.report(
        .configInvalidValue("the configuration", expected: "one YAML document"),
        at: parsed.documents[1])
    }
    if let document = parsed.documents.first, !document.isNull {
      reading.readTopLevel(document)
    }
    return Loaded(configuration: reading.configuration, diagnostics: reading.diagnostics)
  }

  /// The state of reading one file.
  private struct Reading {
    let file: SourceFile
    var configuration: PushcConfiguration
    var diagnostics: [Diagnostic] = []

    mutating func report(_ message: DiagnosticMessage, at node: ValueNode) {
      report(message, span: node.span)
    }

    mutating func report(_ message: DiagnosticMessage, span: SourceSpan) {
      diagnostics.append(Diagnostic(message, file: file.name, range: file.range(of: span)))
    }

    func located<Value>(_ value: Value, _ node: ValueNode) -> PushcConfiguration.Located<Value> {
      .init(value: value, range: file.range(of: node.span))
    }

    /// The members of `node`, or `nil` (reported) when it is not a mapping.
    mutating func members(of node: ValueNode, subject: String, expected: String)
      -> [JSONObject.Member]?
    {
      guard let object = node.objectValue else {
        report(.configInvalidValue(subject, expected: expected), at: node)
        return nil
      }
      return object.members
    }

    mutating func readTopLevel(_ document: ValueNode) {
      guard
        let members = members(
          of: document, subject: "the configuration",
          expected: "a mapping of settings (bundle-id: …)")
      else { return }
      for member in members {
        let value = member.value
        switch member.key {
        case "bundle-id":
          if let text = value.stringValue, !text.isEmpty {
            configuration.bundleID = located(text, value)
          } else {
            report(
              .configInvalidValue("'bundle-id'", expected: "a bundle ID such as com.example.app"),
              at: value)
          }
        case "warnings-as-errors":
          if let flag = value.boolValue {
            configuration.warningsAsErrors = located(flag, value)
          } else {
            report(
              .configInvalidValue("'warnings-as-errors'", expected: "true or false"), at: value)
          }
        case "include":
          configuration.include = globs(value, key: "include")
        case "exclude":
          configuration.exclude = globs(value, key: "exclude")
        case "templates":
          configuration.templates = globs(value, key: "templates")
        case "rules":
          readRules(value)
        case "kinds":
          readKinds(value)
        case "suppressions":
          readSuppressions(value)
        default:
          let suggestion = Suggestion.closest(to: member.key, among: ConfigurationLoader.keys)
          report(
            .configUnknownKey(member.key, in: nil, suggestion: suggestion), span: member.keySpan)
        }
      }
    }

    /// A glob, or `nil` (reported) when `node` is not a valid one.
    mutating func glob(_ node: ValueNode, key: String) -> PathGlob? {
      guard let text = node.stringValue, let glob = PathGlob(text) else {
        report(
          .configInvalidValue("'\(key)'", expected: "a glob such as 'samples/**/*.json'"), at: node)
        return nil
      }
      return glob
    }

    /// The globs of a list (or of a single string).
    mutating func globs(_ node: ValueNode, key: String) -> [PathGlob] {
      guard let elements = node.arrayValue else {
        if node.stringValue != nil { return glob(node, key: key).map { [$0] } ?? [] }
        report(.configInvalidValue("'\(key)'", expected: "a list of globs"), at: node)
        return []
      }
      return elements.compactMap { glob($0, key: key) }
    }

    mutating func readRules(_ node: ValueNode) {
      guard
        let members = members(
          of: node, subject: "'rules'",
          expected: "a mapping from rule to error, warning, note or disabled")
      else { return }
      for member in members {
        let rule: RuleID
        switch RuleNames.rule(member.key) {
        case .found(let found): rule = found
        case .problem(let message):
          report(message, span: member.keySpan)
          continue
        }
        let text = member.value.stringValue ?? ""
        let setting: RuleConfiguration.Setting
        if text == "disabled" {
          setting = .disabled
        } else if let severity = Severity(rawValue: text) {
          setting = .severity(severity)
        } else {
          let hint = Suggestion.closest(to: text, among: ConfigurationLoader.ruleValues)
          report(
            .configInvalidValue(
              "rule '\(member.key)'",
              expected: "error, warning, note or disabled"
                + (hint.map { " (did you mean '\($0)'?)" } ?? "")),
            at: member.value)
          continue
        }
        configuration.rules.removeAll { $0.rule == rule }
        configuration.rules.append((rule, located(setting, member.value)))
      }
    }

    mutating func readKinds(_ node: ValueNode) {
      guard
        let members = members(
          of: node, subject: "'kinds'",
          expected: "a mapping from glob to fcm, apns, apns-request or simctl")
      else { return }
      for member in members {
        guard let glob = PathGlob(member.key) else {
          report(
            .configInvalidValue("'kinds'", expected: "a glob such as 'apns/*.json'"),
            span: member.keySpan)
          continue
        }
        guard let text = member.value.stringValue, let kind = APNSInputKind(rawValue: text) else {
          let kinds = APNSInputKind.allCases.map(\.rawValue)
          report(
            .configInvalidValue("kind of '\(member.key)'", expected: kinds.joined(separator: ", ")),
            at: member.value)
          continue
        }
        configuration.kinds.append((glob, kind))
      }
    }

    mutating func readSuppressions(_ node: ValueNode) {
      guard let entries = node.arrayValue else {
        report(
          .configInvalidValue(
            "'suppressions'", expected: "a list of {path, rule, pointer, reason}"),
          at: node)
        return
      }
      for entry in entries {
        guard
          let members = members(
            of: entry, subject: "an entry of 'suppressions'",
            expected: "a mapping with path, rule, pointer, reason")
        else { continue }
        var path: PathGlob?
        var identifier: String?
        var pointer: JSONPointer?
        var reason: String?
        var isValid = true
        for member in members {
          let value = member.value
          switch member.key {
          case "path":
            path = glob(value, key: "path")
            isValid = isValid && path != nil
          case "rule":
            guard let text = value.stringValue else {
              report(
                .configInvalidValue("'rule'", expected: "a rule or diagnostic identifier"),
                at: value)
              isValid = false
              continue
            }
            if case .unknown(let hint) = RuleNames.resolve(text) {
              report(.configUnknownRule(text, hint: hint), at: value)
              isValid = false
            }
            identifier = text
          case "pointer":
            guard let text = value.stringValue, let parsed = JSONPointer(text) else {
              report(
                .configInvalidValue("'pointer'", expected: "a JSON Pointer such as '/aps/alert'"),
                at: value)
              isValid = false
              continue
            }
            pointer = parsed
          case "reason":
            reason = value.scalarText
          default:
            let suggestion = Suggestion.closest(
              to: member.key, among: ConfigurationLoader.suppressionKeys)
            report(
              .configUnknownKey(member.key, in: "suppressions", suggestion: suggestion),
              span: member.keySpan)
            isValid = false
          }
        }
        guard isValid else { continue }
        guard let path, let identifier else {
          report(
            .configInvalidValue("the suppression", expected: "both 'path' and 'rule'"), at: entry)
          continue
        }
        configuration.suppressions.append(
          .init(
            path: path, identifier: identifier, pointer: pointer, reason: reason,
            range: file.range(of: entry.span)))
      }
    }
  }
}
