import Foundation
import Testing

@testable import pushc

/// Issue 9: `lint` and `compile` read a JSON array larger than a part in parts of whole
/// elements, on several threads; every output byte, diagnostic and exit code is the same as
/// when the array is read whole, up to a syntax error.
@Suite struct JSONArrayPartsTests {
  /// An array of `count` messages with something at many places: valid notices, FCM errors
  /// and warnings, duplicate keys (a problem of the text, which withholds every message from
  /// `compile`), pretty-printed elements, CRLF and blank lines, commas that start a line or
  /// share it with the next element (no place to cut there), and optionally a duplicate key,
  /// a syntax error or a trailing comma.
  static func array(
    count: Int = 60, duplicateKeys: Bool = false, syntaxErrorAt broken: Int? = nil,
    trailingComma: Bool = false
  ) -> String {
    var elements: [String] = []
    for index in 0..<count {
      var element: String
      switch index % 6 {
      case 1: element = NDJSONPartsTests.notice(index, extraData: #", "count": 3"#)
      case 2:
        element =
          duplicateKeys && index == 2
          ? NDJSONPartsTests.notice(index, extraData: #", "bogus": "x", "bogus": "y""#)
          : "\n" + NDJSONPartsTests.notice(index)
      case 3: element = #"{"message": {"topic": "bad topic!", "notification": {"title": "t"}}}"#
      case 4:
        element =
          "{\n  \"message\": {\n    \"token\": \"abc\",\n"
          + "    \"data\": {\"a\": \"b\"}\n  }\n}"
      default: element = NDJSONPartsTests.notice(index)
      }
      if index == broken { element += ",\n" + #"{"message": {"topic": }}"# }
      elements.append(element)
    }
    var text = "[\n"
    for (index, element) in elements.enumerated() {
      text += element
      if index < elements.count - 1 {
        text += [",\n", ",\r\n", "\n, ", ", ", ",  \n\n  "][index % 5]
      }
    }
    return text + (trailingComma ? ",\n]\n" : "\n]\n")
  }

  static let commands =
    NDJSONPartsTests.commands + [
      ["compile", "--target", "apns-payload", "--warnings-as-errors"],
      ["explain"],
    ]

  @Test(arguments: commands)
  func partsGiveTheOutputOfTheWholeArray(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in [
      // Parts are cut every 64 KiB at most: 800 elements (150 KB) make three.
      ("clean.json", Self.array(count: 800)),
      ("duplicates.json", Self.array(count: 800, duplicateKeys: true)),
      ("trailing.json", Self.array(trailingComma: true)),
      ("one-line.json", Self.array().replacingOccurrences(of: "\n", with: " ")),
    ] {
      let path = try directory.write(text, to: name)
      NDJSONPartsTests.expectPartsGiveTheWhole(command + ["--now", "1700000000", path])
    }
  }

  @Test func messagesKeepTheirPlaceInTheWholeArray() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.array(duplicateKeys: true), to: "m.json")
    let run = NDJSONPartsTests.run([
      "lint", "--format", "json", "--now", "1", "--part-size", "1", "--jobs", "2", path,
    ])
    // The pointers of FCM diagnostics and of the reader's count from the whole array.
    #expect(run.output.contains(#""pointer": "/57/message/topic""#))
    #expect(run.output.contains(#""pointer": "/2/message/data/bogus""#))
  }

  @Test func aSyntaxErrorStopsTheArrayAfterItsPart() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.array(count: 30, syntaxErrorAt: 6), to: "m.json")
    let whole = NDJSONPartsTests.run(["lint", "--now", "1", "--part-size", "100000000", path])
    let parts = NDJSONPartsTests.run(["lint", "--now", "1", "--part-size", "1", path])
    #expect(whole.code == ExitCode.failure)
    #expect(parts.code == ExitCode.failure)
    #expect(parts.output.contains("[jsonUnexpectedToken]"))
    #expect(whole.output.hasSuffix("1 file, 31 messages: 12 errors, 5 warnings\n"))
    // Nothing after the part with the error is read: its last elements are not.
    #expect(parts.output.hasSuffix("1 file, 28 messages: 11 errors, 4 warnings\n"))
    // compile writes no message of either, as for any error of the text.
    for size in ["100000000", "1"] {
      let compiled = NDJSONPartsTests.run([
        "compile", "--target", "apns-payload", "--now", "1", "--part-size", size, path,
      ])
      #expect(compiled.output.isEmpty)
      #expect(compiled.code == ExitCode.failure)
    }
  }

  /// What is found after a syntax error in a part after the first is marked at the error, as
  /// when the array is read whole: reading a part records where it recovered in the part's
  /// bytes, not at the whole input's offset (which pointed the note past the part's end).
  @Test func whatFollowsASyntaxErrorInALaterPartIsMarkedAtTheError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A missing comma between members of element 400, problems in elements 390 and 410.
    let elements = (0..<600).map { index in
      switch index {
      case 390, 410: #"{"message": {"topic": "bad topic \#(index)"}}"#
      case 400: #"{"message": {"topic": "t" "token": "abc"}}"#
      default: NDJSONPartsTests.notice(index)
      }
    }
    let path = try directory.write(
      "[\n" + elements.joined(separator: ",\n") + "\n]\n", to: "m.json")
    func marks(_ run: NDJSONPartsTests.Run) -> [String] {
      run.output.split(separator: "\n").map(String.init).filter {
        $0.contains("found after reading recovered") || $0.contains("after_syntax_error")
      }
    }
    for format in ["text", "json"] {
      let whole = NDJSONPartsTests.run([
        "lint", "--format", format, "--now", "1", "--part-size", "100000000", path,
      ])
      #expect(!marks(whole).isEmpty, "\(format)")
      for size in ["1", "5000"] {
        let parts = NDJSONPartsTests.run([
          "lint", "--format", format, "--now", "1", "--part-size", size, path,
        ])
        #expect(marks(parts) == marks(whole), "\(format) \(size)")
      }
    }
  }

  @Test func standardInputIsReadInPartsByLint() throws {
    let text = Self.array(duplicateKeys: true)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(text, to: "m.json")
    for command in [["lint", "--format", "json"], ["compile", "--target", "apns-payload"]] {
      let recorder = ConsoleRecorder(input: Array(text.utf8))
      let code = recorder.run(
        command + [
          "--now", "1", "--input-format", "json", "--assume-filename", path, "--part-size", "1",
          "-",
        ])
      let whole = NDJSONPartsTests.run(command + ["--now", "1", "--part-size", "100000000", path])
      #expect(code == whole.code)
      #expect(recorder.outputText == whole.output)
    }
  }

  /// An array on one line, as `json.dumps` and `JSON.stringify` write one, of `count` elements
  /// with a problem in each and text that is not ASCII (columns differ in every unit): about
  /// 66 bytes an element, 133 KB, cut twice.
  static func oneLineArray(count: Int = 2_000) -> String {
    let elements = (0..<count).map { index in
      switch index % 4 {
      case 0: #"{"message":{"topic":"t\#(index)","notification":{"title":"공지 😀"},"data":{"x":1}}}"#
      case 1: #"{"message":{"topic":"bad topic \#(index)","data":{"k":"값 \#(index)"}}}"#
      case 2: #"{"message":{"token":"abc","data":{"a":"b","a":"c"}},"validate_only":1}"#
      default: #"{"message":{"topic":"t","android":{"ttl":"\#(index)"}}}"#
      }
    }
    return "[" + elements.joined(separator: ",") + "]\r\n"
  }

  /// The commands one-line arrays are read by in the tests: every format, excerpts narrower
  /// than a part's margin, and both kinds of compiled output.
  static let oneLineCommands = [
    ["lint", "--format", "text"],
    ["lint", "--format", "json"],
    ["lint", "--format", "annotated", "--max-diagnostics", "100000"],
    ["lint", "--format", "annotated", "--max-line-width", "30", "--max-diagnostics", "100000"],
    ["compile", "--target", "apns-payload"],
    ["compile", "--target", "fcm", "--diagnostics-format", "annotated"],
  ]

  /// An array on one line is cut inside it, at its commas: each part holds the bytes an
  /// excerpt shows on either side of its commas, and knows the columns of its first byte.
  @Test(arguments: oneLineCommands)
  func anArrayOnOneLineIsCutInsideIt(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.oneLineArray(), to: "one-line.json")
    NDJSONPartsTests.expectPartsGiveTheWhole(command + ["--now", "1700000000", path])
  }

  /// An array on one line after blank lines is cut inside its line too: each part after the
  /// first holds the line above the array's, which excerpts show above it; larger than
  /// `--max-input-size`, it is read in parts rather than refused.
  @Test(arguments: oneLineCommands.dropFirst())
  func anArrayOnOneLineAfterBlankLinesIsCutInsideIt(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, leading) in [
      ("blank.json", "\n"), ("blanks.json", "  \n\t\r\n"), ("bom.json", "\u{FEFF}\n"),
    ] {
      let path = try directory.write(leading + Self.oneLineArray(), to: name)
      NDJSONPartsTests.expectPartsGiveTheWhole(command + ["--now", "1700000000", path])
      let whole = Self.expectPartsUnderTheInputLimitGiveTheWhole(
        command + ["--now", "1700000000", path])
      #expect(whole.code != .cannotRead, "\(name)")
    }
  }

  /// An array cut inside its one line whose last elements go on on later lines
  /// (`[{…},{…},…,⏎{…}⏎]`): the part that holds the end of the long line holds its head too,
  /// so that an excerpt of a problem on the next line shows the long line above it as the whole
  /// array does (from the same columns, near its start), not as `…`.
  @Test(arguments: [
    ["--format", "annotated", "--max-diagnostics", "100000"], ["--format", "json"],
  ])
  func aOneLineArrayThatGoesOnOnLaterLinesShowsTheLongLineAboveItsNextLine(format: [String]) throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let oneLine = Self.oneLineArray()
    // The last element goes on a line of its own; after blank lines or not.
    let cut = try #require(oneLine.range(of: ",", options: .backwards))
    let text = oneLine.replacingCharacters(in: cut, with: ",\n")
    for (name, leading) in [("first-line.json", ""), ("after-a-blank-line.json", "\n")] {
      let path = try directory.write(leading + text, to: name)
      NDJSONPartsTests.expectPartsGiveTheWhole(["lint"] + format + ["--now", "1", path])
    }
  }

  /// Runs `arguments` on an input read whole and, with a `--max-input-size` of 70,000 bytes
  /// that the input is larger than, on the input read in parts; expects the same output, and
  /// returns the run of the input read whole.
  static func expectPartsUnderTheInputLimitGiveTheWhole(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) -> NDJSONPartsTests.Run {
    let whole = NDJSONPartsTests.run(arguments + ["--part-size", "100000000"])
    let parts = NDJSONPartsTests.run(arguments + ["--max-input-size", "70000"])
    #expect(parts == whole, "\(arguments)", sourceLocation: sourceLocation)
    return whole
  }

  /// A one-line array larger than `--max-input-size` is read in parts; with a
  /// `--max-line-width` wider than a part can hold around its commas, it is read whole, within
  /// the limit, so that its excerpts stay those of the whole line.
  @Test func anArrayOnOneLineIsBoundByTheInputLimitInParts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Self.oneLineArray(), to: "one-line.json")
    let whole = Self.expectPartsUnderTheInputLimitGiveTheWhole(["lint", "--now", "1", path])
    #expect(whole.output.hasSuffix("1 file, 2000 messages: 3000 errors, 1000 warnings\n"))
    let wide = NDJSONPartsTests.run([
      "lint", "--now", "1", "--max-input-size", "70000", "--max-line-width", "100000", path,
    ])
    #expect(wide.code == .cannotRead)
    #expect(wide.output.contains("it is larger than 70000 bytes (raise the limit with"))
  }

  /// An array after a byte order mark (PowerShell's `Out-File -Encoding utf8` writes one) is
  /// read in parts too, on one line or pretty: larger than `--max-input-size`, it gives what
  /// the array read whole gives, the mark's note first.
  @Test func anArrayAfterAByteOrderMarkIsReadInParts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in [
      ("one-line.json", Self.oneLineArray()), ("pretty.json", Self.array(count: 600)),
    ] {
      let path = try directory.write("\u{FEFF}" + text, to: name)
      for command in [
        ["lint", "--format", "json"], ["lint", "--format", "annotated"],
        ["compile", "--target", "apns-payload"],
      ] {
        let whole = Self.expectPartsUnderTheInputLimitGiveTheWhole(command + ["--now", "1", path])
        #expect(whole.output.contains("byte order mark") || whole.error.contains("byte order mark"))
      }
    }
  }

  /// An array whose first element is no message is reported as a whole (`inputUnknownKind`,
  /// whose range is the whole array): when the array can be read whole, it is, and the report
  /// is that of the array read whole; a larger one is reported from its first part.
  @Test func anArrayWhoseFirstElementIsNoMessageIsReadWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let elements = ["[]"] + (0..<2_500).map { #"{"message": {"topic": "t\#($0)"}}"# }
    for (name, separator) in [("pretty.json", ",\n"), ("one-line.json", ",")] {
      let path = try directory.write("[" + elements.joined(separator: separator) + "]\n", to: name)
      for command in [["lint", "--format", "json"], ["compile", "--target", "apns"]] {
        NDJSONPartsTests.expectPartsGiveTheWhole(command + ["--now", "1", path])
      }
      let bounded = NDJSONPartsTests.run([
        "lint", "--format", "json", "--now", "1", "--max-input-size", "80000", path,
      ])
      #expect(bounded.code == .failure)
      #expect(bounded.output.contains("inputUnknownKind"))
    }
  }

  /// Elements that share a line after the input's first have no place to cut between them.
  @Test func elementsWithoutALineBreakBetweenThemAreBoundByTheInputLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let oneLine = try directory.write(
      "[\n" + Self.array(count: 10).dropFirst(2).replacingOccurrences(of: "\n", with: " "),
      to: "one.json")
    let run = NDJSONPartsTests.run(["lint", "--now", "1", "--max-input-size", "300", oneLine])
    #expect(run.code == .cannotRead)
    #expect(run.output.contains("it is larger than 300 bytes (raise the limit with"))
    let lines = (0..<40).map { NDJSONPartsTests.notice($0) }.joined(separator: ",\n")
    let path = try directory.write("[\n" + lines + "\n]\n", to: "m.json")
    let bounded = NDJSONPartsTests.run([
      "lint", "--now", "1", "--max-input-size", "1000", "--part-size", "1", path,
    ])
    #expect(bounded.code == .success)
    #expect(bounded.output.hasSuffix("1 file, 40 messages: 0 errors, 0 warnings\n"))
  }
}
