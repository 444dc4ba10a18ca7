import Foundation
import Testing

@testable import pushc

/// Issue 12: the readers' and the annotated renderer's limits are options of every subcommand
/// they apply to; lowering one makes its diagnostic appear at a position, raising it makes the
/// same input pass, and a value out of range is a usage error.
@Suite struct ResourceLimitOptionTests {
  /// The subcommands that compile or format messages, with what makes their output stable.
  static let messageCommands: [[String]] = [
    ["lint", "--now", "1"], ["compile", "--now", "1"], ["explain", "--now", "1"],
    ["fit", "--now", "1"], ["fmt"],
  ]

  /// An FCM message whose APNs payload has a custom key nested `depth` arrays deep, on one line.
  static func nestedMessage(depth: Int) -> String {
    #"{"message": {"topic": "t", "apns": {"payload": {"aps": {"alert": "a"}, "x": "#
      + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}}}"
  }

  /// The same message in YAML, the arrays in flow style on line 6.
  static func nestedYAMLMessage(depth: Int) -> String {
    "message:\n  topic: t\n  apns:\n    payload:\n      aps: {alert: a}\n      x: "
      + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
  }

  /// An FCM message in YAML whose APNs payload aliases a 20-byte string four times (line 6).
  static let aliasingMessage = """
    message:
      topic: t
      apns:
        payload:
          aps: {alert: &s "xxxxxxxxxxxxxxxxxxxx"}
          x: [*s, *s, *s, *s]

    """

  /// Runs `command` in-process on the file `path` with `options`: the exit code and
  /// everything written (standard output, then standard error).
  static func run(_ command: [String], _ options: [String], _ path: String) -> (
    code: ExitCode, text: String
  ) {
    let recorder = ConsoleRecorder()
    let code = recorder.run(command + options + [path])
    return (code, recorder.outputText + recorder.error)
  }

  // MARK: - --max-depth

  /// The nested message in each format, and where and how the sixteenth level is reported:
  /// the payload object is the fourth level, so the twelfth array is the sixteenth.
  static let nestedInputs: [(name: String, text: String, error: String)] = [
    (
      "m.json", nestedMessage(depth: 12),
      "1:88: error: arrays and objects nest deeper than 15 levels [jsonNestingTooDeep]"
    ),
    (
      "m.yaml", nestedYAMLMessage(depth: 12),
      "6:21: error: sequences and mappings nest deeper than 15 levels [yamlNestingTooDeep]"
    ),
  ]

  @Test(arguments: messageCommands, nestedInputs.indices)
  func maxDepthStopsOnePastItAndRaisingItPasses(command: [String], input: Int) throws {
    let (name, text, error) = Self.nestedInputs[input]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(text, to: name)
    let lowered = Self.run(command, ["--max-depth", "15"], path)
    #expect(lowered.code == .failure, "\(lowered)")
    #expect(lowered.text.contains("\(path):\(error)"), "\(lowered.text)")
    let raised = Self.run(command, ["--max-depth", "16"], path)
    #expect(raised.code == .success, "\(raised)")
    #expect(!raised.text.contains("NestingTooDeep"))
  }

  @Test func maxDepthBoundsNDJSONReadInParts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let line = Self.nestedMessage(depth: 12) + "\n"
    let path = try directory.write(line + line, to: "m.ndjson")
    let lowered = Self.run(
      ["lint", "--now", "1", "--jobs", "2", "--part-size", "1"], ["--max-depth", "15"], path)
    #expect(lowered.code == .failure)
    #expect(lowered.text.contains("\(path):1:88: error: arrays and objects nest deeper than 15"))
    #expect(Self.run(["lint", "--now", "1"], ["--max-depth", "16"], path).code == .success)
  }

  @Test func maxDepthBoundsCapturesAndContracts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A Swift print whose dictionaries nest five levels deep, the fifth opening at column 126.
    let swiftPrint = try directory.write(
      #"[AnyHashable("aps"): [AnyHashable("alert"): "a"], AnyHashable("x"): "#
        + #"[AnyHashable("a"): [AnyHashable("b"): [AnyHashable("c"): [AnyHashable("d"): 1]]]]]"#,
      to: "push.txt")
    let lowered = Self.run(["decode"], ["--max-depth", "4"], swiftPrint)
    #expect(lowered.code == .failure)
    #expect(
      lowered.text.contains(
        "\(swiftPrint):1:126: error: dictionaries and arrays nest deeper than 4 levels "
          + "[decodeNestingTooDeep]"),
      "\(lowered.text)")
    #expect(Self.run(["decode"], ["--max-depth", "5"], swiftPrint).code == .success)
    // A JSON capture: the fifth level is the fourth array.
    let json = try directory.write(#"{"aps": {"alert": "a"}, "x": [[[[[[1]]]]]]}"#, to: "push.json")
    let loweredJSON = Self.run(["decode"], ["--max-depth", "4"], json)
    #expect(loweredJSON.text.contains("\(json):1:33: error: arrays and objects nest deeper than 4"))
    #expect(Self.run(["decode"], ["--max-depth", "8"], json).code == .success)
    // The contract and the definition compared with are read with the same limit.
    let contract = try directory.write(#"{"a": {"b": {"c": {}}}}"#, to: "c.json")
    let deepContract = Self.run(["decode", "--contract", contract], ["--max-depth", "2"], json)
    #expect(deepContract.text.contains("\(contract):1:13: error: arrays and objects nest deeper"))
    let definition = try directory.write(Self.nestedMessage(depth: 3), to: "m.json")
    let deepDefinition = Self.run(["decode", "--against", definition], ["--max-depth", "5"], json)
    #expect(deepDefinition.code == .failure)
    #expect(deepDefinition.text.contains("\(definition):1:78: error: arrays and objects nest"))
  }

  // MARK: - --max-yaml-nodes, --max-yaml-expansion

  /// The YAML limits ``aliasingMessage`` meets exactly: it expands to 133 bytes of text (53
  /// for the keys and the anchored string, 20 for each alias) and 19 nodes (15 before the
  /// aliases, keys included, one for each alias), so one less stops at its fourth alias.
  static let yamlLimits: [(option: String, expanded: Int, message: String)] = [
    ("--max-yaml-expansion", 133, "aliases expand the stream to more than 132 bytes of text"),
    ("--max-yaml-nodes", 19, "the stream has more than 18 nodes once aliases are expanded"),
  ]

  @Test(arguments: messageCommands, yamlLimits.indices)
  func yamlLimitsStopAtTheAliasThatCrossesThem(command: [String], limit: Int) throws {
    let (option, expanded, message) = Self.yamlLimits[limit]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.aliasingMessage, to: "m.yaml")
    let lowered = Self.run(command, [option, String(expanded - 1)], path)
    #expect(lowered.code == .failure, "\(lowered)")
    #expect(
      lowered.text.contains("\(path):6:23: error: \(message); reading stopped"),
      "\(lowered.text)")
    #expect(Self.run(command, [option, String(expanded)], path).code == .success)
  }

  @Test func decodeReadsYAMLContractsWithTheYAMLLimits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let capture = try directory.write(#"{"aps": {"alert": "a"}}"#, to: "push.json")
    // Eight nodes and five bytes of text before the aliases; each alias adds four nodes and
    // three bytes, so the second one crosses 12 nodes and 9 bytes.
    let contract = try directory.write("a: &a [1, 2, 3]\nb: [*a, *a]\n", to: "c.yaml")
    let nodes = Self.run(["decode", "--contract", contract], ["--max-yaml-nodes", "12"], capture)
    #expect(nodes.code == .failure)
    #expect(nodes.text.contains("\(contract):2:9: error: the stream has more than 12 nodes"))
    let bytes = Self.run(
      ["decode", "--contract", contract], ["--max-yaml-expansion", "9"], capture)
    #expect(bytes.code == .failure)
    #expect(bytes.text.contains("\(contract):2:9: error: aliases expand the stream to more than"))
  }

  // MARK: - --max-line-width

  /// One line of about 350 bytes with a problem in its middle: an unknown field in an FCM
  /// message, or, for `decode`, a duplicate key in a capture.
  static func longLine(for command: String) -> String {
    let padding = String(repeating: "p", count: 150)
    if command == "decode" {
      return #"{"aps": {"alert": "\#(padding)"}, "aps": 1, "x": "\#(padding)"}"#
    }
    return #"{"message": {"topic": "t", "data": {"a": "\#(padding)"}, "bogus": 1, "#
      + #""notification": {"title": "\#(padding)"}}}"#
  }

  @Test(arguments: [
    (["lint", "--now", "1", "--format", "annotated"], false),
    (["compile", "--now", "1", "--diagnostics-format", "annotated"], true),
    (["decode", "--diagnostics-format", "annotated"], true),
  ])
  func maxLineWidthBoundsTheExcerpt(command: [String], isOnStandardError: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let line = Self.longLine(for: command[0])
    let path = try directory.write(line, to: "m.json")
    let excerpt = { (options: [String]) -> Substring? in
      let recorder = ConsoleRecorder()
      _ = recorder.run(command + options + [path])
      let text = isOnStandardError ? recorder.error : recorder.outputText
      return text.split(separator: "\n").first { $0.hasPrefix("1 | ") }
    }
    let narrow = try #require(excerpt(["--max-line-width", "40"]))
    // A 40-byte window around the caret, cut on both sides.
    #expect(narrow.hasPrefix("1 | …") && narrow.hasSuffix("…"), "\(narrow)")
    #expect(narrow.utf8.count == "1 | ".utf8.count + 40 + 2 * "…".utf8.count, "\(narrow)")
    let wide = try #require(excerpt(["--max-line-width", "1000"]))
    #expect(wide == "1 | " + line)
    // The largest width shows the whole line too, also past the first byte of the file,
    // where adding the width to the line's offset would overflow.
    let second = try directory.write("\n" + line, to: "second.json")
    let recorder = ConsoleRecorder()
    _ = recorder.run(command + ["--max-line-width", String(Int.max), second])
    let text = isOnStandardError ? recorder.error : recorder.outputText
    #expect(text.split(separator: "\n").contains("2 | " + line[...]), "\(text)")
    // The default, 200 bytes, cuts this line too.
    #expect(try #require(excerpt([])).utf8.count <= "1 | ".utf8.count + 200 + 6)
  }

  // MARK: - Validation

  static let limitOptions: [(name: String, commands: [String])] = [
    ("--max-depth", ["lint", "compile", "explain", "fit", "fmt", "decode"]),
    ("--max-yaml-nodes", ["lint", "compile", "explain", "fit", "fmt", "decode"]),
    ("--max-yaml-expansion", ["lint", "compile", "explain", "fit", "fmt", "decode"]),
    ("--max-line-width", ["lint", "compile", "explain", "fit", "fmt", "decode"]),
  ]

  @Test(arguments: limitOptions.indices, ["0", "-1", "99999999999999999999", "ten"])
  func outOfRangeValuesAreUsageErrors(option: Int, value: String) throws {
    let (name, commands) = Self.limitOptions[option]
    for command in commands {
      let recorder = ConsoleRecorder()
      let code = recorder.run([command, name, value, "m.json"])
      #expect(code == .usage, "\(command) \(name) \(value)")
      #expect(
        recorder.error.hasPrefix("pushc: error: invalid value '\(value)' for '\(name)'; expected "),
        "\(recorder.error)")
      let help = ConsoleRecorder()
      _ = help.run([command, "--help"])
      #expect(help.outputText.contains(name), "\(command) --help")
    }
  }

  @Test func maxDepthHasACap() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["lint", "--max-depth", "1001", "m.json"]) == .usage)
    #expect(
      recorder.error.hasPrefix(
        "pushc: error: invalid value '1001' for '--max-depth'; expected a number of levels from "
          + "1 to 1000\n"))
  }
}
