public import PushDiagnostics
public import PushJSON

/// Renders diagnostics as a versioned JSON document for tools and editors.
///
/// The document has a stable shape: every key is always present, and a value that is not known
/// is `null` rather than left out, so consumers can read it with fixed types.
///
/// ```json
/// {
///   "version": 2,
///   "columnUnit": "utf8Bytes",
///   "diagnostics": [
///     {
///       "id": "jsonTrailingComma",
///       "severity": "error",
///       "message": "JSON does not allow a comma before '}' or ']'",
///       "file": "message.json",
///       "line": 3, "column": 14, "endLine": 3, "endColumn": 15, "offset": 40, "endOffset": 41,
///       "pointer": "/message",
///       "notes": [],
///       "fixIts": [{"message": "remove the comma", "edits": [...]}]
///     }
///   ]
/// }
/// ```
///
/// Lines and columns are 1-based, columns count what `columnUnit` says (``columnUnit``: UTF-8
/// bytes unless the columns were converted, as `pushc` converts them to Unicode scalars with
/// `SourceColumns`), offsets are 0-based byte offsets and every end is exclusive. Notes have `message`, `file`, the same six position keys and
/// `pointer`. Fix-its have `message` and `edits`; each edit has the six position keys and
/// `replacement`. The diagnostic's machine-readable facts (``Diagnostic/properties``, such as
/// `"apns_reason": "PayloadTooLarge"` on everything APNs itself would reject) follow as extra
/// string members, sorted by key; a property named like a standard key is not written.
///
/// Diagnostics are written in the order given; sort them first with `sortedForPresentation()`
/// for deterministic output.
public struct DiagnosticJSONRenderer: Hashable, Sendable {
  /// The version of the document's shape, written as `"version"`.
  ///
  /// It changes only when a key is removed or changes meaning; new keys may be added within a
  /// version. Version 2 added `columnUnit`, since `column` and `endColumn` may count other units
  /// than the UTF-8 bytes of version 1.
  public static let formatVersion = 2

  /// The layout of the JSON text.
  public var style: CanonicalJSONWriter.Style
  /// What the diagnostics' columns count, written as `"columnUnit"`; the renderer writes the
  /// columns as they are, so convert them first (with `SourceColumns`) when this is not
  /// ``ColumnUnit/utf8Bytes``.
  public var columnUnit: ColumnUnit

  /// Creates a renderer.
  public init(style: CanonicalJSONWriter.Style = .pretty, columnUnit: ColumnUnit = .utf8Bytes) {
    self.style = style
    self.columnUnit = columnUnit
  }

  /// The JSON text of `diagnostics`, ending in a newline.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    String(decoding: bytes(for: diagnostics), as: UTF8.self)
  }

  /// The UTF-8 bytes of the JSON text of `diagnostics`, ending in a newline.
  public func bytes(for diagnostics: [Diagnostic]) -> [UInt8] {
    var output = CanonicalJSONWriter(style: style).bytes(for: document(for: diagnostics))
    output.append(UInt8(ascii: "\n"))
    return output
  }

  /// The document for `diagnostics` as a value tree.
  public func document(for diagnostics: [Diagnostic]) -> ValueNode {
    Self.object(
      leadingMembers + [("diagnostics", ValueNode(.array(diagnostics.map(Self.node(for:)))))])
  }

  /// The members of the document before `diagnostics`.
  var leadingMembers: [(String, ValueNode)] {
    [
      ("version", Self.number(Self.formatVersion)),
      ("columnUnit", Self.string(columnUnit.rawValue)),
    ]
  }

  // MARK: - Implementation

  /// The element of `diagnostics` for `diagnostic`.
  static func node(for diagnostic: Diagnostic) -> ValueNode {
    var members: [(String, ValueNode)] = [
      ("id", string(diagnostic.id.rawValue)),
      ("severity", string(diagnostic.severity.rawValue)),
      ("message", string(diagnostic.message)),
      ("file", string(diagnostic.file)),
    ]
    members += positionMembers(diagnostic.range)
    members += [
      ("pointer", string(diagnostic.pointer?.description)),
      ("notes", ValueNode(.array(diagnostic.notes.map(node(for:))))),
      ("fixIts", ValueNode(.array(diagnostic.fixIts.map(node(for:))))),
    ]
    for (key, value) in diagnostic.properties.sorted(by: { $0.key < $1.key })
    where !standardKeys.contains(key) {
      members.append((key, string(value)))
    }
    return object(members)
  }

  /// The keys of the members above, which every element has and a property of the same name
  /// does not replace (made once: a set of them made for every diagnostic cost more than its
  /// node).
  package static let standardKeys: Set<String> = [
    "id", "severity", "message", "file", "line", "column", "endLine", "endColumn", "offset",
    "endOffset", "pointer", "notes", "fixIts",
  ]

  private static func node(for note: Diagnostic.Note) -> ValueNode {
    var members: [(String, ValueNode)] = [
      ("message", string(note.message)),
      ("file", string(note.file)),
    ]
    members += positionMembers(note.range)
    members.append(("pointer", string(note.pointer?.description)))
    return object(members)
  }

  private static func node(for fixIt: Diagnostic.FixIt) -> ValueNode {
    let edits = fixIt.edits.map { edit in
      object(positionMembers(edit.range) + [("replacement", string(edit.replacement))])
    }
    return object([("message", string(fixIt.message)), ("edits", ValueNode(.array(edits)))])
  }

  private static func positionMembers(_ range: SourceRange?) -> [(String, ValueNode)] {
    [
      ("line", number(range?.start.line)),
      ("column", number(range?.start.column)),
      ("endLine", number(range?.end.line)),
      ("endColumn", number(range?.end.column)),
      ("offset", number(range?.start.offset)),
      ("endOffset", number(range?.end.offset)),
    ]
  }

  private static func object(_ members: [(String, ValueNode)]) -> ValueNode {
    ValueNode(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
  }

  private static func string(_ value: String?) -> ValueNode {
    guard let value else { return ValueNode(.null) }
    return ValueNode(.string(value))
  }

  private static func number(_ value: Int?) -> ValueNode {
    guard let value else { return ValueNode(.null) }
    return ValueNode(.number(JSONNumber(value)))
  }
}
