import Foundation
import Testing

@testable import pushc

/// Issue 9: `lint` and `compile` read NDJSON inputs in parts, on several threads; every output
/// byte, diagnostic and exit code is the same as when the input is read as one part.
@Suite struct NDJSONPartsTests {
  /// One message line: a Kuring-like notice with the given extra `data` members.
  static func notice(_ index: Int, extraData: String = "") -> String {
    #"{"message": {"topic": "notice", "notification": {"title": "공지 \#(index)", "body": "본문"}, "#
      + #""apns": {"payload": {"aps": {"sound": "default", "badge": 1}}}, "#
      + #""data": {"id": "\#(index)", "type": "notice"\#(extraData)}}}"#
  }

  /// Inputs with something at many places: valid lines, errors, warnings, duplicate keys,
  /// blank and CRLF lines, a pretty-printed document, and optionally a syntax error.
  static func input(syntaxErrorAt broken: Int? = nil, lines: Int = 60) -> String {
    var text = ""
    for index in 0..<lines {
      switch index % 7 {
      case 1: text += notice(index, extraData: #", "count": 3"#) + "\n"
      case 2: text += notice(index, extraData: #", "bogus": "x", "bogus": "y""#) + "\r\n"
      case 3: text += "\n" + notice(index) + "\n\n"
      case 4:
        text += #"{"message": {"topic": "bad topic!", "notification": {"title": "t"}}}"# + "\n"
      case 5:
        text +=
          "{\n  \"message\": {\n    \"token\": \"abc\",\n    \"data\": {\"a\": \"b\"}\n  }\n}\n"
      default: text += notice(index) + "\n"
      }
      if index == broken { text += #"{"message": {"topic": }}"# + "\n" }
    }
    return text
  }

  /// What one run printed and returned.
  struct Run: Equatable {
    var code: ExitCode
    var output: String
    var error: String
  }

  static func run(_ arguments: [String]) -> Run {
    let recorder = ConsoleRecorder()
    let code = recorder.run(arguments)
    return Run(code: code, output: recorder.outputText, error: recorder.error)
  }

  static let commands: [[String]] = [
    ["lint", "--format", "text"],
    ["lint", "--format", "json"],
    ["lint", "--format", "annotated", "--max-diagnostics", "25"],
    ["lint", "--warnings-as-errors"],
    ["compile", "--target", "apns-payload"],
    ["compile", "--target", "apns"],
    ["compile", "--target", "fcm", "--diagnostics-format", "annotated"],
    ["compile", "--target", "curl", "--diagnostics-format", "json"],
  ]

  @Test(arguments: commands)
  func partsGiveTheOutputOfTheWholeInput(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in [
      ("clean.ndjson", Self.input()), ("broken.ndjson", Self.input(syntaxErrorAt: 30)),
    ] {
      let path = try directory.write(text, to: name)
      Self.expectPartsGiveTheWhole(command + ["--now", "1700000000", path])
    }
  }

  /// Expects `arguments` (a command, its options and its input) to give the same run with
  /// parts of any size on one thread or three as with the input read whole (in one part).
  static func expectPartsGiveTheWhole(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let whole = run(arguments + ["--part-size", "100000000"])
    #expect(!whole.output.isEmpty || !whole.error.isEmpty, sourceLocation: sourceLocation)
    for jobs in ["1", "3"] {
      for size in ["1", "700"] {
        let parts = run(arguments + ["--part-size", size, "--jobs", jobs])
        #expect(
          parts == whole, "\(arguments), --jobs \(jobs) --part-size \(size)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Inputs of `count` messages with a problem on every line, as NDJSON, as a pretty JSON
  /// array with CRLF line breaks and as a YAML stream: large enough to be cut several times,
  /// every part starting on a line with a problem.
  static func inputsWithAProblemOnEveryLine(count: Int = 1_400) -> [(name: String, text: String)] {
    let lines = (0..<count).map { index in
      #"{"message": {"topic": "t\#(index)", "notification": {"title": "공지 \#(index)"}, "#
        + #""data": {"x": \#(index)}}}"#
    }
    return [
      ("every-line.ndjson", lines.joined(separator: "\n") + "\n"),
      ("every-line.json", "[\r\n" + lines.joined(separator: ",\r\n") + "\r\n]\r\n"),
      ("every-line.yaml", lines.map { "---\n" + $0 + "\n" }.joined()),
    ]
  }

  /// An annotated excerpt shows the line above the problem: a part holds the line before its
  /// first one, so that a problem on that first line shows it as for the input whole.
  @Test func aProblemOnThePartsFirstLineShowsTheLineBeforeIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in Self.inputsWithAProblemOnEveryLine() {
      let path = try directory.write(text, to: name)
      for command in [
        ["lint", "--format", "annotated"],
        ["compile", "--target", "fcm", "--diagnostics-format", "annotated"],
      ] {
        Self.expectPartsGiveTheWhole(command + ["--max-diagnostics", "100000", "--now", "1", path])
      }
    }
  }

  @Test func aSyntaxErrorStopsTheInputAsItWould() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.input(syntaxErrorAt: 2, lines: 20), to: "m.ndjson")
    let run = Self.run(["lint", "--now", "1", "--part-size", "1", "--jobs", "2", path])
    #expect(run.code == .failure)
    #expect(run.output.contains("[jsonUnexpectedToken]"))
    // Three lines were read before the broken one; nothing after it.
    #expect(run.output.hasSuffix("1 file, 3 messages: 4 errors, 0 warnings\n"))
  }

  /// Places to cut a file are guessed at line breaks between a value's end and a value's start;
  /// a part ending at a guessed place inside a broken document (a value, a line break, then a
  /// value, in an array or an object) reads with an error, and the input is read again from
  /// that part on with places found exactly: the output is the whole input's.
  @Test(arguments: [0, 3, 25])
  func aPlaceGuessedInsideABrokenDocumentIsNotUsed(cleanLinesBefore: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clean = (0..<cleanLinesBefore).map { Self.notice($0) + "\n" }.joined()
    let after = (0..<8).map { Self.notice(100 + $0) + "\n" }.joined()
    for broken in [
      #"{"message": {"topic": "t", "data": {"a": [1"# + "\n" + #"{"b": 2}]}}}"#,
      #"{"message": {"topic": "t", "data": {"a": "x""# + "\n" + #""b": "y"}}}"#,
      #"{"message": {"topic": "t\"# + "\n" + #"{"x": 1}"}}"#,
      #"{"message": {"topic": "a"# + "\n" + #"{"b": 2}"}}"#,
    ] {
      let path = try directory.write(clean + broken + "\n" + after, to: "m.ndjson")
      for command in [["lint", "--format", "json"], ["compile", "--target", "apns-payload"]] {
        Self.expectPartsGiveTheWhole(command + ["--now", "1", path])
      }
    }
  }

  /// Parts of the default size and larger are read in place, each read of a part's size and a
  /// step becoming the part (no copy): many such parts give the output of the input read in
  /// one part, with problems on their first and last lines, on one thread or three.
  @Test(arguments: [["lint", "--format", "json"], ["compile", "--target", "apns-payload"]])
  func partsReadInPlaceGiveTheOutputOfTheWholeInput(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // About 580 kB: several parts of 64 KiB or of 100,000 bytes.
    let text = (0..<5).map { _ in Self.input(lines: 700) }.joined()
    #expect(text.utf8.count > 500_000)
    let path = try directory.write(text, to: "m.ndjson")
    let arguments = command + ["--now", "1700000000", "--max-diagnostics", "100000", path]
    let whole = Self.run(arguments + ["--part-size", "100000000"])
    #expect(whole.output.count > 1000 || whole.error.count > 1000)
    for jobs in ["1", "3"] {
      for size in ["65536", "100000"] {
        let parts = Self.run(arguments + ["--part-size", size, "--jobs", jobs])
        #expect(parts == whole, "--jobs \(jobs) --part-size \(size)")
      }
    }
  }

  /// An unterminated string leaves the splitter inside a document to the end: read again from
  /// the part whose guessed place it made unconfirmed, the input has a document too large, as
  /// read from standard input, where places are never guessed.
  @Test func aDocumentTooLargeAfterAnUnconfirmedPlaceIsReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text =
      (0..<5).map { Self.notice($0) + "\n" }.joined() + #"{"message": {"topic": "a"# + "\n"
      + (0..<30).map { Self.notice($0) + "\n" }.joined()
    let path = try directory.write(text, to: "m.ndjson")
    let arguments = ["lint", "--format", "json", "--now", "1", "--max-input-size", "2000"]
    let file = Self.run(arguments + ["--part-size", "1", path])
    #expect(file.code == .cannotRead)
    #expect(file.output.contains("it has a document larger than 2000 bytes"))
    let recorder = ConsoleRecorder(input: Array(text.utf8))
    let code = recorder.run(arguments + ["--part-size", "1", "--input-format", "ndjson", "-"])
    #expect(code == file.code)
    #expect(recorder.outputText.replacingOccurrences(of: "<stdin>", with: path) == file.output)
  }

  @Test func standardInputIsReadInParts() throws {
    let text = Self.input()
    let recorder = ConsoleRecorder(input: Array(text.utf8))
    let code = recorder.run([
      "compile", "--target", "apns-payload", "--now", "1", "--input-format", "ndjson",
      "--part-size", "1", "-",
    ])
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let whole = Self.run([
      "compile", "--target", "apns-payload", "--now", "1",
      try directory.write(text, to: "m.ndjson"),
    ])
    #expect(code == whole.code)
    #expect(recorder.outputText == whole.output)
  }

  @Test func aDocumentLargerThanTheInputLimitIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.input(lines: 10), to: "m.ndjson")
    let run = Self.run(["lint", "--now", "1", "--max-input-size", "200", path])
    #expect(run.code == .cannotRead)
    // lint's report holds the unreadable input.
    #expect(
      run.output.contains(
        "cannot read '\(path)': it has a document larger than 200 bytes (raise the limit with "
          + "--max-input-size)"))
  }

  @Test func theInputLimitBoundsDocumentsNotTheWholeInput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lines = (0..<40).map { Self.notice($0) }.joined(separator: "\n")
    let path = try directory.write(lines, to: "m.ndjson")
    let run = Self.run(["lint", "--now", "1", "--max-input-size", "1000", path])
    #expect(run.code == .success)
    #expect(run.output.hasSuffix("1 file, 40 messages: 0 errors, 0 warnings\n"))
  }

  /// Several whole inputs are compiled at once and reported in the order they were named,
  /// with an unreadable one and an NDJSON one among them.
  @Test(arguments: commands)
  func severalInputsKeepTheirOrder(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var paths: [String] = []
    for index in 0..<12 {
      let text: String
      switch index % 4 {
      case 1: text = #"{"message": {"topic": "bad topic!", "data": {"n": "\#(index)"}}}"#
      case 2: text = #"{"message": {"topic": "t", "data": {"n": \#(index)}}}"#
      default: text = Self.notice(index)
      }
      paths.append(try directory.write(text, to: "m\(index).json"))
    }
    paths.insert(directory.path("missing.json"), at: 5)
    paths.insert(try directory.write(Self.input(lines: 9), to: "many.ndjson"), at: 8)
    let arguments = command + ["--now", "1700000000"] + paths
    let oneAtATime = Self.run(arguments + ["--jobs", "1"])
    #expect(!oneAtATime.output.isEmpty)
    // lint reports the unreadable input in its report, the other commands on standard error.
    let stream = command.first == "lint" ? oneAtATime.output : oneAtATime.error
    #expect(stream.contains("cannot read '\(directory.path("missing.json"))'"))
    for jobs in ["2", "5"] {
      #expect(Self.run(arguments + ["--jobs", jobs]) == oneAtATime, "--jobs \(jobs)")
    }
  }
}
