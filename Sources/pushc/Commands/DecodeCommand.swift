import PushDiagnostics
import PushJSON
import PushPayload
import PushReceivingCore

/// `pushc decode`: decodes a captured push into the app's typed message, or compares it with
/// the payload that was meant to be sent.
///
/// The capture may be JSON (or a Simulator `.apns` file), the Xcode console output of Swift's
/// `print(userInfo)`, or an `NSDictionary` description from `po userInfo`; the form is recognised
/// from the content (``CaptureReader``). Decoding uses Kuring's contract unless `--contract`
/// names another (JSON or YAML). Standard output gets a short summary, or with `--format json`
/// the document of ``DecodedPush/jsonDocument``; diagnostics go to standard error. The exit code
/// is 0 when the push decodes under the contract and 1 otherwise.
///
/// With `--against DEFINITION`, the capture is compared key by key with the APNs payload the
/// definition stands for (``PayloadDiff``): an APNs payload as it is, or an FCM message lowered
/// the way FCM lowers it. The exit code is 0 when nothing but FCM's own keys differs.
struct DecodeCommand: Command {
  /// `--contract <file>`.
  static let contract = Option<String?>(
    "contract",
    valueName: "file",
    help: "Decode under the contract in this JSON or YAML file instead of Kuring's built-in one."
  )

  /// `--format text|json`.
  static let format = Option<OutputFormat>(
    "format",
    valueName: "format",
    default: .text,
    formats: .result,
    help: "Write a short summary, or the decoded push (or the differences) as JSON."
  )

  /// `--against <definition>`.
  static let against = Option<String?>(
    "against",
    valueName: "definition",
    help:
      "Compare the capture key by key with this APNs payload, or with the APNs payload FCM "
      + "sends for this FCM message, instead of decoding it."
  )

  /// `--form json|swift-print|property-list`.
  static let form = Option<CaptureForm?>(
    "form",
    valueName: "form",
    help: "Read the capture in this form instead of recognising it from its content.",
    isShownInUsage: false
  )

  /// The capture.
  static let capture = PositionalSpec(
    "capture",
    help:
      "A received push: JSON, an .apns file, the output of print(userInfo) or of po userInfo; "
      + "'-' reads standard input.",
    missingMessage: "missing capture; pass a file, or '-' to read standard input"
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "decode"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Decode a captured push into the app's typed message.",
    discussion: """
      The capture's form is recognised from its content: JSON ('{"aps": …}'), a Swift print \
      ('[AnyHashable("aps"): …]') or an NSDictionary description ('{ aps = …; }'). In the \
      last two, numbers and strings print alike; the contract decides their types.

      Decoding separates what FCM added (gcm.message_id, google.c.*, fcm_options …) from the \
      app's data, reads aps, and reads the message the contract selects by its discriminator. \
      Without --contract the contract is Kuring's (contracts/kuring.contract.json). The exit \
      code is 0 when the push decodes under the contract, 1 when it does not.

      With --against, the capture is compared with the definition instead: keys missing, \
      added by FCM, added otherwise, with another value, or with another type (a number that \
      arrived as a string). The exit code is 0 when only FCM's keys were added.
      """,
    options: [contract, format, against, form] + InputOptions.limitOptions
      + DiagnosticOptions.options,
    positionals: [capture]
  )

  /// What standard output gets.
  enum OutputFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A short summary for people.
    case text
    /// One JSON document for tools.
    case json
  }

  let outputFormat: OutputFormat
  let captureOptions: CaptureReader.Options
  let reader: InputReader
  let loader: SourceLoader
  let printer: DiagnosticPrinter
  let console: Console

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let contractPath = arguments[contract]
    let definitionPath = arguments[against]
    if contractPath != nil && definitionPath != nil {
      throw UsageError("'--contract' and '--against' cannot be used together")
    }
    guard let capturePath = arguments.values(of: capture).first else {
      throw UsageError(capture.missingMessage ?? "missing capture")
    }
    if definitionPath == InputReader.standardInputArgument
      && capturePath == InputReader.standardInputArgument
    {
      throw UsageError("'-' (standard input) can be given only once")
    }
    let inputOptions = InputOptions(limitsFrom: arguments)
    let command = DecodeCommand(
      outputFormat: arguments[format],
      captureOptions: CaptureReader.Options(
        form: arguments[form], maximumDepth: inputOptions.maximumDepth),
      reader: inputOptions.reader(console: console),
      loader: inputOptions.loader,
      printer: DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console),
      console: console
    )
    let code: ExitCode
    if let definitionPath {
      code = command.compare(capturePath, against: definitionPath)
    } else {
      code = command.decode(capturePath, contractPath: contractPath)
    }
    command.printer.finish()
    return code
  }

  // MARK: - Decoding

  private func decode(_ capturePath: String, contractPath: String?) -> ExitCode {
    var contract = PushContract.kuring
    if let contractPath {
      switch loadContract(contractPath) {
      case .success(let loaded): contract = loaded
      case .failure(let code): return code
      }
    }
    let file: SourceFile
    do {
      file = try reader.read(capturePath)
    } catch {
      printer.reportCannotRead(displayName(of: capturePath), error)
      return .cannotRead
    }
    let push = ReceivedPushDecoder(contract: contract).decode(file, options: captureOptions)
    switch outputFormat {
    case .text: console.print(push.summary)
    case .json: console.print(push.jsonText)
    }
    let hasErrors = printer.report(push.diagnostics, in: file)
    return push.decodes && !hasErrors ? .success : .failure
  }

  /// A contract read from a JSON or YAML file, or the exit code after reporting why not.
  private enum Loaded<Value> {
    case success(Value)
    case failure(ExitCode)
  }

  private func loadContract(_ path: String) -> Loaded<PushContract> {
    let file: SourceFile
    let document: ValueNode
    switch loadDocument(path) {
    case .success(let loaded): (file, document, _) = loaded
    case .failure(let code): return .failure(code)
    }
    var collector = DiagnosticCollector(file: file)
    let contract = PushContract.read(document, into: &collector)
    let hasErrors = printer.report(collector.diagnostics, in: file)
    guard let contract, !hasErrors else { return .failure(.failure) }
    return .success(contract)
  }

  // MARK: - Comparing

  private func compare(_ capturePath: String, against definitionPath: String) -> ExitCode {
    let definitionFile: SourceFile
    let definition: ValueNode
    let definitionFormat: SourceFormat
    switch loadDocument(definitionPath) {
    case .success(let loaded): (definitionFile, definition, definitionFormat) = loaded
    case .failure(let code): return code
    }
    guard let expected = expectedPayload(definition, format: definitionFormat, in: definitionFile)
    else {
      return .failure
    }
    let file: SourceFile
    do {
      file = try reader.read(capturePath)
    } catch {
      printer.reportCannotRead(displayName(of: capturePath), error)
      return .cannotRead
    }
    let comparison = CaptureComparer().compare(file, options: captureOptions, against: expected)
    let hasErrors = printer.report(comparison.diagnostics, in: comparison.capture.file)
    guard let diff = comparison.diff else { return .failure }
    switch outputFormat {
    case .text: console.print(diff.summary)
    case .json:
      console.print(CanonicalJSONWriter(style: .pretty).string(for: diff.jsonDocument) + "\n")
    }
    return diff.hasDifferences || hasErrors ? .failure : .success
  }

  /// The APNs payload `definition` stands for (``CaptureComparer/expectedPayload(of:format:in:)``),
  /// or `nil` after reporting why there is none. The diagnostics are reported stage by stage,
  /// stopping at the first stage with errors once warnings are promoted.
  private func expectedPayload(
    _ definition: ValueNode,
    format: SourceFormat,
    in file: SourceFile
  ) -> ValueNode? {
    let expected = CaptureComparer().expectedPayload(of: definition, format: format, in: file)
    for diagnostics in expected.diagnosticsByStage where printer.report(diagnostics, in: file) {
      return nil
    }
    return expected.payload
  }

  // MARK: - Input

  /// Reads the single JSON or YAML document of `path`, reporting why it cannot.
  private func loadDocument(_ path: String) -> Loaded<(SourceFile, ValueNode, SourceFormat)> {
    let file: SourceFile
    do {
      file = try reader.read(path)
    } catch {
      printer.reportCannotRead(displayName(of: path), error)
      return .failure(.cannotRead)
    }
    let parsed = loader.load(file)
    if printer.report(parsed.diagnostics, in: file) || parsed.hasErrors {
      return .failure(.failure)
    }
    guard let document = parsed.documents.first, parsed.documents.count == 1 else {
      var collector = DiagnosticCollector(file: file)
      collector.emit(
        .decodeContractInvalidValue(
          "document",
          reason: "the file must hold exactly one document, not \(parsed.documents.count)"),
        at: parsed.documents.dropFirst().first?.span ?? SourceSpan(at: 0)
      )
      printer.report(collector.diagnostics, in: file)
      return .failure(.failure)
    }
    return .success((file, document, parsed.format))
  }

  private func displayName(of path: String) -> String {
    path == InputReader.standardInputArgument ? InputReader.standardInputName : path
  }
}
