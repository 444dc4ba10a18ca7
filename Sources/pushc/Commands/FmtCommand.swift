import PushDiagnostics
import PushJSON

/// `pushc fmt`: rewrites JSON or YAML message files as canonical pretty JSON.
///
/// Canonical means the output of ``CanonicalJSONWriter`` in pretty style followed by a newline:
/// keys in source order, numbers byte for byte as written, non-ASCII text as raw UTF-8. An input
/// with several documents (NDJSON, a YAML stream) is written as NDJSON instead, one compact
/// document per line, so pushc can read it back.
struct FmtCommand: Command {
  /// `--check`.
  static let check = Option<Bool>.flag(
    "check",
    help:
      "Write nothing to standard output; list each input that is not in canonical form on "
      + "standard error and exit with 1 if there is one."
  )

  /// `--write`.
  static let write = Option<Bool>.flag(
    "write",
    help:
      "Rewrite JSON and NDJSON files in place when they change, atomically. YAML files are "
      + "never overwritten: the JSON goes to a new <stem>.json next to them (<stem>.ndjson for "
      + "several documents), and an existing file of that name that differs is an error."
  )

  /// `--indent <n>`.
  static let indent = Option<Int>(
    "indent",
    valueName: "n",
    default: 2,
    in: 0...8,
    help: "Spaces per indentation level, from 0 to 8."
  )

  /// The input files.
  static let files = PositionalSpec(
    "file",
    arity: .oneOrMore,
    help: "A JSON, NDJSON or YAML file, a folder to walk for them, or '-' for standard input.",
    missingMessage: "missing input file; pass a file, or '-' to read standard input"
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "fmt"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Rewrite JSON or YAML message files as canonical pretty JSON.",
    discussion: """
      Canonical JSON keeps keys in the order written, numbers byte for byte, and non-ASCII \
      text as raw UTF-8; it escapes only what JSON requires and ends with a newline. An input \
      with several documents (NDJSON, or a YAML stream with '---') is written as NDJSON: one \
      compact document per line.

      An input with syntax errors is reported on standard error and nothing is written for it. \
      The format of each input comes from --input-format, else from its extension (.json, \
      .ndjson, .jsonl, .yaml, .yml), else from its first character.
      """,
    options: [check, write, indent] + InputOptions.options + DiagnosticOptions.options
      + InputOptions.discoveryOptions,
    positionals: [files]
  )

  /// What happens to the canonical text.
  enum Mode: Sendable {
    /// Written to standard output.
    case print
    /// Compared with the input.
    case check
    /// Written back to the file, or next to a YAML file.
    case write
  }

  let mode: Mode
  let indent: Int
  let loader: SourceLoader
  let reader: InputReader
  let printer: DiagnosticPrinter
  let console: Console

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let isCheck = arguments[check]
    let isWrite = arguments[write]
    if isCheck && isWrite {
      throw UsageError("'--check' and '--write' cannot be used together")
    }
    let paths = arguments.values(of: files)
    let inputs = try InputOptions.discoveredInputs(paths, arguments)
    if isWrite && paths.contains(InputReader.standardInputArgument) {
      throw UsageError("'--write' cannot rewrite standard input; leave it out to print the result")
    }
    let command = FmtCommand(
      mode: isCheck ? .check : isWrite ? .write : .print,
      indent: arguments[Self.indent],
      loader: InputOptions(arguments).loader,
      reader: InputOptions(arguments).reader(console: console),
      printer: DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console),
      console: console
    )
    var code = ExitCode.success
    for input in inputs {
      code.escalate(to: command.format(input))
    }
    command.printer.finish()
    return code
  }

  /// The canonical text of `documents`: pretty JSON and a newline, or NDJSON when `asSequence`.
  static func canonicalBytes(of documents: [ValueNode], asSequence: Bool, indent: Int) -> [UInt8] {
    var output: [UInt8] = []
    let writer = CanonicalJSONWriter(style: asSequence ? .compact : .pretty(indent: indent))
    for document in documents {
      writer.write(document, into: &output)
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  /// The path of the JSON written next to the YAML file `path`: its extension replaced by
  /// `.json` (or `.ndjson`), or added when it has none.
  static func siblingPath(of path: String, fileExtension: String) -> String {
    let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
    let name = path[nameStart...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return path + "." + fileExtension
    }
    return path[..<dot] + "." + fileExtension
  }

  // MARK: - One input

  /// Formats `input` and returns how it went.
  private func format(_ input: InputDiscovery.Input) -> ExitCode {
    let path = input.path
    let file: SourceFile
    do {
      file = try reader.read(input)
    } catch {
      printer.reportCannotRead(input.name, error)
      return .cannotRead
    }
    let parsed = loader.load(file)
    var diagnostics = parsed.diagnostics
    if parsed.documents.isEmpty && !parsed.hasErrors {
      diagnostics.append(Diagnostic(.cliNoDocuments(), file: file.name))
    }
    if printer.report(diagnostics, in: file) || parsed.hasErrors {
      return .failure
    }
    guard !parsed.documents.isEmpty else { return .success }
    let isSequence = parsed.format == .jsonSequence || parsed.documents.count > 1
    let output = Self.canonicalBytes(of: parsed.documents, asSequence: isSequence, indent: indent)
    switch mode {
    case .print:
      console.writeOutput(output)
      return .success
    case .check:
      guard output == file.bytes else {
        printer.reportNotCanonical(file.name)
        return .failure
      }
      return .success
    case .write:
      guard parsed.format == .yaml else {
        return output == file.bytes ? .success : write(output, to: path)
      }
      let destination = Self.siblingPath(of: path, fileExtension: isSequence ? "ndjson" : "json")
      guard destination != path else {
        let reason = "it is the YAML input itself; give the file a .yaml extension"
        printer.reportCannotWrite(destination, FileError(reason: reason))
        return .cannotWrite
      }
      if let existing = try? FileIO.readFile(atPath: destination, maximumSize: Int.max) {
        guard existing == output else {
          // Another file (often a hand-written JSON beside the YAML, maybe an input of this
          // very run) is never replaced.
          let reason =
            "it exists and is not the canonical JSON of '\(path)'; fmt --write never replaces "
            + "a file other than the one it formats (move it away, or print the JSON with "
            + "'pushc fmt \(path)')"
          printer.reportCannotWrite(destination, FileError(reason: reason))
          return .cannotWrite
        }
        return .success
      }
      let code = write(output, to: destination)
      if code == .success { printer.reportWrote(destination, from: path) }
      return code
    }
  }

  private func write(_ output: [UInt8], to path: String) -> ExitCode {
    do {
      try FileIO.writeFile(output, atPath: path)
      return .success
    } catch {
      printer.reportCannotWrite(path, error)
      return .cannotWrite
    }
  }
}
