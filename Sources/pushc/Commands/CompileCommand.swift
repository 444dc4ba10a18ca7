import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc compile`: prints what is sent for each message: the APNs request, its payload bytes,
/// a Simulator file, a `curl` command, or the FCM v1 request body.
struct CompileCommand: Command {
  /// The forms `--target` offers.
  enum Target: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The APNs request document `{"device_token", "headers", "payload"}`.
    case apns
    /// Exactly the payload bytes APNs receives.
    case apnsPayload = "apns-payload"
    /// A Simulator `.apns` file.
    case simctl
    /// A `curl --http2` command.
    case curl
    /// The FCM v1 send request body, as the Admin SDKs send it.
    case fcm
  }

  /// `--target`.
  static let target = Option<Target>(
    "target",
    valueName: "target",
    default: .apns,
    help:
      "What to print: the APNs request (apns), its exact payload bytes (apns-payload), a "
      + "Simulator .apns file (simctl), a curl command (curl) or the FCM v1 request (fcm)."
  )
  /// `--environment`.
  static let environment = Option<APNSRequestRenderer.Environment>(
    "environment",
    valueName: "env",
    default: .sandbox,
    help: "The APNs host the curl command sends to."
  )
  /// The input files.
  static let files = PositionalSpec(
    "file",
    arity: .oneOrMore,
    help:
      "An FCM message definition or APNs payload (JSON, NDJSON or YAML), a folder to walk for "
      + "them, or '-'.",
    missingMessage: "missing input file; pass a file, or '-' to read standard input"
  )

  /// The subcommand's name, what users type after `pushc`.
  static let commandName = "compile"

  static let signature = CommandSignature(
    name: commandName,
    abstract: "Print exactly what APNs or FCM receives for each message.",
    discussion: """
      Reads FCM messages (bare, or wrapped as {"message": ...}) or raw APNs input, checks \
      them like 'pushc lint', and lowers FCM messages the way FCM does: 'aps' built from \
      'notification' and 'apns.payload', 'data' keys at the top level, FCM's default headers. \
      Messages with errors print nothing; their diagnostics go to standard error and the exit \
      code is 1. An input with an error outside its messages (a syntax error, trailing \
      content) prints nothing at all, except NDJSON, whose lines before the broken one are \
      printed. Several messages, or several inputs, print one compact document per line \
      (NDJSON; a curl command per line for curl).
      """,
    options: [target, environment] + CompileOptions.options + InputOptions.options
      + [InputOptions.jobs, InputOptions.partSize]
      + DiagnosticOptions.options + InputOptions.discoveryOptions,
    positionals: [files]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let inputs = try InputOptions.discoveredInputs(arguments.values(of: files), arguments)
    let target = arguments[Self.target]
    let environment = arguments[Self.environment]
    let compileOptions = CompileOptions(arguments)
    // Only the `fcm` target writes the FCM request: for the others, each message's is freed as
    // soon as the message is compiled, and the next message reuses its memory.
    var compilerOptions = compileOptions.compiler
    compilerOptions.keepsFCMRequests = target == .fcm
    // The payload's bytes are all the `apns-payload` target writes: the rest of each message's
    // requests is freed as soon as it is compiled.
    compilerOptions.keepsPayloadBytesOnly = target == .apnsPayload
    let forcedFormat = InputOptions(arguments).loader.forcedFormat
    // Several inputs always print one document per line, however many messages each has.
    let severalInputs = inputs.count > 1
    // For an output that reads the payloads' bytes and never their trees, the `data` entries
    // no check reads are copied into the bytes from the input, without being made values and
    // members first.
    let bytesOnly = {
      var options = compilerOptions
      options.lowering.omitsUncheckedDataKeys = true
      options.defersDataValues = true
      options.speculatesWithoutProvenance = true
      return options
    }()
    let printsPayloadBytesOnly = target == .apnsPayload || target == .curl
    let printer = DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console)
    var runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: printer,
      options: printsPayloadBytesOnly ? bytesOnly : compilerOptions
    )
    if target == .apns {
      // The request document of a compact line copies the payload's bytes; a pretty one
      // (a single message) writes its tree.
      let plain = compilerOptions
      runner.optionsByInput = { name in
        severalInputs || (forcedFormat ?? SourceFormat(fileName: name)) == .jsonSequence
          ? bytesOnly : plain
      }
    }
    runner.readsNDJSONInParts = true
    runner.withholdingSeverities = printer.options.failingSeverities
    runner.jobs = arguments[InputOptions.jobs]
    runner.partSize = arguments[InputOptions.partSize]
    let bundleID = compilerOptions.lowering.bundleID
    // Under --warnings-as-errors (or --strict) a warning withholds its message like an error.
    let failing = printer.options.failingSeverities
    return runner.run(
      inputs,
      transform: { compilation, part in
        // Each line of NDJSON is a document of its own, so a broken line withholds only
        // itself (and, after a syntax error, the lines that are not read); in any other input
        // an error outside the messages withholds every message.
        let isNDJSON =
          (forcedFormat ?? SourceFormat(fileName: compilation.file.name)) == .jsonSequence
        // A part of an array withholds its messages when any part has such an error, as
        // the whole array would (the runner reads the parts once before, to know).
        let withheld =
          part.withholdsEveryMessage
          || (!isNDJSON
            && hasErrorsOutsideMessages(
              compilation.diagnostics, messages: compilation.messages, failing: failing))
        return RenderedOutputs(
          of: withheld ? [] : compilation.messages,
          in: compilation.file,
          failing: failing,
          // NDJSON in, NDJSON out: however its lines fall into parts; a part of an array is
          // one of several messages, however many it holds.
          several: severalInputs || isNDJSON || compilation.messages.count > 1
            || part.isOneOfSeveral,
          target: target,
          environment: environment,
          bundleID: bundleID
        )
      },
      handle: { outputs, part in
        outputs.write(to: console, printer: printer, file: part.file)
      }
    )
  }

  /// The output of every message without errors of one input (or part of an NDJSON input),
  /// ready to be written at once, and the diagnostics of the messages that have no output for
  /// the target.
  struct RenderedOutputs: Sendable {
    /// What is written to standard output.
    var bytes: [UInt8] = []
    /// Why some messages have no output, placed at their messages.
    var problems: [Diagnostic] = []

    /// Renders the messages of `file` for `target`, except those with a diagnostic of a
    /// `failing` severity; `several` says whether there is more than one document, which makes
    /// each output one compact line.
    init(
      of messages: [CompiledPush],
      in file: SourceFile,
      failing: Set<Severity> = [.error],
      several: Bool,
      target: Target,
      environment: APNSRequestRenderer.Environment,
      bundleID: String?
    ) {
      if target == .apnsPayload {
        // The payloads' bytes are known: one buffer of their size, appended to in place.
        var size = 0
        for index in messages.indices {
          size += (messages[index].apnsRequest?.payloadBytes.count ?? 0) + 1
        }
        bytes.reserveCapacity(size)
      }
      // By index, through the buffer, and lent to `render` by address: a loop variable was a
      // copy of each message (a retain of each of its references, and a release after), and
      // so was an element passed to `render` by value, even read from the buffer.
      messages.withUnsafeBufferPointer { messages in
        for index in messages.indices
        where !messages[index].diagnostics.contains(where: {
          failing.contains($0.severity)
        }) {
          if var diagnostic = CompileCommand.render(
            messages.baseAddress.unsafelyUnwrapped + index,
            target: target,
            environment: environment,
            several: several,
            bundleID: bundleID,
            into: &bytes
          ) {
            diagnostic.file = file.name
            diagnostic.range = messages[index].span.map {
              file.range(of: SourceSpan(at: $0.start))
            }
            problems.append(diagnostic)
          }
        }
      }
    }

    /// Writes the outputs with one write and reports each problem.
    ///
    /// - Returns: 1 when a message had no output for the target, 0 otherwise.
    func write(to console: Console, printer: DiagnosticPrinter, file: SourceFile) -> ExitCode {
      if !bytes.isEmpty { console.writeOutput(bytes) }
      for problem in problems {
        printer.report([problem], in: file)
      }
      return problems.isEmpty ? .success : .failure
    }
  }

  /// Whether `diagnostics`, all the diagnostics of an input, has an error that none of
  /// `messages` has: an error of the input's text (a syntax error, trailing content) rather than
  /// of one message, after which no message of the input is trusted.
  ///
  /// - Parameters:
  ///   - diagnostics: Every diagnostic of the input, its messages' included.
  ///   - messages: The input's messages.
  ///   - failing: The severities that count as errors: `.warning` too under
  ///     `--warnings-as-errors`.
  /// - Returns: Whether an error belongs to no message.
  static func hasErrorsOutsideMessages(
    _ diagnostics: [Diagnostic], messages: [CompiledPush], failing: Set<Severity> = [.error]
  ) -> Bool {
    let errors = diagnostics.lazy.filter { failing.contains($0.severity) }.count
    guard errors > 0 else { return false }
    let messageErrors = messages.lazy.map { message in
      message.diagnostics.lazy.filter { failing.contains($0.severity) }.count
    }.reduce(0, +)
    return errors > messageErrors
  }

  /// Writes the output of every message without errors to standard output and reports the
  /// messages that have no output for `target`; an input with an error outside its messages
  /// (see ``hasErrorsOutsideMessages(_:messages:)``) writes nothing.
  ///
  /// - Returns: 1 when a message had no output for the target, 0 otherwise.
  static func writeOutputs(
    of messages: [CompiledPush],
    diagnostics: [Diagnostic],
    in file: SourceFile,
    severalInputs: Bool,
    target: Target,
    environment: APNSRequestRenderer.Environment,
    bundleID: String?,
    console: Console,
    printer: DiagnosticPrinter
  ) -> ExitCode {
    let failing = printer.options.failingSeverities
    return RenderedOutputs(
      of: hasErrorsOutsideMessages(diagnostics, messages: messages, failing: failing)
        ? [] : messages,
      in: file,
      failing: failing,
      several: severalInputs || messages.count > 1,
      target: target,
      environment: environment,
      bundleID: bundleID
    ).write(to: console, printer: printer, file: file)
  }

  /// Appends the output of the message at `message` for `target` to `output`, or returns the
  /// diagnostic saying why there is none. The message is read in place, and not kept.
  static func render(
    _ message: UnsafePointer<CompiledPush>,
    target: Target,
    environment: APNSRequestRenderer.Environment,
    several: Bool,
    bundleID: String?,
    into output: inout [UInt8]
  ) -> Diagnostic? {
    let renderer = APNSRequestRenderer()
    let style: CanonicalJSONWriter.Style = several ? .compact : .pretty
    func appendJSON(_ node: ValueNode) {
      output += CanonicalJSONWriter(style: style).bytes(for: node)
      output.append(UInt8(ascii: "\n"))
    }
    if target == .fcm {
      guard let body = message.pointee.fcmRequestBody else {
        return Diagnostic(.cliTargetNeedsFCM(), pointer: message.pointee.pointer)
      }
      appendJSON(body)
      return nil
    }
    if target == .apnsPayload {
      // Read in place: binding the request would copy it (a retain of each of its references).
      guard case .some = message.pointee.apnsRequest else {
        return Diagnostic(.cliTargetNeedsFCM(), pointer: message.pointee.pointer)
      }
      message.pointee.apnsRequest?.payloadBytes.withUnsafeBufferPointer {
        output.append(contentsOf: $0)
      }
      if several { output.append(UInt8(ascii: "\n")) }
      return nil
    }
    guard let request = message.pointee.apnsRequest else {
      return Diagnostic(.cliTargetNeedsFCM(), pointer: message.pointee.pointer)
    }
    switch target {
    case .apns where several:
      // One compact line: the payload's bytes are copied, not written again from its tree.
      renderer.appendCompactRequestDocument(for: request, to: &output)
      output.append(UInt8(ascii: "\n"))
    case .apns:
      appendJSON(renderer.requestDocument(for: request))
    case .simctl:
      guard let bundle = bundleID ?? simulatorBundle(of: request) else {
        return Diagnostic(.cliSimulatorNeedsBundleID(), pointer: message.pointee.pointer)
      }
      appendJSON(renderer.simulatorDocument(for: request, bundleID: bundle))
    case .curl:
      var command = renderer.curlCommand(for: request, environment: environment)
      if several {
        // One command per line: the continuation lines joined (no header value or payload of
        // a message without errors has a line break).
        command = command.replacing(" \\\n  ", with: " ")
      }
      output += Array((command + "\n").utf8)
    case .fcm, .apnsPayload:
      break  // Written above.
    }
    return nil
  }

  /// The bundle ID a request's `apns-topic` names, without a push-type suffix.
  static func simulatorBundle(of request: APNS.Request) -> String? {
    guard let topic = request.header(.topic)?.value, !topic.isEmpty else { return nil }
    let suffixes = APNSLimits.pushTypes.compactMap(\.topicSuffix).filter { !$0.isEmpty }
      .sorted { $0.count > $1.count }
    for suffix in suffixes where topic.hasSuffix(suffix) {
      return String(topic.dropLast(suffix.count))
    }
    return topic
  }
}
