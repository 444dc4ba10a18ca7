import Foundation
import Testing
import _PushPayloadTestSupport

/// What `compile` (and `fit`) write to standard output: nothing for messages with errors or for
/// inputs whose text has an error, one document per line whenever there is more than one, for
/// every target, and exit code 74 when standard output cannot be written.
@Suite struct CompileOutputEndToEndTests {
  static let first = #"{"token": "a", "notification": {"title": "x"}}"# + "\n"
  static let second = #"{"token": "b", "notification": {"title": "y"}}"# + "\n"
  static let fixed = ["--now", "1700000000", "--bundle-id", "com.example"]

  // MARK: - Bug 4: output only for messages without errors

  @Test func aYAMLMessageWithAnUndefinedAliasPrintsNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("token: abc\ndata:\n  a: *missing\n", to: "alias.yaml")
    let result = try PushcProcess.run(
      ["compile", "--target", "apns-payload", "alias.yaml"], directory: folder.url)
    #expect(result.status == 1)
    #expect(result.output.isEmpty, "\(result)")
    #expect(result.error.contains("[yamlUnknownAlias]"))
  }

  /// NDJSON on standard input is read as NDJSON (its content says so), one payload per line;
  /// the same bytes forced to JSON are one document with trailing content, which prints nothing.
  @Test func ndjsonOnStandardInputPrintsEveryLineAndForcedJSONNothing() throws {
    let input = Array((Self.first + Self.second).utf8)
    let sniffed = try PushcProcess.run(["compile", "--target", "apns-payload", "-"], input: input)
    #expect(sniffed.status == 0, "\(sniffed)")
    #expect(
      sniffed.output
        == #"{"aps":{"alert":{"title":"x"}}}"# + "\n" + #"{"aps":{"alert":{"title":"y"}}}"# + "\n")
    let forced = try PushcProcess.run(
      ["compile", "--target", "apns-payload", "--input-format", "json", "-"], input: input)
    #expect(forced.status == 1)
    #expect(forced.output.isEmpty, "\(forced)")
    #expect(forced.error.contains("[jsonTrailingContent]"))
  }

  @Test func aYAMLStreamWithASyntaxErrorPrintsNothing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(
      "---\ntoken: a\nnotification: {title: x}\n---\ntoken: [\n", to: "stream.yaml")
    let result = try PushcProcess.run(
      ["compile", "--target", "apns-payload", "stream.yaml"], directory: folder.url)
    #expect(result.status == 1)
    #expect(result.output.isEmpty, "\(result)")
    #expect(result.error.contains("[yamlSyntaxError]"))
  }

  @Test func ndjsonPrintsTheLinesBeforeABrokenOne() throws {
    // Each NDJSON line is a document of its own, and NDJSON is streamed: the lines before the
    // syntax error are printed, whatever the size of the parts.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(Self.first + #"{"token": "b","# + "\n" + Self.second, to: "batch.ndjson")
    for partSize in ["16", "262144"] {
      let result = try PushcProcess.run(
        ["compile", "--target", "apns-payload", "--part-size", partSize, "batch.ndjson"],
        directory: folder.url)
      #expect(result.status == 1)
      #expect(result.output == #"{"aps":{"alert":{"title":"x"}}}"# + "\n", "\(result)")
    }
  }

  @Test func aMessageWithErrorsPrintsNothingButTheOthersDo() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(Self.first, to: "good.json")
    try folder.write(#"{"notification": {"title": "no target"}}"#, to: "bad.json")
    let result = try PushcProcess.run(
      ["compile", "--target", "apns-payload", "good.json", "bad.json"], directory: folder.url)
    #expect(result.status == 1)
    #expect(result.output == #"{"aps":{"alert":{"title":"x"}}}"# + "\n")
  }

  // MARK: - Bug 6: one document per line whenever there is more than one

  @Test(arguments: ["apns", "apns-payload", "simctl", "curl", "fcm"])
  func severalInputsPrintOneDocumentPerLine(target: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(Self.first, to: "a.json")
    try folder.write(Self.second, to: "b.json")
    let several = try PushcProcess.run(
      ["compile", "--target", target] + Self.fixed + ["a.json", "b.json"], directory: folder.url)
    #expect(several.status == 0, "\(several)")
    #expect(several.error.isEmpty)
    let lines = several.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3, "two lines and the final newline:\n\(several.output)")
    #expect(lines.last == "")
    // Each line is what the input alone prints, on one line.
    for (index, name) in ["a.json", "b.json"].enumerated() {
      let alone = try PushcProcess.run(
        ["compile", "--target", target] + Self.fixed + [name], directory: folder.url)
      #expect(
        Self.normalized(alone.output, target: target)
          == Self.normalized(String(lines[index]), target: target))
      #expect(!lines[index].isEmpty)
    }
  }

  /// Compact outputs copy the `data` entries into the payload's bytes from the input (no check
  /// reads them): each NDJSON line prints what the message alone prints, whatever separates
  /// the entries in the input, and a message alone printed pretty still has them.
  @Test(arguments: ["apns", "apns-payload", "curl"])
  func dataEntriesAreCopiedIntoCompactOutputs(target: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let messages = [
      #"{"token": "a", "notification": {"title": "x"}, "data": { "id" : "7",  "title": "새 글" }}"#,
      #"{"token": "b", "apns": {"payload": {"aps": {"sound": "s"}, "extra": "2"}, "fcm_options": {"image": "https://e.com/a.png"}}, "data": {"id": "8"}}"#,
      #"{"token": "c", "notification": {"title": "z"}, "data": {"k": "a \"quote\""}}"#,
    ]
    try folder.write(messages.joined(separator: "\n") + "\n", to: "batch.ndjson")
    for (index, message) in messages.enumerated() {
      try folder.write(message, to: "\(index).json")
    }
    let batch = try PushcProcess.run(
      ["compile", "--target", target] + Self.fixed + ["batch.ndjson"], directory: folder.url)
    #expect(batch.status == 0, "\(batch)")
    let lines = batch.output.split(separator: "\n").map(String.init)
    #expect(lines.count == messages.count)
    #expect(lines.first?.contains(#""id":"7","title":"새 글""#) == true)
    for index in messages.indices {
      let alone = try PushcProcess.run(
        ["compile", "--target", target] + Self.fixed + ["\(index).json"], directory: folder.url)
      #expect(alone.status == 0, "\(alone)")
      #expect(
        Self.normalized(alone.output, target: target)
          == Self.normalized(lines[index], target: target))
      if target == "apns" && index == 0 {
        #expect(alone.output.contains(#""title": "새 글""#))
      }
    }
  }

  @Test func severalMessagesOfOneInputToo() throws {
    let result = try PushcProcess.run(
      ["compile", "--target", "curl"] + Self.fixed + ["-"],
      input: Array(("[" + Self.first + "," + Self.second + "]").utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.output.split(separator: "\n").count == 2)
    #expect(result.output.split(separator: "\n").allSatisfy { $0.hasPrefix("curl --http2 ") })
  }

  @Test func fitPrintsOneDocumentPerLineForSeveralInputs() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(Self.first, to: "a.json")
    try folder.write(Self.second, to: "b.json")
    let result = try PushcProcess.run(
      ["fit", "--target", "apns-payload", "a.json", "b.json"], directory: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output == #"{"aps":{"alert":{"title":"x"}}}"# + "\n"
        + #"{"aps":{"alert":{"title":"y"}}}"# + "\n")
  }

  /// An output on one line for comparison: JSON re-serialized with sorted keys, the curl
  /// command's lines joined, the payload bytes as they are.
  static func normalized(_ output: String, target: String) -> String {
    switch target {
    case "apns-payload": return output.trimmingCharacters(in: .newlines)
    case "curl":
      return output.replacingOccurrences(of: " \\\n  ", with: " ").trimmingCharacters(in: .newlines)
    default:
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)),
        let data = try? JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
      else { return "<not JSON>" }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
