import Testing

@testable import pushc

@Suite struct ArgumentScannerTests {
  enum Format: String, CaseIterable, Sendable, ExpressibleByArgument {
    case json, ndjson, yaml
  }

  static let check = Option<Bool>.flag("check", help: "Check.")
  static let indent = Option<String?>("indent", valueName: "n", help: "Indent.")
  static let format = Option<Format?>("input-format", valueName: "format", help: "Format.")
  static let include = Option<[String]>("include", valueName: "path", help: "Include.")
  static let warningsAsErrors = Option<Bool>.flag("warnings-as-errors", help: "Strict.")
  static let files = PositionalSpec("file", arity: .oneOrMore, help: "Files.")

  static let signature = CommandSignature(
    name: "test",
    abstract: "A test command.",
    options: [check, indent, format, include, warningsAsErrors],
    positionals: [files]
  )

  func scan(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ArgumentScanner(Self.signature).scan(arguments)
  }

  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try scan(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func flagsValuesAndPositionals() throws {
    let parsed = try scan(["--check", "a.json", "--indent", "4", "b.yaml"])
    #expect(parsed[Self.check])
    #expect(!parsed[Self.warningsAsErrors])
    #expect(parsed[Self.indent] == "4")
    #expect(parsed[Self.format] == nil)
    #expect(parsed.values(of: Self.files) == ["a.json", "b.yaml"])
    #expect(!parsed.isHelpRequested)
  }

  @Test func valueAfterEqualsSign() throws {
    let parsed = try scan(["--indent=4", "--input-format=yaml", "x"])
    #expect(parsed[Self.indent] == "4")
    #expect(parsed[Self.format] == .yaml)
  }

  @Test func emptyValueAfterEqualsSignIsAValue() throws {
    #expect(try scan(["--indent=", "x"])[Self.indent] == "")
  }

  @Test func valueMayStartWithADash() throws {
    #expect(try scan(["--indent", "-1", "x"])[Self.indent] == "-1")
  }

  @Test func dashIsStandardInput() throws {
    #expect(try scan(["-", "--check"]).values(of: Self.files) == ["-"])
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try scan(["--check", "--", "--indent", "-", "-h"])
    #expect(parsed.values(of: Self.files) == ["--indent", "-", "-h"])
    #expect(parsed[Self.indent] == nil)
    #expect(!parsed.isHelpRequested)
  }

  @Test func repeatableOptionKeepsEveryValue() throws {
    let parsed = try scan(["--include", "a", "--include=b", "x"])
    #expect(parsed[Self.include] == ["a", "b"])
  }

  @Test func repeatedFlagIsHarmless() throws {
    #expect(try scan(["--check", "--check", "x"])[Self.check])
  }

  @Test(arguments: [["--help"], ["-h"], ["x", "--bogus", "--help"], ["--indent", "1", "-h"]])
  func helpWinsOverEverythingElse(_ arguments: [String]) throws {
    #expect(try scan(arguments).isHelpRequested)
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let errorCases: [ErrorCase] = [
    .init(arguments: ["--chek", "x"], message: "unknown option '--chek'; did you mean '--check'?"),
    .init(
      arguments: ["--indnet=2", "x"], message: "unknown option '--indnet'; did you mean '--indent'?"
    ),
    .init(arguments: ["-check", "x"], message: "unknown option '-check'; did you mean '--check'?"),
    .init(
      arguments: ["--warn", "x"],
      message: "unknown option '--warn'; did you mean '--warnings-as-errors'?"),
    .init(arguments: ["--zzzzzz", "x"], message: "unknown option '--zzzzzz'"),
    .init(arguments: ["-q", "x"], message: "unknown option '-q'"),
    .init(arguments: ["x", "--indent"], message: "missing value for '--indent <n>'"),
    .init(arguments: ["--check=yes", "x"], message: "option '--check' does not take a value"),
    .init(
      arguments: ["--indent", "1", "--indent=2", "x"],
      message: "option '--indent' given more than once"),
    .init(
      arguments: ["--input-format", "yml", "x"],
      message:
        "invalid value 'yml' for '--input-format'; expected one of: json, ndjson, yaml; did you mean 'yaml'?"
    ),
    .init(
      arguments: ["--input-format", "xml", "x"],
      message: "invalid value 'xml' for '--input-format'; expected one of: json, ndjson, yaml"
    ),
    .init(arguments: [], message: "missing argument '<file>'"),
    .init(arguments: ["--check"], message: "missing argument '<file>'"),
  ]

  @Test(arguments: errorCases)
  func usageErrors(_ errorCase: ErrorCase) {
    #expect(usageError(errorCase.arguments) == errorCase.message)
  }

  @Test func unexpectedExtraPositional() throws {
    let signature = CommandSignature(
      name: "one",
      abstract: "Takes one file.",
      options: [],
      positionals: [PositionalSpec("file", help: "A file.")]
    )
    #expect(throws: UsageError("unexpected argument 'b'")) {
      try ArgumentScanner(signature).scan(["a", "b"])
    }
  }

  @Test func positionalsAreDistributedInOrder() throws {
    let signature = CommandSignature(
      name: "copy",
      abstract: "Copies.",
      options: [],
      positionals: [
        PositionalSpec("source", help: "From."),
        PositionalSpec("extra", arity: .optional, help: "Maybe."),
        PositionalSpec("rest", arity: .zeroOrMore, help: "Others."),
      ]
    )
    let one = try ArgumentScanner(signature).scan(["a"])
    #expect(one.positionals(named: "source") == ["a"])
    #expect(one.positionals(named: "extra") == [])
    let many = try ArgumentScanner(signature).scan(["a", "b", "c", "d"])
    #expect(many.positionals(named: "extra") == ["b"])
    #expect(many.positionals(named: "rest") == ["c", "d"])
  }

  @Test func customMissingMessage() {
    let signature = CommandSignature(
      name: "fmt",
      abstract: "Formats.",
      options: [],
      positionals: [
        PositionalSpec("file", arity: .oneOrMore, help: "F.", missingMessage: "no file")
      ]
    )
    #expect(throws: UsageError("no file")) { try ArgumentScanner(signature).scan([]) }
  }

  @Test func usageLineFoldsHiddenOptions() {
    let signature = CommandSignature(
      name: "fmt",
      abstract: "Formats.",
      options: [Self.check, Option<Bool>.flag("quiet", help: "Q.", isShownInUsage: false)],
      positionals: [Self.files]
    )
    #expect(signature.usage == "pushc fmt [--check] [<options>] <file>...")
  }
}
