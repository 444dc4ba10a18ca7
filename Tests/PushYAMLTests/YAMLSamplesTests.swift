import Foundation
import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// The YAML inputs of `samples/fmt/`: those whose name says `error` must have an error, the
/// others none.
@Suite struct YAMLSamplesTests {
  static var folder: URL { RepositoryPaths.samples.appendingPathComponent("fmt") }

  static var yamlSamples: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
  }

  static func read(_ name: String) throws -> ParsedSource {
    let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    return YAMLReader.read(SourceFile(name: name, bytes: bytes))
  }

  @Test func thereAreYAMLSamples() {
    #expect(Self.yamlSamples.count >= 4, "\(Self.yamlSamples)")
  }

  @Test(arguments: yamlSamples)
  func sample(_ name: String) throws {
    let parsed = try Self.read(name)
    let expectsError = name.contains("error")
    #expect(
      parsed.hasErrors == expectsError, "\(parsed.diagnostics.map { "\($0.id): \($0.message)" })")
    if !expectsError {
      #expect(!parsed.documents.isEmpty)
      for document in parsed.documents {
        // The canonical JSON reads back as the same tree.
        let json = CanonicalJSONWriter().bytes(for: document)
        let reread = JSONReader.read(SourceFile(name: "out.json", bytes: json))
        #expect(!reread.hasErrors)
        #expect(reread.documents.first.map { sameValue($0, document) } == true)
      }
    }
  }

  @Test func notice() throws {
    let parsed = try Self.read("yaml-notice.yaml")
    expectNoDiagnostics(parsed)
    let document = try #require(parsed.documents.first)
    #expect(document[JSONPointer("/message/data/id")!]?.stringValue == "00123")
    #expect(document[JSONPointer("/message/data/postedAt")!]?.stringValue == "2024-02-21")
    #expect(
      document[JSONPointer("/message/notification/body")!]?.stringValue == "수강신청 일정과 유의사항을 확인하세요.")
    #expect(
      document[JSONPointer("/message/apns/payload/aps/alert/body")!]?.stringValue
        == "일정: 2월 26일 ~ 2월 28일\n장소: 포털\n"
    )
    let data = try #require(document[JSONPointer("/message/data")!])
    #expect(document[JSONPointer("/message/apns/payload/notice")!] == data)
    #expect(document[JSONPointer("/message/apns/payload/aps/badge")!]?.numberValue?.intValue == 1)
  }

  @Test func coreSchema() throws {
    let parsed = try Self.read("yaml-core-schema.yaml")
    #expect(parsed.diagnostics.map(\.id) == [.yamlAmbiguousBoolean, .yamlNonStringKey])
    let document = try #require(parsed.documents.first)
    #expect(
      compactJSON(document) == """
        {"nulls":[null,null,null,null],"empty":null,"booleans":[true,true,true,false,false,false],\
        "integers":[0,42,-17,8,123,15,31,123456789012345678901234567890],\
        "floats":[1.5,-0.25,0.5,1.0,1.0e5,6.02e23,1.5E-3],\
        "strings":["yes","true","42","2024-02-21","12:30:00","1_000","한국어"],\
        "tagged":["123",42,1.0,false,null,"3.14"],\
        "keys":{"200":"OK","300":"Multiple Choices"}}
        """
    )
  }

  @Test func stream() throws {
    let parsed = try Self.read("yaml-stream.yaml")
    expectNoDiagnostics(parsed)
    #expect(
      compactJSON(parsed) == [
        #"{"message":{"topic":"news","data":{"id":"1"}}}"#,
        #"{"message":{"topic":"news","data":{"id":"2"}}}"#,
        "null",
      ]
    )
  }

  @Test func errors() throws {
    let tab = try Self.read("yaml-tab-error.yaml")
    #expect(tab.diagnostics.map(\.id) == [.yamlTabIndentation])
    #expect(tab.diagnostics.first?.range?.start.line == 3)
    let duplicate = try Self.read("yaml-duplicate-key-error.yaml")
    #expect(duplicate.diagnostics.map(\.id) == [.yamlDuplicateKey])
    #expect(duplicate.diagnostics.first?.pointer == JSONPointer("/message/notification/title"))
    #expect(duplicate.diagnostics.first?.notes.first?.range?.start.line == 5)
  }
}
