import Foundation
import PushDiagnostics
import PushJSON
import PushReceiving
import Testing
import _PushPayloadTestSupport

/// One capture in `samples/decode/` and its golden.
///
/// `<stem>.<ext>` (`.json`, `.apns`, `.txt`) is decoded under Kuring's contract; the
/// `pushc decode --format json` document must equal `<stem>.decoded.json`, so
/// `notice.swift-print.txt` has the golden `notice.swift-print.decoded.json`.
struct DecodeSample: CustomTestStringConvertible, Sendable {
  /// The capture's file name.
  let name: String

  var testDescription: String { name }

  static let inputExtensions: Set<String> = ["json", "apns", "txt"]

  static var folder: URL { RepositoryPaths.samples.appendingPathComponent("decode") }

  /// Every capture in the folder, goldens excluded.
  static var all: [DecodeSample] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted()
      .filter { !$0.hasSuffix(".decoded.json") }
      .filter { inputExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
      .map(DecodeSample.init(name:))
  }

  /// The name without its last extension.
  var stem: String { (name as NSString).deletingPathExtension }

  /// The sample's name without its form: `notice` for `notice.po.txt`.
  var captureName: String {
    for suffix in [".swift-print.txt", ".po.txt", ".json", ".apns"] where name.hasSuffix(suffix) {
      return String(name.dropLast(suffix.count))
    }
    return stem
  }

  var golden: URL { Self.folder.appendingPathComponent("\(stem).decoded.json") }

  func decode() throws -> DecodedPush {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    return ReceivedPushDecoder(contract: .kuring).decode(SourceFile(name: name, bytes: bytes))
  }
}

/// Golden tests over `samples/decode/`. `RECORD_GOLDENS=1 swift test` rewrites the goldens and
/// still fails, so a missing golden can never pass.
@Suite struct DecodeSamplesTests {
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  @Test func theFolderCoversEveryFormAndKind() throws {
    let names = DecodeSample.all.map(\.name)
    #expect(names.contains { $0.hasSuffix(".json") })
    #expect(names.contains { $0.hasSuffix(".apns") })
    #expect(names.contains { $0.hasSuffix(".swift-print.txt") })
    #expect(names.contains { $0.hasSuffix(".po.txt") })
    var kinds: Set<String> = []
    var families: Set<FCMKeyFamily> = []
    for sample in DecodeSample.all {
      let push = try sample.decode()
      kinds.insert(push.kind ?? "none")
      for key in push.fcm.keys {
        if let family = FCMKeyFamily(key: key) { families.insert(family) }
      }
    }
    #expect(kinds == ["notice", "custom", "academic", "default", "unsupported", "none"])
    #expect(
      families == Set(FCMKeyFamily.allCases),
      "missing: \(Set(FCMKeyFamily.allCases).subtracting(families))")
  }

  @Test func everyGoldenHasACapture() throws {
    let stems = Set(DecodeSample.all.map(\.stem))
    let goldens = try FileManager.default.contentsOfDirectory(atPath: DecodeSample.folder.path)
      .filter { $0.hasSuffix(".decoded.json") }
      .map { String($0.dropLast(".decoded.json".count)) }
    #expect(
      Set(goldens).subtracting(stems).isEmpty, "stale goldens: \(Set(goldens).subtracting(stems))")
    #expect(stems.count == DecodeSample.all.count, "two captures would share a golden")
  }

  @Test(arguments: DecodeSample.all)
  func sample(_ sample: DecodeSample) throws {
    let actual = try sample.decode().jsonText
    if Self.isRecording {
      try Data(actual.utf8).write(to: sample.golden)
      Issue.record("recorded \(sample.golden.lastPathComponent); run again without RECORD_GOLDENS")
      return
    }
    guard let expected = try? String(contentsOf: sample.golden, encoding: .utf8) else {
      Issue.record("\(sample.golden.lastPathComponent) is missing; record it with RECORD_GOLDENS=1")
      return
    }
    expectSameText(actual, expected, "decoded \(sample.name)")
  }

  /// The three forms of one capture decode to the same message: the forms differ only in
  /// positions, key order, and whether raw values show their types.
  @Test func theFormsOfACaptureAgree() throws {
    let groups = Dictionary(grouping: DecodeSample.all, by: \.captureName).filter {
      $0.value.count == 3
    }
    #expect(groups.count >= 10)
    let writer = CanonicalJSONWriter(style: .compact)
    for samples in groups.sorted(by: { $0.key < $1.key }).map(\.value) {
      let pushes = try samples.map { try $0.decode() }
      func text(_ push: DecodedPush, _ key: String, rawText: Bool) -> String {
        let node = push.jsonDocument[JSONPointer(tokens: [key])] ?? ValueNode(.null)
        return writer.string(for: Self.normalized(node, numbersAsText: rawText))
      }
      for (sample, push) in zip(samples, pushes).dropFirst() {
        let other = "\(sample.name) and \(samples[0].name)"
        #expect(push.kind == pushes[0].kind, "\(other)")
        #expect(push.decodes == pushes[0].decodes, "\(other)")
        #expect(
          text(push, "fields", rawText: false) == text(pushes[0], "fields", rawText: false),
          "\(other)")
        // The model types every key it knows; only app-defined dictionaries stay raw.
        #expect(
          text(push, "aps", rawText: true) == text(pushes[0], "aps", rawText: true), "\(other)")
        #expect(
          text(push, "fcm", rawText: true) == text(pushes[0], "fcm", rawText: true), "\(other)")
        #expect(
          text(push, "data", rawText: true) == text(pushes[0], "data", rawText: true), "\(other)")
      }
    }
  }

  /// `node` with object members sorted by key and, with `numbersAsText`, numbers as strings.
  static func normalized(_ node: ValueNode, numbersAsText: Bool) -> ValueNode {
    switch node.kind {
    case .number(let number) where numbersAsText:
      return ValueNode(.string(number.lexeme))
    case .array(let elements):
      return ValueNode(.array(elements.map { normalized($0, numbersAsText: numbersAsText) }))
    case .object(let object):
      let members = object.members.sorted { $0.key < $1.key }.map {
        JSONObject.Member(key: $0.key, value: normalized($0.value, numbersAsText: numbersAsText))
      }
      return ValueNode(.object(JSONObject(members)))
    default:
      return ValueNode(node.kind)
    }
  }
}
