import Testing

@testable import pushc

/// The tool-level dispatch, run in-process.
@Suite struct PushcCommandTests {
  @Test func versionIsPrintedFromOnePlace() {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(["--version"]) == .success)
    #expect(recorder.outputText == PushcCommand.version + "\n")
    #expect(recorder.error.isEmpty)
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["help", "help"]])
  func toolHelpListsEverySubcommand(_ arguments: [String]) {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(arguments) == .success)
    #expect(recorder.outputText.hasPrefix("OVERVIEW: "))
    for signature in CommandRegistry.signatures {
      #expect(recorder.outputText.contains("\n  \(signature.name) "))
    }
    #expect(recorder.error.isEmpty)
  }

  @Test(arguments: [
    ["fmt", "--help"], ["fmt", "-h"], ["help", "fmt"], ["fmt", "x", "--nope", "-h"],
  ])
  func subcommandHelp(_ arguments: [String]) {
    let recorder = ConsoleRecorder()
    #expect(recorder.run(arguments) == .success)
    #expect(recorder.outputText == HelpFormatter.help(for: FmtCommand.signature))
    #expect(recorder.outputText.contains("USAGE: pushc fmt [--check] [--write]"))
    #expect(recorder.error.isEmpty)
  }

  @Test func everySubcommandIsFoundByItsSignaturesName() {
    var names: Set<String> = []
    for command in CommandRegistry.commands {
      #expect(command.commandName == command.signature.name)
      #expect(CommandRegistry.command(named: command.signature.name) == command)
      #expect(names.insert(command.commandName).inserted, "\(command.commandName) twice")
    }
    #expect(CommandRegistry.command(named: "nope") == nil)
  }

  @Test func everyDeclaredOptionIsInTheHelp() {
    for signature in CommandRegistry.signatures {
      let help = HelpFormatter.help(for: signature)
      for option in signature.allOptions {
        #expect(help.contains(option.longSpelling), "\(signature.name) \(option.name)")
        for choice in option.choices {
          #expect(help.contains(choice))
        }
      }
    }
  }

  @Test func optionNamesAreKebabCaseAndUnique() {
    for signature in CommandRegistry.signatures {
      let names = signature.allOptions.map(\.name)
      #expect(Set(names).count == names.count, "\(signature.name)")
      for name in names {
        #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name)")
        #expect(!name.hasPrefix("-") && !name.hasSuffix("-"), "\(name)")
      }
    }
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var usageLine: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let toolUsage = "usage: pushc <subcommand> [<options>] [<arguments>]"
  static let fmtUsage =
    "usage: pushc fmt [--check] [--write] [--indent <n>] [--input-format <format>] [<options>] <file>..."
  static let lintUsage = "usage: " + LintCommand.signature.usage
  static let lintRedirect =
    "'--diagnostics-format' does not apply to 'pushc lint' (its report on standard output is its "
    + "diagnostics); use '--format' instead"

  static let usageCases: [UsageCase] = [
    .init(arguments: [], message: "missing subcommand", usageLine: toolUsage),
    .init(
      arguments: ["fmtt"], message: "unknown subcommand 'fmtt'; did you mean 'fmt'?",
      usageLine: toolUsage),
    .init(
      arguments: ["hepl"], message: "unknown subcommand 'hepl'; did you mean 'help'?",
      usageLine: toolUsage),
    .init(
      arguments: ["--verison"], message: "unknown option '--verison'; did you mean '--version'?",
      usageLine: toolUsage),
    .init(
      arguments: ["help", "fmtt"], message: "unknown subcommand 'fmtt'; did you mean 'fmt'?",
      usageLine: toolUsage),
    .init(
      arguments: ["help", "fmt", "x"], message: "unexpected argument 'x'", usageLine: toolUsage),
    .init(
      arguments: ["fmt", "--chek", "a.json"],
      message: "unknown option '--chek'; did you mean '--check'?", usageLine: fmtUsage),
    .init(
      arguments: ["fmt"], message: "missing input file; pass a file, or '-' to read standard input",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--indent", "9", "a.json"],
      message: "invalid value '9' for '--indent'; expected an integer from 0 to 8",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--indent=-1", "a.json"],
      message: "invalid value '-1' for '--indent'; expected an integer from 0 to 8",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--indent", "two", "a.json"],
      message: "invalid value 'two' for '--indent'; expected an integer from 0 to 8",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--check", "--write", "a.json"],
      message: "'--check' and '--write' cannot be used together", usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "-", "-"], message: "'-' (standard input) can be given only once",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--write", "-"],
      message: "'--write' cannot rewrite standard input; leave it out to print the result",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--diagnostics-format", "xml", "a.json"],
      message:
        "invalid value 'xml' for '--diagnostics-format'; expected one of: text, annotated, json",
      usageLine: fmtUsage
    ),
    .init(
      arguments: ["fmt", "--color-diagnostics=on", "a.json"],
      message: "invalid value 'on' for '--color-diagnostics'; expected one of: auto, always, never",
      usageLine: fmtUsage
    ),
    .init(
      arguments: ["fmt", "--indent", "9"],
      message: "invalid value '9' for '--indent'; expected an integer from 0 to 8",
      usageLine: fmtUsage),
    .init(
      arguments: ["fmt", "--indent", "2", "--indent", "4", "a.json"],
      message: "option '--indent' given more than once", usageLine: fmtUsage),
    .init(
      arguments: ["lint", "--diagnostics-format", "json", "a.json"], message: lintRedirect,
      usageLine: lintUsage),
    .init(
      arguments: ["lint", "--diagnostics-format=annotated", "-"], message: lintRedirect,
      usageLine: lintUsage),
    .init(
      arguments: ["lint", "--format", "xml", "a.json"],
      message:
        "invalid value 'xml' for '--format'; expected one of: text, annotated, json, sarif, github",
      usageLine: lintUsage),
    .init(
      arguments: ["lint", "--now", "soon", "a.json"],
      message:
        "invalid value 'soon' for '--now'; expected a UNIX time in seconds from 0 to "
        + "253402300799 (year 9999)",
      usageLine: lintUsage),
    // Issue 12, finding 2: the 30-day default expiration overflowed near Int.max and trapped.
    .init(
      arguments: ["compile", "--now", "9223372036854775807", "a.json"],
      message:
        "invalid value '9223372036854775807' for '--now'; expected a UNIX time in seconds from "
        + "0 to 253402300799 (year 9999)",
      usageLine: "usage: " + CompileCommand.signature.usage),
    .init(
      arguments: ["lint", "--now", "-1", "a.json"],
      message:
        "invalid value '-1' for '--now'; expected a UNIX time in seconds from 0 to "
        + "253402300799 (year 9999)",
      usageLine: lintUsage),
    .init(
      arguments: ["lint", "-H", "apns-priority", "a.json"],
      message: "invalid header 'apns-priority'; expected 'name: value'",
      usageLine: lintUsage),
    .init(
      arguments: ["fit", "--max-bytes", "0", "a.json"],
      message: "invalid value '0' for '--max-bytes'; expected a positive number of bytes",
      usageLine: "usage: " + FitCommand.signature.usage),
    .init(
      arguments: ["fit", "--policy", "truncate-bdy", "a.json"],
      message:
        "invalid value 'truncate-bdy' for '--policy'; expected one of: truncate-body, "
        + "truncate-word; did you mean 'truncate-body'?",
      usageLine: "usage: " + FitCommand.signature.usage),
    .init(
      arguments: ["decode", "--form", "yaml", "a.json"],
      message:
        "invalid value 'yaml' for '--form'; expected one of: json, swift-print, property-list",
      usageLine: "usage: " + DecodeCommand.signature.usage),
  ]

  @Test(arguments: usageCases)
  func usageErrorsExitWith64AndShowTheUsageLine(_ usageCase: UsageCase) {
    let recorder = ConsoleRecorder(input: [])
    #expect(recorder.run(usageCase.arguments) == .usage)
    #expect(recorder.output.isEmpty)
    let lines = recorder.error.split(separator: "\n").map(String.init)
    #expect(lines.first == "pushc: error: " + usageCase.message)
    #expect(lines.dropFirst().first == usageCase.usageLine)
    #expect(lines.count == 3)
  }

  @Test func eachCommandHasOneWayToChooseEachOutputFormat() {
    for signature in CommandRegistry.signatures {
      let formatted = signature.allOptions.compactMap(\.formats)
      #expect(Set(formatted).count == formatted.count, "\(signature.name)")
    }
  }

  @Test func redirectsNameOptionsTheCommandDoesNotTakeAndOneItTakes() {
    for signature in CommandRegistry.signatures {
      let names = Set(signature.allOptions.map(\.name))
      for redirect in signature.redirects {
        #expect(!names.contains(redirect.name), "\(signature.name) \(redirect.name)")
        #expect(names.contains(redirect.replacement.name), "\(signature.name)")
      }
    }
  }

  @Test func lintHasOneReportFormatOption() {
    let names = LintCommand.signature.allOptions.map(\.name)
    #expect(names.contains("format"))
    #expect(!names.contains("diagnostics-format"))
    #expect(names.contains("color-diagnostics"))
    #expect(names.contains("warnings-as-errors"))
    let help = HelpFormatter.help(for: LintCommand.signature)
    #expect(!help.contains("--diagnostics-format"))
  }

  /// `lint --diagnostics-format json` used to print the text report on standard output and an
  /// empty JSON document on standard error; now it is a usage error and nothing is processed.
  @Test func lintRejectsDiagnosticsFormatAndPointsToFormat() {
    let input = Array(#"{"aps": {"alert": "hi"}}"#.utf8)
    let recorder = ConsoleRecorder(input: input)
    #expect(recorder.run(["lint", "--diagnostics-format", "json", "-"]) == .usage)
    #expect(recorder.output.isEmpty)
    #expect(recorder.error.hasPrefix("pushc: error: \(Self.lintRedirect)\n"))
    #expect(recorder.error.contains("See 'pushc help lint' for more information."))
  }

  @Test func lintFormatJSONWritesOneDocumentOnStandardOutputOnly() throws {
    let input = Array(#"{"aps": {"alert": "hi"}}"#.utf8)
    let recorder = ConsoleRecorder(input: input)
    let code = recorder.run([
      "lint", "--format", "json", "--push-type", "alert", "--topic", "a.b", "-",
    ])
    #expect(code == .success, "\(recorder.error)")
    #expect(recorder.outputText.hasPrefix("{\n"))
    #expect(recorder.outputText.contains(#""summary""#))
    #expect(recorder.error.isEmpty)
  }

  @Test func otherCommandsKeepDiagnosticsFormat() {
    for command in ["compile", "explain", "fit", "decode", "fmt"] {
      let signature = CommandRegistry.command(named: command)?.signature
      let names = signature?.allOptions.map(\.name) ?? []
      #expect(names.contains("diagnostics-format"), "\(command)")
    }
  }

  @Test func helpTextFitsInEightyColumnsExceptTheUsageLine() {
    let screens =
      [HelpFormatter.toolHelp(commands: CommandRegistry.signatures)]
      + CommandRegistry.signatures.map(HelpFormatter.help(for:))
    for screen in screens {
      for line in screen.split(separator: "\n") where !line.hasPrefix("USAGE:") {
        #expect(line.count <= HelpFormatter.width, "\(line)")
      }
    }
  }

  @Test func wrapping() {
    #expect(HelpFormatter.wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
    #expect(HelpFormatter.wrap("averylongword b", width: 4) == ["averylongword", "b"])
    #expect(HelpFormatter.wrap("", width: 4) == [])
  }

  @Test func worstExitCodeWins() {
    var code = ExitCode.success
    code.escalate(to: .failure)
    code.escalate(to: .success)
    #expect(code == .failure)
    code.escalate(to: .cannotRead)
    code.escalate(to: .failure)
    #expect(code == .cannotRead)
  }
}
