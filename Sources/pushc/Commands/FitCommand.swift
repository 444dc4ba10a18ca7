import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc fit`: makes over-limit messages fit by shortening the alert body, then prints them
/// like `pushc compile`.
struct FitCommand: Command {
  /// `--policy`.
  static let policy = Option<PayloadFitter.Policy>(
    "policy",
    valueName: "policy",
    default: .truncateBody,
    help:
      "Cut at the last grapheme cluster that fits (truncate-body) or at the last word boundary "
      + "(truncate-word)."
  )
  /// `--max-bytes`.
  static let maxBytes = Option<Int?>(
    "max-bytes",
    valueName: "n",
    in: 1...Int.max,
    expecting: "a positive number of bytes",
    help:
      "A budget below the APNs limit, for example to leave room for the keys FCM adds on "
      + "delivery. Defaults to the limit of the push type (4096, or 5120 for voip)."
  )
  /// `--truncate-key`.
  static let truncateKey = Option<PayloadFitter.Target>(
    "truncate-key",
    valueName: "key",
    default: .alertBody,
    showsDefault: false,
    help: "Shorten this top-level string key (such as a data key) instead of the alert body."
  )

  static let signature = CommandSignature(
    name: "fit",
    abstract: "Shorten the alert body of over-limit messages so they fit.",
    discussion: """
      The body is cut so that the compact payload is as large as possible but within the \
      budget, never inside a character (emoji and Hangul syllables stay whole), accounting for \
      JSON escaping, and '…' is appended. What was cut is reported on standard error. Data \
      keys are never touched unless named with --truncate-key. Output options are those of \
      'pushc compile'; with --target fcm the shortened text goes back into the field it came \
      from (notification.body or apns.payload).
      """,
    options: [policy, maxBytes, truncateKey, CompileCommand.target, CompileCommand.environment]
      + CompileOptions.options + InputOptions.options + DiagnosticOptions.options,
    positionals: [CompileCommand.files]
  )

  /// The identifiers of the size diagnostics that fitting resolves.
  static let sizeDiagnostics: Set<DiagnosticID> = [
    .apnsPayloadTooLarge, .fcmMessageTooLarge, .fcmTopicMessageLarge,
  ]

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let paths = arguments.values(of: CompileCommand.files)
    try CompilationRunner.checkStandardInput(paths)
    let target = arguments[CompileCommand.target]
    let environment = arguments[CompileCommand.environment]
    let maximum = arguments[maxBytes]
    let policy = arguments[Self.policy]
    let fitTarget = arguments[truncateKey]
    let compileOptions = CompileOptions(arguments).compiler
    let printer = DiagnosticPrinter(options: DiagnosticOptions(arguments), console: console)
    let runner = CompilationRunner(
      reader: InputOptions(arguments).reader(console: console),
      loader: InputOptions(arguments).loader,
      printer: printer,
      options: compileOptions
    )
    return runner.run(paths, reportsDiagnostics: false) { compilation in
      var code = ExitCode.success
      var collector = DiagnosticCollector(file: compilation.file)
      collector.append(contentsOf: compilation.diagnostics.filter { diagnostic in
        !compilation.messages.contains { $0.diagnostics.contains(diagnostic) }
      })
      var outputs: [CompiledPush] = []
      for message in compilation.messages {
        var fitted = message
        fitted.diagnostics = message.diagnostics.filter { !sizeDiagnostics.contains($0.id) }
        if let request = message.apnsRequest, let report = message.sizeReport {
          let budget = min(maximum ?? report.limit, report.limit)
          let fitter = PayloadFitter(options: .init(policy: policy, maximumBytes: budget, target: fitTarget))
          var fitCollector = DiagnosticCollector(file: compilation.file)
          if let result = fitter.fit(request.payload, collector: &fitCollector) {
            var shortened = request
            if let cut = result.cut {
              shortened.payload = result.payload
              shortened.payloadBytes = CanonicalJSONWriter().bytes(for: result.payload)
              shortened.isRawInput = false
              let source = request.inputPointer(ofPayloadValueAt: cut.pointer)
              fitCollector.emit(
                .cliFitShortened(
                  String(describing: cut.pointer),
                  source: source.map(String.init(describing:)),
                  characters: cut.removedCharacters,
                  before: cut.bytesBefore,
                  after: cut.bytesAfter,
                  budget: budget
                ),
                at: request.payload[cut.pointer]?.span,
                pointer: source
              )
              fitted.fcmRequestBody = message.fcmRequest.flatMap { applying(cut, from: request, to: $0) }
            }
            var recheck = DiagnosticCollector(file: compilation.file)
            APNSRequestChecker(options: .init(bundleID: compileOptions.lowering.bundleID, now: compileOptions.lowering.now))
              .check(shortened, collector: &recheck)
            fitted.diagnostics += recheck.diagnostics.filter { sizeDiagnostics.contains($0.id) }
            fitted.apnsRequest = shortened
            fitted.sizeReport = PayloadSizeReport(request: shortened)
          }
          fitted.diagnostics += fitCollector.diagnostics
        }
        if fitted.hasErrors { fitted.fcmRequestBody = nil }
        collector.append(contentsOf: fitted.diagnostics)
        outputs.append(fitted)
      }
      if printer.report(collector.diagnostics, in: compilation.file) { code.escalate(to: .failure) }
      code.escalate(
        to: CompileCommand.writeOutputs(
          of: outputs,
          in: compilation.file,
          target: target,
          environment: environment,
          bundleID: compileOptions.lowering.bundleID,
          console: console,
          printer: printer
        )
      )
      return code
    }
  }

  /// The FCM request body with the shortened string written back where the payload value came
  /// from: `notification.body`, or a value inside `apns.payload`.
  static func applying(_ cut: PayloadFitter.Cut, from request: APNS.Request, to fcm: FCM.SendRequest) -> ValueNode? {
    var message = fcm.message.value
    guard let source = request.inputPointer(ofPayloadValueAt: cut.pointer) else { return nil }
    let messageTokens = fcm.message.source?.pointer.tokens ?? []
    guard source.tokens.starts(with: messageTokens) else { return nil }
    let field = Array(source.tokens.dropFirst(messageTokens.count))
    switch field.first {
    case "notification" where field.count == 2 && field[1] == "body":
      message.notification?.value.body?.value = cut.shortened
    case "data" where field.count == 2:
      guard let index = message.data?.value.entries.lastIndex(where: { $0.key == field[1] }) else {
        return nil
      }
      message.data?.value.entries[index].value.value = cut.shortened
    case "apns" where field.count > 2 && field[1] == "payload":
      guard let payload = message.apns?.value.payload,
        let replaced = payload.value.replacing(
          at: JSONPointer(tokens: Array(field.dropFirst(2))),
          with: ValueNode(.string(cut.shortened))
        )
      else { return nil }
      message.apns?.value.payload?.value = replaced
    default:
      return nil
    }
    var updated = fcm
    updated.message.value = message
    return FCMRequestEncoder().encode(updated)
  }
}
