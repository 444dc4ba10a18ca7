import Foundation
import Testing

@testable import pushc

/// Issue 9: `lint` and `compile` read a YAML stream larger than a part in parts of whole
/// documents, on several threads; every output byte, diagnostic and exit code is the same as
/// when the stream is read whole.
@Suite struct YAMLStreamPartsTests {
  /// One document of a stream: notices with block scalars holding dashes, comments, flow
  /// mappings, document end markers, FCM errors and warnings, and optionally a duplicate key.
  static func document(_ index: Int, duplicateKey: Bool) -> String {
    switch index % 6 {
    case 0:
      return """
        message:
          topic: notice
          notification:
            title: "공지 \(index)"
            body: |
              본문 \(index)
              --- not a marker
          data:
            id: "\(index)"

        """
    case 1: return "# comment \(index)\nmessage:\n  topic: notice\n  data:\n    id: \(index)\n"
    case 2: return "message: {topic: \"bad topic!\", notification: {title: t}}\n"
    case 3:
      return "message:\n  token: abc\n  data:\n    a: b\n" + (duplicateKey ? "    a: c\n" : "")
    case 4:
      return """
        message:
          topic: notice
          apns:
            payload:
              aps: {sound: default, badge: 1}
          data: {id: "\(index)", type: notice}
        ...

        """
    default:
      return "message:\n  topic: notice\n  android: {priority: high, ttl: 86400s}\n"
    }
  }

  /// A stream of `count` documents, with a syntax error in document `broken`.
  static func stream(count: Int = 60, duplicateKeys: Bool = false, syntaxErrorAt broken: Int? = nil)
    -> String
  {
    (0..<count).map { index in
      (index > 0 ? "---\n" : "") + document(index, duplicateKey: duplicateKeys && index == 3)
        + (index == broken ? "  bad: [\n" : "")
    }.joined()
  }

  @Test(arguments: JSONArrayPartsTests.commands)
  func partsGiveTheOutputOfTheWholeStream(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in [
      // Parts are cut every 64 KiB at most: 1,500 documents (150 KB) make three.
      ("clean.yaml", Self.stream(count: 1500)),
      ("duplicates.yaml", Self.stream(duplicateKeys: true)),
      ("broken.yaml", Self.stream(count: 1500, syntaxErrorAt: 1000)),
      ("marked.yaml", "---\n" + Self.stream()),
    ] {
      let path = try directory.write(text, to: name)
      NDJSONPartsTests.expectPartsGiveTheWhole(command + ["--now", "1700000000", path])
    }
  }

  /// A `# pushc-disable-file` comment at the end of a stream silences the problems of its
  /// first document too: a stream with a suppression comment is read whole.
  @Test func aStreamWithASuppressionCommentIsReadWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let documents = (0..<1500).map { "---\nmessage: {topic: t\($0), data: {x: \($0)}}\n" }
    let text =
      documents.joined() + "# pushc-disable-file fcmUnquotedScalar the numbers are on purpose\n"
    let path = try directory.write(text, to: "suppressed.yaml")
    NDJSONPartsTests.expectPartsGiveTheWhole(["lint", "--format", "json", "--now", "1", path])
    let run = NDJSONPartsTests.run(["lint", "--now", "1", "--part-size", "1", path])
    #expect(!run.output.contains("fcmUnquotedScalar"))
    #expect(run.output.hasSuffix("1 file, 1500 messages: 0 errors, 1500 warnings\n"))
  }

  /// Standard input, which cannot be searched for a suppression comment before it is cut, is
  /// read whole, with the output of the same stream in a file.
  @Test func standardInputIsReadWholeByLint() throws {
    let text = Self.stream(duplicateKeys: true)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(text, to: "m.yaml")
    let recorder = ConsoleRecorder(input: Array(text.utf8))
    let code = recorder.run([
      "lint", "--format", "json", "--now", "1", "--input-format", "yaml", "--assume-filename",
      path, "--part-size", "1", "-",
    ])
    let whole = NDJSONPartsTests.run([
      "lint", "--format", "json", "--now", "1", "--part-size", "100000000", path,
    ])
    #expect(code == whole.code)
    #expect(recorder.outputText == whole.output)
  }

  /// The reader's limits (nodes, bytes aliases expand to) bound each part of a stream read in
  /// parts, as `--max-input-size` bounds each document: a stream of any size is read.
  @Test func theReadersLimitsBoundEachPart() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = (0..<4000).map { "---\nmessage: {topic: t\($0), data: {id: \"\($0)\"}}\n" }
    let path = try directory.write(text.joined(), to: "m.yaml")
    let arguments = ["lint", "--now", "1", "--max-yaml-nodes", "20000", "--format", "json"]
    let whole = NDJSONPartsTests.run(arguments + ["--part-size", "100000000", path])
    #expect(whole.output.contains("yamlTooManyNodes"))
    // Parts are cut every 64 KiB at most: about 1,400 documents, 11,000 nodes.
    let parts = NDJSONPartsTests.run(arguments + ["--part-size", "1", path])
    #expect(!parts.output.contains("yamlTooManyNodes"))
    #expect(parts.output.contains(#""messages": 4000"#))
  }
}
