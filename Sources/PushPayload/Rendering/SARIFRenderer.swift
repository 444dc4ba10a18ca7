public import PushDiagnostics
public import PushJSON

/// Renders diagnostics as a SARIF 2.1.0 log, the format GitHub code scanning and many editors
/// read, with one run of the tool.
///
/// - Each diagnostic identifier that occurs is a rule of `tool.driver.rules` (a
///   `reportingDescriptor`), described from ``RuleRegistry``: the summary of the rule that emits
///   it as `shortDescription`, the rule's identifier, summary and source as `fullDescription`,
///   the source as `helpUri` when it is a URL, and the rule's default severity as
///   `defaultConfiguration.level`. An identifier no rule emits (reading, lowering and command-line
///   diagnostics) is described by its domain and documentation file.
/// - Each diagnostic is a `result` with `ruleId`, `ruleIndex`, `level` (`error`, `warning` or
///   `note`), the message (with its notes and fix-its on further lines), its place as a
///   `physicalLocation` whose `region` has the 1-based `startLine`, `startColumn`, `endLine` and
///   the exclusive `endColumn`, plus `byteOffset` and `byteLength`; notes with a place are
///   `relatedLocations`, fix-its with edits are `fixes`, and the JSON Pointer and the
///   machine-readable facts (such as `apns_reason`) are `properties`.
/// - The run declares `"columnKind": "utf16CodeUnits"`, SARIF's default: convert the columns
///   with `SourceColumns` before rendering, since the renderer writes them as they are.
///
/// Rendering is linear in the number of diagnostics.
public struct SARIFRenderer: Sendable {
  /// The tool's name, `tool.driver.name`.
  public var toolName: String
  /// The tool's version, `tool.driver.version` and `semanticVersion`.
  public var toolVersion: String
  /// The domains that describe identifiers no rule emits: ``RuleRegistry/diagnosticDomains``
  /// and those of the other libraries and of the tool.
  public var domains: [DiagnosticDomain]

  /// The `$schema` every log names.
  public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  /// Creates a renderer.
  public init(
    toolName: String,
    toolVersion: String,
    domains: [DiagnosticDomain] = RuleRegistry.diagnosticDomains
  ) {
    self.toolName = toolName
    self.toolVersion = toolVersion
    self.domains = domains
  }

  /// The UTF-8 bytes of the pretty log of `diagnostics`, ending in a newline.
  public func bytes(for diagnostics: [Diagnostic]) -> [UInt8] {
    CanonicalJSONWriter(style: .pretty).bytes(for: document(for: diagnostics))
      + [UInt8(ascii: "\n")]
  }

  /// The log of `diagnostics` as a value tree.
  public func document(for diagnostics: [Diagnostic]) -> ValueNode {
    var ruleIndex: [DiagnosticID: Int] = [:]
    var ruleIDs: [DiagnosticID] = []
    for diagnostic in diagnostics where ruleIndex[diagnostic.id] == nil {
      ruleIndex[diagnostic.id] = ruleIDs.count
      ruleIDs.append(diagnostic.id)
    }
    let results = diagnostics.map { result(for: $0, ruleIndex: ruleIndex[$0.id] ?? 0) }
    let run = object(runMembers(ruleIDs: ruleIDs) + [("results", array(results))])
    return object(logMembers + [("runs", array([run]))])
  }

  /// The members of the log before `runs`.
  var logMembers: [(String, ValueNode)] {
    [("$schema", string(Self.schemaURI)), ("version", string("2.1.0"))]
  }

  /// The members of the run before `results`, whose results use the rules `ruleIDs`, in
  /// order.
  func runMembers(ruleIDs: [DiagnosticID]) -> [(String, ValueNode)] {
    let emitters = Self.emitters()
    let driver = object([
      ("name", string(toolName)),
      ("version", string(toolVersion)),
      ("semanticVersion", string(toolVersion)),
      ("rules", array(ruleIDs.map { descriptor(for: $0, rule: emitters[$0]) })),
    ])
    return [
      ("tool", object([("driver", driver)])),
      ("columnKind", string("utf16CodeUnits")),
    ]
  }

  // MARK: - Implementation

  /// The first rule that emits each identifier.
  private static func emitters() -> [DiagnosticID: RuleDescriptor] {
    var emitters: [DiagnosticID: RuleDescriptor] = [:]
    for rule in RuleRegistry.rules {
      for id in rule.emits where emitters[id] == nil {
        emitters[id] = rule
      }
    }
    return emitters
  }

  private func descriptor(for id: DiagnosticID, rule: RuleDescriptor?) -> ValueNode {
    guard let rule else {
      let domain = domains.first { $0.diagnostics.contains(id) }
      let documentation =
        domain.map { "Documentation/Diagnostics/\($0.documentationFile)" }
        ?? "Documentation/Diagnostics/"
      let topic = domain.map { Self.topic(of: $0) } ?? toolName
      return object([
        ("id", string(id.rawValue)),
        ("shortDescription", message("\(toolName) diagnostic '\(id.rawValue)' (\(topic))")),
        (
          "fullDescription",
          message(
            "'\(id.rawValue)' is a diagnostic of \(topic), reported while reading or "
              + "compiling rather than by a rule; \(documentation) documents it under "
              + "'\(id.rawValue)'.")
        ),
      ])
    }
    var members: [(String, ValueNode)] = [
      ("id", string(id.rawValue)),
      ("name", string(rule.id.rawValue)),
      ("shortDescription", message(rule.summary)),
      (
        "fullDescription",
        message(
          "Rule '\(rule.id.rawValue)': \(rule.summary). Source: \(rule.source). "
            + "Diagnostics: \(rule.emits.map(\.rawValue).joined(separator: ", ")).")
      ),
    ]
    if rule.source.hasPrefix("https://") {
      members.append(("helpUri", string(rule.source)))
    }
    members.append(("defaultConfiguration", object([("level", level(rule.defaultSeverity))])))
    members.append(
      (
        "properties",
        object([("tags", array([string(rule.domain.rawValue), string(rule.id.rawValue)]))])
      ))
    return object(members)
  }

  /// What the diagnostics of `domain` are about, for the descriptions of identifiers no rule
  /// emits.
  private static func topic(of domain: DiagnosticDomain) -> String {
    switch domain.id {
    case "json": "JSON reading"
    case "yaml": "YAML reading"
    case "fcm": "FCM message reading"
    case "apns": "APNs input reading"
    case "lowering": "lowering FCM messages to APNs requests"
    case "decode": "decoding received pushes"
    case "cli": "the command line"
    default: "the \(domain.id) domain"
    }
  }

  /// The `result` of `diagnostic`, whose rule is at `ruleIndex` in `tool.driver.rules`.
  func result(for diagnostic: Diagnostic, ruleIndex: Int) -> ValueNode {
    var text = diagnostic.message
    for note in diagnostic.notes {
      text += "\nnote: "
      if let range = note.range {
        let file = (note.file ?? diagnostic.file).map { $0 + ":" } ?? ""
        text += "\(file)\(range.start.line):\(range.start.column): "
      }
      text += note.message
    }
    for fixIt in diagnostic.fixIts {
      text += "\nfix-it: " + fixIt.message
    }
    var members: [(String, ValueNode)] = [
      ("ruleId", string(diagnostic.id.rawValue)),
      ("ruleIndex", number(ruleIndex)),
      ("level", level(diagnostic.severity)),
      ("message", message(text)),
    ]
    if let file = diagnostic.file {
      members.append(
        ("locations", array([object([("physicalLocation", location(file, diagnostic.range))])])))
    }
    let related = diagnostic.notes.enumerated().compactMap { index, note -> ValueNode? in
      guard let range = note.range, let file = note.file ?? diagnostic.file else { return nil }
      return object([
        ("id", number(index)),
        ("physicalLocation", location(file, range)),
        ("message", message(note.message)),
      ])
    }
    if !related.isEmpty { members.append(("relatedLocations", array(related))) }
    let fixes = diagnostic.fixIts.compactMap { fixIt -> ValueNode? in
      guard let file = diagnostic.file, !fixIt.edits.isEmpty else { return nil }
      let replacements = fixIt.edits.map { edit in
        object([
          ("deletedRegion", region(edit.range)),
          ("insertedContent", object([("text", string(edit.replacement))])),
        ])
      }
      return object([
        ("description", message(fixIt.message)),
        (
          "artifactChanges",
          array([
            object([
              ("artifactLocation", artifactLocation(file)),
              ("replacements", array(replacements)),
            ])
          ])
        ),
      ])
    }
    if !fixes.isEmpty { members.append(("fixes", array(fixes))) }
    var properties: [(String, ValueNode)] = []
    if let pointer = diagnostic.pointer {
      properties.append(("pointer", string(pointer.description)))
    }
    for (key, value) in diagnostic.properties.sorted(by: { $0.key < $1.key }) where key != "pointer"
    {
      properties.append((key, string(value)))
    }
    if !properties.isEmpty { members.append(("properties", object(properties))) }
    return object(members)
  }

  private func location(_ file: String, _ range: SourceRange?) -> ValueNode {
    var members = [("artifactLocation", artifactLocation(file))]
    if let range { members.append(("region", region(range))) }
    return object(members)
  }

  private func artifactLocation(_ file: String) -> ValueNode {
    object([("uri", string(Self.uri(forPath: file)))])
  }

  private func region(_ range: SourceRange) -> ValueNode {
    object([
      ("startLine", number(range.start.line)),
      ("startColumn", number(range.start.column)),
      ("endLine", number(range.end.line)),
      ("endColumn", number(range.end.column)),
      ("byteOffset", number(range.start.offset)),
      ("byteLength", number(max(0, range.end.offset - range.start.offset))),
    ])
  }

  /// The URI reference of a file path: relative paths stay relative (to the folder pushc ran
  /// in, usually the repository's root, as GitHub code scanning expects), absolute ones become
  /// `file://` URIs, and every byte outside the unreserved characters, `/` and the
  /// sub-delimiters is percent-encoded.
  public static func uri(forPath path: String) -> String {
    var encoded = path.hasPrefix("/") ? "file://" : ""
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
        UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
        UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
        UInt8(ascii: "@"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
      }
    }
    return encoded
  }

  private func level(_ severity: Severity) -> ValueNode {
    let level =
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "note"
      }
    return string(level)
  }

  private func message(_ text: String) -> ValueNode {
    object([("text", string(text))])
  }

  private func object(_ members: [(String, ValueNode)]) -> ValueNode {
    ValueNode(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
  }

  private func array(_ elements: [ValueNode]) -> ValueNode {
    ValueNode(.array(elements))
  }

  private func string(_ value: String) -> ValueNode {
    ValueNode(.string(value))
  }

  private func number(_ value: Int) -> ValueNode {
    ValueNode(.number(JSONNumber(value)))
  }
}
