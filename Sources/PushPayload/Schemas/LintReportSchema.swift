import PushDiagnostics
import PushJSON

/// `lint-report.schema.json`: the JSON report of `pushc lint --format json` (version
/// ``version``), as ``DiagnosticJSONRenderer`` writes it and `lint` completes it with the
/// summary; the severities come from ``Severity``, the column units from ``ColumnUnit``.
enum LintReportSchema {
  /// The report version the schema describes.
  static let version = 2

  /// The document, after `header` (`$schema`, `$id`, title, description).
  static func document(_ header: JSONSchema) -> JSONSchema {
    header.followed(by: .object)
      .required(["version", "columnUnit", "diagnostics"])
      .properties([
        (
          "version",
          JSONSchema().setting("const", ValueNode(.number(JSONNumber(lexeme: "\(version)"))))
            .description(
              "The version of the document's shape. It changes only when a key is removed or changes meaning. Version 2 added columnUnit; in version 1 columns counted UTF-8 bytes."
            )
        ),
        (
          "columnUnit",
          JSONSchema().enumeration(ColumnUnit.allCases.map(\.rawValue))
            .description(
              "What every column and endColumn of the document counts on its line. pushc writes unicodeScalars (code points, as editors count characters); offsets always count bytes."
            )
        ),
        (
          "diagnostics",
          JSONSchema.array(of: .reference("diagnostic"))
            .description("Every diagnostic, sorted by file, then position, then identifier.")
        ),
        ("summary", .reference("summary")),
      ])
      .definitions([
        (
          "line",
          JSONSchema.types(["integer", "null"]).minimum("1")
            .description(
              "A 1-based line number, or null when the problem has no place in the text.")
        ),
        (
          "column",
          JSONSchema.types(["integer", "null"]).minimum("1")
            .description(
              "A 1-based column in the unit columnUnit names, or null when the problem has no place in the text. Ends are exclusive."
            )
        ),
        (
          "offset",
          JSONSchema.types(["integer", "null"]).minimum("0")
            .description(
              "A 0-based byte offset in the file, or null when the problem has no place in the text. Ends are exclusive."
            )
        ),
        (
          "pointer",
          JSONSchema.types(["string", "null"])
            .description(
              "An RFC 6901 JSON Pointer to the value concerned (\"\" is the whole document), or null."
            )
        ),
        ("place", place),
        ("diagnostic", diagnostic),
        ("summary", summary),
      ])
  }

  /// The keys of a place in the text, shared by diagnostics, notes and edits.
  static let place = JSONSchema.object
    .required(["line", "column", "endLine", "endColumn", "offset", "endOffset"])
    .properties([
      ("line", .reference("line")), ("column", .reference("column")),
      ("endLine", .reference("line")), ("endColumn", .reference("column")),
      ("offset", .reference("offset")), ("endOffset", .reference("offset")),
    ])

  /// An object that has the keys of a place besides its own.
  static func placed(_ schema: JSONSchema) -> JSONSchema {
    JSONSchema.object.setting("allOf", ValueNode(.array([JSONSchema.reference("place").valueNode])))
      .followed(by: schema)
  }

  /// One diagnostic.
  static let diagnostic = placed(
    JSONSchema()
      .required(["id", "severity", "message", "file", "pointer", "notes", "fixIts"])
      .properties([
        (
          "id",
          JSONSchema.string.pattern("^[a-z][A-Za-z0-9]*$")
            .description(
              "The stable identifier, documented in Documentation/Diagnostics/ (`pushc rules ID` prints its entry)."
            )
        ),
        ("severity", JSONSchema().enumeration(Severity.allCases.reversed().map(\.rawValue))),
        ("message", .string),
        (
          "file",
          JSONSchema.types(["string", "null"])
            .description(
              "The input as named on the command line, <stdin>, or null for inputs built in code.")
        ),
        ("pointer", .reference("pointer")),
        (
          "notes",
          .array(
            of: placed(
              JSONSchema()
                .required(["message", "file", "pointer"])
                .properties([
                  ("message", .string), ("file", .types(["string", "null"])),
                  ("pointer", .reference("pointer")),
                ])))
        ),
        (
          "fixIts",
          .array(
            of: JSONSchema.object
              .required(["message", "edits"])
              .properties([
                ("message", .string),
                (
                  "edits",
                  JSONSchema.array(
                    of: placed(
                      JSONSchema()
                        .required(["replacement"])
                        .properties([
                          (
                            "replacement",
                            JSONSchema.string.description(
                              "The text that replaces the range; an empty range inserts.")
                          )
                        ]))
                  )
                  .description("The edits; none when the fix-it only describes what to do.")
                ),
              ]))
        ),
      ])
      .setting(
        "unevaluatedProperties",
        JSONSchema.string.description(
          "Machine-readable facts, such as apns_reason (the reason APNs itself would return)."
        ).valueNode)
  )

  /// The counts of `lint`.
  static let summary = JSONSchema.object
    .description("Counts over the whole run (lint only).")
    .required(["files", "messages", "errors", "warnings"])
    .properties(
      ["files", "messages", "errors", "warnings"].map { ($0, JSONSchema.integer.minimum("0")) })
}
