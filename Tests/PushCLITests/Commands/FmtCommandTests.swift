import Foundation
import PushDiagnostics
import PushJSON
import Testing

@testable import pushc

/// `pushc fmt` run in-process.
@Suite struct FmtCommandTests {
  /// Whether the YAML front end reads documents yet (it is developed separately).
  static let yamlReaderIsAvailable = !SourceLoader().parse(
    SourceFile(name: "t.yaml", text: "a: 1\n"),
    as: .yaml
  ).documents.isEmpty

  @Test(arguments: [
    ("a.yaml", "a.json"), ("dir/a.yml", "dir/a.json"), ("dir.v2/a", "dir.v2/a.json"),
    (".hidden", ".hidden.json"), ("a.b.yaml", "a.b.json"), ("/abs/x.YAML", "/abs/x.json"),
  ])
  func siblingPath(_ path: String, _ sibling: String) {
    #expect(FmtCommand.siblingPath(of: path, fileExtension: "json") == sibling)
  }

  @Test func canonicalBytes() throws {
    let parsed = JSONReader.read(
      SourceFile(name: "t.ndjson", text: "{\"a\": [1]}\n2"),
      options: .init(allowsMultipleDocuments: true)
    )
    let pretty = FmtCommand.canonicalBytes(of: [parsed.documents[0]], asSequence: false, indent: 3)
    #expect(String(decoding: pretty, as: UTF8.self) == "{\n   \"a\": [\n      1\n   ]\n}\n")
    let sequence = FmtCommand.canonicalBytes(of: parsed.documents, asSequence: true, indent: 3)
    #expect(String(decoding: sequence, as: UTF8.self) == "{\"a\":[1]}\n2\n")
  }

  @Test func standardInput() {
    let recorder = ConsoleRecorder(input: Array("[1,{\"k\":\"v\"}]".utf8))
    #expect(recorder.run(["fmt", "-"]) == .success)
    #expect(recorder.outputText == "[\n  1,\n  {\n    \"k\": \"v\"\n  }\n]\n")
    #expect(recorder.error.isEmpty)
  }

  @Test func closedStandardInputCannotBeRead() {
    let recorder = ConsoleRecorder(input: nil)
    #expect(recorder.run(["fmt", "-"]) == .cannotRead)
    #expect(recorder.error == "pushc: error: cannot read '<stdin>': bad file descriptor\n")
  }

  @Test func formatChoice() {
    let loader = SourceLoader()
    #expect(loader.format(of: SourceFile(name: "a.yaml", text: "{}")) == .yaml)
    #expect(loader.format(of: SourceFile(name: "a.jsonl", text: "{}")) == .jsonSequence)
    #expect(loader.format(of: SourceFile(name: "a.txt", text: " [1]")) == .json)
    #expect(loader.format(of: SourceFile(name: "a.txt", text: "a: 1")) == .yaml)
    #expect(loader.format(of: SourceFile(name: "<stdin>", text: "{}")) == .json)
    let forced = SourceLoader(forcedFormat: .yaml)
    #expect(forced.format(of: SourceFile(name: "a.json", text: "{}")) == .yaml)
  }

  @Test func lossless() {
    let text =
      #"{"z":1E+2,"a":-0.0,"k":"\u00e9\ud83d\ude00\/","big":123456789012345678901234567890}"#
    let recorder = ConsoleRecorder(input: Array(text.utf8))
    #expect(recorder.run(["fmt", "--indent", "0", "-"]) == .success)
    #expect(
      recorder.outputText
        == "{\n\"z\": 1E+2,\n\"a\": -0.0,\n\"k\": \"é😀/\",\n\"big\": 123456789012345678901234567890\n}\n"
    )
  }

  /// Several documents on standard input are NDJSON; forced to JSON they are an error.
  @Test func severalDocumentsAreAnErrorOnlyInJSON() throws {
    let sniffed = ConsoleRecorder(input: Array("{}\n{}\n".utf8))
    #expect(sniffed.run(["fmt", "-"]) == .success)
    #expect(sniffed.outputText == "{}\n{}\n")
    let recorder = ConsoleRecorder(input: Array("{}\n{}\n".utf8))
    #expect(recorder.run(["fmt", "--input-format", "json", "-"]) == .failure)
    #expect(recorder.output.isEmpty)
    #expect(recorder.error.contains("[jsonTrailingContent]"))
  }

  @Test func warningsAsErrorsPromotesWarnings() {
    let warning = Diagnostic(
      id: .cliNotCanonical, severity: .warning, message: "careful", file: "x")
    let note = Diagnostic(id: .cliNoDocuments, severity: .note, message: "fyi", file: "x")
    let file = SourceFile(name: "x", text: "")
    let lenient = ConsoleRecorder()
    let lenientPrinter = DiagnosticPrinter(options: DiagnosticOptions(), console: lenient.console)
    #expect(!lenientPrinter.report([warning, note], in: file))
    // Sorted for presentation: neither has a range, so by identifier.
    #expect(
      lenient.error == "x: note: fyi [cliNoDocuments]\nx: warning: careful [cliNotCanonical]\n")
    let strict = ConsoleRecorder()
    let strictPrinter = DiagnosticPrinter(
      options: DiagnosticOptions(warningsAsErrors: true),
      console: strict.console
    )
    #expect(strictPrinter.report([warning, note], in: file))
    #expect(strict.error == "x: note: fyi [cliNoDocuments]\nx: error: careful [cliNotCanonical]\n")
  }

  @Test func colourFollowsTheTerminalAndNoColor() {
    let recorder = ConsoleRecorder()
    #expect(!DiagnosticOptions().usesColor(on: recorder.console))
    recorder.isErrorTerminal = true
    #expect(DiagnosticOptions().usesColor(on: recorder.console))
    recorder.environment["NO_COLOR"] = "1"
    #expect(!DiagnosticOptions().usesColor(on: recorder.console))
    #expect(DiagnosticOptions(colorMode: .always).usesColor(on: recorder.console))
    recorder.environment = ["TERM": "dumb"]
    #expect(!DiagnosticOptions().usesColor(on: recorder.console))
    recorder.environment = [:]
    #expect(!DiagnosticOptions(colorMode: .never).usesColor(on: recorder.console))
    #expect(!DiagnosticOptions(format: .json, colorMode: .always).usesColor(on: recorder.console))
  }

  @Test func emptyYAMLStreamIsAWarning() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("# only a comment\n", to: "empty.yaml")
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["fmt", path]) == .success)
    #expect(recorder.output.isEmpty)
    #expect(recorder.error.contains("warning: the input holds no document"))
    let strict = ConsoleRecorder()
    #expect(strict.run(["fmt", "--warnings-as-errors", "--write", path]) == .failure)
    #expect(directory.read("empty.json") == nil)
  }

  // MARK: - YAML (enabled once the YAML reader reads documents)

  @Test(.enabled(if: yamlReaderIsAvailable))
  func writeNeverOverwritesYAML() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let yaml = "# keep me\nmessage:\n  topic: news\n"
    let path = try directory.write(yaml, to: "m.yaml")
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["fmt", "--write", path]) == .success)
    #expect(directory.read("m.yaml") == yaml)
    #expect(directory.read("m.json") == "{\n  \"message\": {\n    \"topic\": \"news\"\n  }\n}\n")
    let sibling = directory.path("m.json")
    #expect(
      recorder.error
        == "\(path): wrote the canonical JSON to '\(sibling)'; YAML files are never overwritten\n"
    )
    let again = ConsoleRecorder()
    #expect(again.run(["fmt", "--write", path]) == .success)
    #expect(again.error.isEmpty)
  }

  @Test(.enabled(if: yamlReaderIsAvailable))
  func yamlStreamBecomesNDJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a: 1\n---\n- x\n", to: "s.yml")
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["fmt", path]) == .success)
    #expect(recorder.outputText == "{\"a\":1}\n[\"x\"]\n")
    #expect(recorder.run(["fmt", "--write", path]) == .success)
    #expect(directory.read("s.ndjson") == "{\"a\":1}\n[\"x\"]\n")
  }

  @Test(.enabled(if: yamlReaderIsAvailable))
  func yamlReadAsItselfIsNeverOverwritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a: 1\n", to: "odd.json")
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["fmt", "--write", "--input-format", "yaml", path]) == .cannotWrite)
    #expect(directory.read("odd.json") == "a: 1\n")
    #expect(recorder.error.hasPrefix("pushc: error: cannot write '\(path)': it is the YAML input"))
  }

  @Test(.enabled(if: yamlReaderIsAvailable))
  func unwritableSiblingExitsWith73() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a: 1\n", to: "d.yaml")
    try FileManager.default.createDirectory(
      atPath: directory.path("d.json"),
      withIntermediateDirectories: false
    )
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["fmt", "--write", path]) == .cannotWrite)
    #expect(
      recorder.error == "pushc: error: cannot write '\(directory.path("d.json"))': is a directory\n"
    )
  }
}
