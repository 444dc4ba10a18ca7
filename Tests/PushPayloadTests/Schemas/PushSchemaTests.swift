import Foundation
import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

/// The schemas in `schemas/` are generated from the library's tables: the committed files must
/// equal ``PushSchema/text``, and the generated schemas must name every key the reader knows.
@Suite struct PushSchemaTests {
  static func committedURL(_ schema: PushSchema) -> URL {
    RepositoryPaths.root.appendingPathComponent("schemas").appendingPathComponent(schema.fileName)
  }

  @Test(arguments: PushSchema.allCases)
  func theCommittedFileIsTheGeneratedOne(_ schema: PushSchema) throws {
    let url = Self.committedURL(schema)
    if GoldenFile.isRecording {
      try Data(schema.text.utf8).write(to: url)
      Issue.record("wrote schemas/\(schema.fileName); run again without RECORD_GOLDENS")
      return
    }
    let committed = try? String(contentsOf: url, encoding: .utf8)
    #expect(
      committed == schema.text,
      """
      schemas/\(schema.fileName) is not what the code generates; regenerate it with \
      'swift run pushc schema \(schema.rawValue) > schemas/\(schema.fileName)' \
      (or RECORD_GOLDENS=1 swift test --filter PushSchemaTests)
      """)
  }

  @Test(arguments: PushSchema.allCases)
  func eachSchemaIsReadableJSONWithItsIDAndTitle(_ schema: PushSchema) throws {
    let parsed = JSONReader.read(SourceFile(name: schema.fileName, bytes: Array(schema.text.utf8)))
    #expect(!parsed.hasErrors)
    let document = try #require(parsed.documents.first?.objectValue)
    #expect(document["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
    #expect(document["$id"]?.stringValue == PushSchema.baseURL + schema.fileName)
    #expect(document["title"]?.stringValue?.isEmpty == false)
    #expect(document["description"]?.stringValue?.isEmpty == false)
  }

  @Test func namesAreAcceptedWithAndWithoutTheFileExtension() {
    #expect(PushSchema(named: "fcm-message") == .fcmMessage)
    #expect(PushSchema(named: "simctl-apns.schema.json") == .simctlAPNS)
    #expect(PushSchema(named: "fcm-message.json") == nil)
    #expect(PushSchema(named: "lint") == nil)
  }

  @Test func theFCMSchemaNamesEveryFieldInBothSpellings() throws {
    let document = PushSchema.fcmMessage.document
    for kind in FCMObjectKind.allCases {
      let pointer = JSONPointer(tokens: ["$defs", FCMMessageSchema.definitionName(of: kind)])
      let definition = try #require(document[pointer]?.objectValue, "\(kind)")
      let properties = try #require(definition["properties"]?.objectValue)
      let expected = kind.fields.flatMap { field in
        field.lowerCamelCase == field.rawValue
          ? [field.rawValue] : [field.rawValue, field.lowerCamelCase]
      }
      #expect(properties.keys == expected, "\(kind)")
      #expect(definition["additionalProperties"]?.boolValue == false)
      for member in properties.members {
        #expect(member.value.objectValue?["description"]?.stringValue != nil, "\(member.key)")
      }
    }
  }

  @Test func theEnumerationsAreTheSpellingsTheReaderAccepts() throws {
    let document = PushSchema.fcmMessage.document
    func values(_ tokens: [String]) -> [String] {
      document[JSONPointer(tokens: ["$defs"] + tokens + ["enum"])]?.arrayValue?
        .compactMap(\.stringValue) ?? []
    }
    #expect(values(["android", "properties", "priority"]) == ["normal", "NORMAL", "high", "HIGH"])
    #expect(
      values(["androidNotification", "properties", "visibility"])
        == FCMDefinitionReader.visibilitySpellings.map(\.text))
    #expect(
      values(["aps", "properties", "interruption-level"])
        == ["passive", "active", "time-sensitive", "critical"])
    #expect(values(["aps", "properties", "event"]) == APNSLimits.liveActivityEvents)
    #expect(
      values(["apnsHeaders", "properties", "apns-push-type"])
        == APNS.PushType.known.map(\.rawValue))
  }

  @Test func theAPNSSchemasNameEveryKeyAndHeader() throws {
    for schema in [PushSchema.apnsPayload, .apnsRequest, .simctlAPNS, .fcmMessage] {
      let document = schema.document
      let aps = try #require(document[JSONPointer(tokens: ["$defs", "aps", "properties"])])
      #expect(aps.objectValue?.keys == APNS.APS.Key.allCases.map(\.rawValue), "\(schema)")
      let alert = try #require(document[JSONPointer(tokens: ["$defs", "alert", "properties"])])
      #expect(alert.objectValue?.keys == APNS.AlertDictionary.Key.allCases.map(\.rawValue))
    }
    let headers = try #require(
      PushSchema.apnsRequest.document[JSONPointer(tokens: ["$defs", "headers", "properties"])])
    #expect(headers.objectValue?.keys == APNS.HeaderName.allCases.map(\.rawValue))
    let simulator = PushSchema.simctlAPNS.document
    #expect(
      simulator[JSONPointer(tokens: ["required"])]?.arrayValue?.first?.stringValue
        == "Simulator Target Bundle")
  }

  @Test func theLimitsComeFromTheTables() throws {
    let text = PushSchema.fcmMessage.text
    #expect(text.contains("\(APNSLimits.payloadByteLimit) bytes"))
    #expect(text.contains("\(APNSLimits.voipPayloadByteLimit) for voip"))
    #expect(text.contains("{1,\(FCMAnalyticsLabelRule.maximumLength)}"))
    #expect(text.contains("\(FCMAndroidRule.maximumTTLSeconds)s"))
  }
}
