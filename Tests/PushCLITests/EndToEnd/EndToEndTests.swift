import Foundation
import PushJSON
import Testing
import _PushPayloadTestSupport

/// Runs the built `pushc` binary and checks standard output, standard error and the exit code.
@Suite struct EndToEndTests {
  @Test func version() throws {
    let result = try PushcProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    #expect(result.error.isEmpty)
  }

  @Test func help() throws {
    let tool = try PushcProcess.run(["--help"])
    #expect(tool.status == 0)
    #expect(tool.output.contains("SUBCOMMANDS:"))
    #expect(tool.output.contains("  fmt "))
    #expect(tool.error.isEmpty)
    let fmt = try PushcProcess.run(["help", "fmt"])
    #expect(fmt.status == 0)
    #expect(fmt.output.hasPrefix("OVERVIEW: Rewrite JSON or YAML message files"))
    #expect(fmt.output == (try PushcProcess.run(["fmt", "--help"])).output)
  }

  @Test func usageErrorExitsWith64() throws {
    let result = try PushcProcess.run(["fmt", "--chek", "samples/fmt/canonical.json"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error == """
        pushc: error: unknown option '--chek'; did you mean '--check'?
        usage: pushc fmt [--check] [--write] [--indent <n>] [--input-format <format>] [<options>] <file>...
        See 'pushc help fmt' for more information.

        """
    )
  }

  @Test func noArgumentsIsAUsageError() throws {
    let result = try PushcProcess.run([])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("pushc: error: missing subcommand\n"))
  }

  @Test func unreadableFileExitsWith66() throws {
    let result = try PushcProcess.run(["fmt", "samples/fmt/no-such-file.json"])
    #expect(result.status == 66)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "pushc: error: cannot read 'samples/fmt/no-such-file.json': no such file or directory\n"
    )
    // `fmt`, `lint` and `compile` walk folders; the other subcommands read files only.
    let directory = try PushcProcess.run(["explain", "samples"])
    #expect(directory.status == 66)
    #expect(directory.error == "pushc: error: cannot read 'samples': is a directory\n")
  }

  @Test func emptyStandardInputIsASyntaxError() throws {
    // `PushcProcess` gives /dev/null when no input is passed; an empty input is a syntax error.
    let empty = try PushcProcess.run(["fmt", "-"])
    #expect(empty.status == 1)
    #expect(
      empty.error
        == "<stdin>:1:1: error: the input is empty; expected a JSON value [jsonEmptyInput]\n")
  }

  @Test func invalidJSONIsADiagnosticAndWritesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("{\"a\": [1, 2,]}\n", to: "bad.json")
    let result = try PushcProcess.run(["fmt", path])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.error == """
        \(path):1:12: error: JSON does not allow a comma before '}' or ']' [jsonTrailingComma]
        \(path):1:12: note: fix-it: remove the comma

        """
    )
  }

  @Test func standardInputIsSniffed() throws {
    let result = try PushcProcess.run(["fmt", "-"], input: Array(#"{"b":[1,2.50],"a":"안녕"}"#.utf8))
    #expect(result.status == 0)
    #expect(result.output == "{\n  \"b\": [\n    1,\n    2.50\n  ],\n  \"a\": \"안녕\"\n}\n")
    #expect(result.error.isEmpty)
  }

  @Test func standardInputWithForcedNDJSON() throws {
    let input = "{\"a\": 1}\n[ 2 ]\n\"x\"\n"
    let result = try PushcProcess.run(
      ["fmt", "--input-format", "ndjson", "-"], input: Array(input.utf8))
    #expect(result.status == 0)
    #expect(result.output == "{\"a\":1}\n[2]\n\"x\"\n")
  }

  @Test func ndjsonFileIsWrittenAsNDJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "{\"a\": {\"b\": [1, 2]}}\n\n  {\"c\": null}\n", to: "batch.ndjson")
    let result = try PushcProcess.run(["fmt", "--indent", "4", path])
    #expect(result.status == 0)
    #expect(result.output == "{\"a\":{\"b\":[1,2]}}\n{\"c\":null}\n")
    #expect(result.error.isEmpty)
  }

  @Test func indentOption() throws {
    let result = try PushcProcess.run(["fmt", "--indent=4", "-"], input: Array(#"{"a":[1]}"#.utf8))
    #expect(result.output == "{\n    \"a\": [\n        1\n    ]\n}\n")
  }

  @Test func checkListsNonCanonicalFilesOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write("{\n  \"a\": 1\n}\n", to: "good.json")
    let bad = try directory.write("{\"a\": 1}", to: "bad.json")
    let clean = try PushcProcess.run(["fmt", "--check", good])
    #expect(clean.status == 0)
    #expect(clean.output.isEmpty)
    #expect(clean.error.isEmpty)
    let dirty = try PushcProcess.run(["fmt", "--check", good, bad])
    #expect(dirty.status == 1)
    #expect(dirty.output.isEmpty)
    #expect(dirty.error == "\(bad): not in canonical form\n")
    #expect(directory.read("bad.json") == "{\"a\": 1}")
  }

  @Test func writeRewritesOnlyChangedJSONFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write("{\n  \"a\": 1\n}\n", to: "good.json")
    let bad = try directory.write("{\"b\":[true,null]}", to: "bad.json")
    let broken = try directory.write("{\"c\":}", to: "broken.json")
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: good)
    let result = try PushcProcess.run(["fmt", "--write", good, bad, broken])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix(
        "\(broken):1:6: error: unexpected '}'; expected a value [jsonUnexpectedToken]"))
    #expect(directory.read("bad.json") == "{\n  \"b\": [\n    true,\n    null\n  ]\n}\n")
    #expect(directory.read("good.json") == "{\n  \"a\": 1\n}\n")
    #expect(directory.read("broken.json") == "{\"c\":}")
    let attributes = try FileManager.default.attributesOfItem(atPath: good)
    #expect(attributes[.modificationDate] as? Date == past)
    let again = try PushcProcess.run(["fmt", "--check", good, bad])
    #expect(again.status == 0)
  }

  @Test func diagnosticsAsJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bad = try directory.write("{\"a\": 1, \"a\": 2}", to: "dup.json")
    let missing = directory.path("missing.json")
    let result = try PushcProcess.run(["fmt", "--diagnostics-format", "json", bad, missing])
    #expect(result.status == 66)
    #expect(result.output.isEmpty)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.error.utf8)) as? [String: Any]
    )
    #expect(document["version"] as? Int == 2)
    #expect(document["columnUnit"] as? String == "unicodeScalars")
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["id"] as? String } == ["jsonDuplicateKey", "cliCannotReadFile"])
    let duplicate = diagnostics[0]
    #expect(duplicate["file"] as? String == bad)
    #expect(duplicate["line"] as? Int == 1)
    #expect(duplicate["column"] as? Int == 10)
    #expect(duplicate["offset"] as? Int == 9)
    #expect(duplicate["pointer"] as? String == "/a")
    let notes = try #require(duplicate["notes"] as? [[String: Any]])
    #expect(notes.first?["column"] as? Int == 2)
    #expect(diagnostics[1]["line"] is NSNull)
    #expect(
      diagnostics[1]["message"] as? String == "cannot read '\(missing)': no such file or directory")
  }

  @Test func diagnosticsAsJSONWhenClean() throws {
    let result = try PushcProcess.run([
      "fmt", "--diagnostics-format=json", "--check", "samples/fmt/canonical.json",
    ])
    #expect(result.status == 0)
    #expect(
      result.error
        == "{\n  \"version\": 2,\n  \"columnUnit\": \"unicodeScalars\",\n  \"diagnostics\": []\n}\n"
    )
  }

  @Test func annotatedDiagnostics() throws {
    let result = try PushcProcess.run(
      ["fmt", "--diagnostics-format", "annotated", "-"],
      input: Array("{\n  \"a\": tru\n}\n".utf8)
    )
    #expect(result.status == 1)
    #expect(
      result.error == """
        <stdin>:2:8: error: unexpected 'tru'; expected a value [jsonUnexpectedToken]
        1 | {
        2 |   "a": tru
          |        ^~~


        """
    )
  }

  @Test func colorIsUsedOnlyWhenAsked() throws {
    let input = Array("[1,]".utf8)
    let plain = try PushcProcess.run(["fmt", "-"], input: input)
    #expect(!plain.error.contains("\u{1B}["))
    let colored = try PushcProcess.run(["fmt", "--color-diagnostics", "always", "-"], input: input)
    #expect(colored.error.contains("\u{1B}[1;31merror\u{1B}[0m"))
  }

  @Test func severalFilesExitWithTheWorstCode() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write("[1]", to: "good.json")
    let bad = try directory.write("[1", to: "bad.json")
    let missing = directory.path("missing.json")
    let result = try PushcProcess.run(["fmt", bad, missing, good])
    #expect(result.status == 66)
    #expect(result.output == "[\n  1\n]\n")
    #expect(result.error.contains("\(bad):1:3: error: unexpected end of input"))
    #expect(result.error.contains("pushc: error: cannot read '\(missing)'"))
  }

  @Test func byteOrderMarkIsANoteAndIsDropped() throws {
    let result = try PushcProcess.run(
      ["fmt", "--warnings-as-errors", "-"], input: [0xEF, 0xBB, 0xBF] + Array("[]".utf8))
    #expect(result.status == 0)
    #expect(result.output == "[]\n")
    #expect(result.error.contains("note: a UTF-8 byte order mark starts the file"))
  }
}
