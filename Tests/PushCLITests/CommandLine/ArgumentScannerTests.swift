import Testing

@testable import pushc

@Suite struct ArgumentScannerTests {
  static let check = OptionSpec.flag("check", help: "Check.")
  static let indent = OptionSpec.value("indent", valueName: "n", help: "Indent.")
  static let format = OptionSpec.value(
    "input-format",
    valueName: "format",
    choices: ["json", "ndjson", "yaml"],
    help: "Format."
  )
  static let include = OptionSpec.value(
    "include",
    valueName: "path",
    isRepeatable: true,
    help: "Include."
  )
  static let warningsAsErrors = OptionSpec.flag("warnings-as-errors", help: "Strict.")
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
    #expect(parsed.isSet(Self.check))
    #expect(!parsed.isSet(Self.warningsAsErrors))
    #expect(parsed.value(of: Self.indent) == "4")
    #expect(parsed.value(of: Self.format) == nil)
    #expect(parsed.values(of: Self.files) == ["a.json", "b.yaml"])
    #expect(!parsed.isHelpRequested)
  }

  @Test func valueAfterEqualsSign() throws {
    let parsed = try scan(["--indent=4", "--input-format=yaml", "x"])
    #expect(parsed.value(of: Self.indent) == "4")
    #expect(parsed.value(of: Self.format) == "yaml")
  }

  @Test func emptyValueAfterEqualsSignIsAValue() throws {
    #expect(try scan(["--indent=", "x"]).value(of: Self.indent) == "")
  }

  @Test func valueMayStartWithADash() throws {
    #expect(try scan(["--indent", "-1", "x"]).value(of: Self.indent) == "-1")
  }

  @Test func dashIsStandardInput() throws {
    #expect(try scan(["-", "--check"]).values(of: Self.files) == ["-"])
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try scan(["--check", "--", "--indent", "-", "-h"])
    #expect(parsed.values(of: Self.files) == ["--indent", "-", "-h"])
    #expect(parsed.value(of: Self.indent) == nil)
    #expect(!parsed.isHelpRequested)
  }

  @Test func repeatableOptionKeepsEveryValue() throws {
    let parsed = try scan(["--include", "a", "--include=b", "x"])
    #expect(parsed.values(of: Self.include) == ["a", "b"])
    #expect(parsed.value(of: Self.include) == "b")
  }

  @Test func repeatedFlagIsHarmless() throws {
    #expect(try scan(["--check", "--check", "x"]).isSet(Self.check))
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

  @Test func convertedValues() throws {
    let parsed = try scan(["--indent", "x4", "f"])
    #expect(throws: UsageError("invalid value 'x4' for '--indent'; expected a number")) {
      try parsed.value(of: Self.indent, expecting: "a number") { Int($0) }
    }
    let absent = try scan(["f"])
    #expect(try absent.value(of: Self.indent, expecting: "a number") { Int($0) } == nil)
  }

  @Test func usageLineFoldsHiddenOptions() {
    let signature = CommandSignature(
      name: "fmt",
      abstract: "Formats.",
      options: [Self.check, .flag("quiet", help: "Q.", isShownInUsage: false)],
      positionals: [Self.files]
    )
    #expect(signature.usage == "pushc fmt [--check] [<options>] <file>...")
  }
}
