import Foundation
import PushPayload
import Testing

@testable import pushc

/// Typed options: the value type parses, checks and lists the values; the default is declared
/// once and read back when the option is absent.
@Suite struct OptionTests {
  enum Color: String, CaseIterable, Sendable, ExpressibleByArgument {
    case red, green, blue
  }

  static let color = Option<Color>("color", valueName: "color", default: .green, help: "Color.")
  static let level = Option<Int>("level", valueName: "n", default: 3, in: 0...8, help: "Level.")
  static let limit = Option<Int?>(
    "limit", valueName: "n", in: 1...Int.max, expecting: "a positive count", help: "Limit.")
  static let count = Option<Int>(
    "count", valueName: "n", default: 7, showsDefault: false, help: "Count.")
  static let shade = Option<Color?>("shade", valueName: "color", help: "Shade.")
  static let name = Option<String?>("name", valueName: "name", help: "Name.")
  static let header = Option<[APNSInputOptions.Header]>(
    "header", shortName: "H", valueName: "name: value", help: "Header.")
  static let quiet = Option<Bool>.flag("quiet", help: "Quiet.")

  static let signature = CommandSignature(
    name: "test",
    abstract: "A test command.",
    options: [color, level, limit, count, shade, name, header, quiet],
    positionals: []
  )

  func scan(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ArgumentScanner(Self.signature).scan(arguments)
  }

  @Test func absentOptionsReadTheirDefaults() throws {
    let parsed = try scan([])
    #expect(parsed[Self.color] == .green)
    #expect(parsed[Self.level] == 3)
    #expect(parsed[Self.limit] == nil)
    #expect(parsed[Self.count] == 7)
    #expect(parsed[Self.shade] == nil)
    #expect(parsed[Self.name] == nil)
    #expect(parsed[Self.header] == [])
    #expect(parsed[Self.quiet] == false)
  }

  @Test func givenOptionsReadTypedValues() throws {
    let parsed = try scan([
      "--color", "blue", "--level=0", "--limit", "12", "--count", "-4", "--shade", "red",
      "--name", "", "-H", "apns-priority: 5", "--header", "apns-topic:a.b", "--quiet",
    ])
    #expect(parsed[Self.color] == .blue)
    #expect(parsed[Self.level] == 0)
    #expect(parsed[Self.limit] == 12)
    #expect(parsed[Self.count] == -4)
    #expect(parsed[Self.shade] == .red)
    #expect(parsed[Self.name] == "")
    #expect(parsed[Self.header].map(\.name) == ["apns-priority", "apns-topic"])
    #expect(parsed[Self.header].map(\.value) == ["5", "a.b"])
    #expect(parsed[Self.quiet])
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let errorCases: [ErrorCase] = [
    .init(
      arguments: ["--color", "bleu"],
      message:
        "invalid value 'bleu' for '--color'; expected one of: red, green, blue; "
        + "did you mean 'blue'?"
    ),
    .init(
      arguments: ["--shade=purple"],
      message: "invalid value 'purple' for '--shade'; expected one of: red, green, blue"
    ),
    .init(
      arguments: ["--level", "9"],
      message: "invalid value '9' for '--level'; expected an integer from 0 to 8"
    ),
    .init(
      arguments: ["--level", "two"],
      message: "invalid value 'two' for '--level'; expected an integer from 0 to 8"
    ),
    .init(
      arguments: ["--limit", "0"],
      message: "invalid value '0' for '--limit'; expected a positive count"
    ),
    .init(
      arguments: ["--count", "1.5"],
      message: "invalid value '1.5' for '--count'; expected an integer"
    ),
    .init(
      arguments: ["-H", "no colon"],
      message: "invalid header 'no colon'; expected 'name: value'"
    ),
    .init(
      arguments: ["--color", "red", "--color", "blue"],
      message: "option '--color' given more than once"
    ),
  ]

  @Test(arguments: errorCases)
  func invalidValuesAreUsageErrorsFromTheScanner(_ errorCase: ErrorCase) {
    #expect(throws: UsageError(errorCase.message)) { try scan(errorCase.arguments) }
  }

  @Test func helpListsValuesAndDefaultsFromTheType() {
    let help = HelpFormatter.help(for: Self.signature)
    #expect(help.contains("Color (values: red, green, blue; default: green)."))
    #expect(help.contains("Level (default: 3)."))
    #expect(help.contains("Shade (values: red, green, blue)."))
    #expect(help.contains("Count.\n"))
    #expect(help.contains("-H, --header <name: value>"))
  }

  @Test func specsDescribeTheValueType() {
    #expect(Self.color.spec.choices == ["red", "green", "blue"])
    #expect(Self.color.spec.defaultValue == "green")
    #expect(Self.level.spec.choices == [])
    #expect(!Self.level.spec.isRepeatable)
    #expect(Self.header.spec.isRepeatable)
    #expect(!Self.quiet.spec.takesValue)
    #expect(Self.limit.spec.defaultValue == nil)
  }

  @Test func commandsReadTypedValues() throws {
    let fit = ArgumentScanner(FitCommand.signature)
    let absent = try fit.scan(["x.json"])
    #expect(absent[FitCommand.truncateKey] == .alertBody)
    #expect(absent[FitCommand.policy] == .truncateBody)
    #expect(absent[FitCommand.maxBytes] == nil)
    #expect(absent[CompileCommand.target] == .apns)
    let given = try fit.scan([
      "--truncate-key", "blob", "--policy", "truncate-word", "--max-bytes", "1000", "--target",
      "fcm", "x.json",
    ])
    #expect(given[FitCommand.truncateKey] == .topLevelKey("blob"))
    #expect(given[FitCommand.policy] == .truncateWord)
    #expect(given[FitCommand.maxBytes] == 1000)
    #expect(given[CompileCommand.target] == .fcm)
    let fmt = try ArgumentScanner(FmtCommand.signature).scan(["--indent", "4", "x.json"])
    #expect(fmt[FmtCommand.indent] == 4)
    #expect(fmt[InputOptions.inputFormat] == nil)
    #expect(fmt[DiagnosticOptions.format] == .text)
  }

  @Test func aDynamicDefaultIsEvaluatedAtEachRead() throws {
    let before = Int(Date().timeIntervalSince1970)
    let parsed = try ArgumentScanner(LintCommand.signature).scan(["x.json"])
    #expect(parsed[CompileOptions.now] >= before)
    #expect(CompileOptions.now.spec.defaultValue == nil)
  }
}
