public import PushDiagnostics
import PushJSON

/// Fits every message of a ``PushCompilation`` within its APNs budget: the pipeline of
/// `pushc fit`.
///
/// For each message with an APNs request, ``PayloadFitter`` shortens one string (the alert body,
/// or a named top-level key) so that the payload is as large as possible but within the budget.
/// The shortened request replaces the compiled one, its size diagnostics are checked again, a
/// `cliFitShortened` note says what was cut and where it came from in the input, and for an FCM
/// message the shortened string is written back to the field it came from in the FCM request
/// body (``PayloadFitter/Cut/fcmRequestBody(for:loweredTo:)``).
///
/// The work is linear in the number of messages and diagnostics: each message is fitted on its
/// own, and the diagnostics of the input as a whole are told apart from the messages' with a
/// set.
///
/// ```swift
/// let compilation = PushCompiler(options: options).compile(parsed)
/// let fitted = PushFitter(options: .init(maximumBytes: 3_000)).fit(compilation)
/// fitted.messages.first?.apnsRequest?.payloadBytes   // at most 3,000 bytes
/// fitted.diagnostics                                 // what was cut, and what still does not fit
/// ```
public struct PushFitter: Sendable {
  /// How to fit.
  public struct Options: Hashable, Sendable {
    /// Where to cut.
    public var policy: PayloadFitter.Policy
    /// A budget below the APNs limit of the push type, or `nil` for the limit itself.
    public var maximumBytes: Int?
    /// The string to shorten.
    public var target: PayloadFitter.Target
    /// The app's bundle ID, for checking the shortened request as the compiler did.
    public var bundleID: String?
    /// The current time in UNIX epoch seconds, for checking the shortened request.
    public var now: Int?

    /// Creates options.
    public init(
      policy: PayloadFitter.Policy = .truncateBody,
      maximumBytes: Int? = nil,
      target: PayloadFitter.Target = .alertBody,
      bundleID: String? = nil,
      now: Int? = nil
    ) {
      self.policy = policy
      self.maximumBytes = maximumBytes
      self.target = target
      self.bundleID = bundleID
      self.now = now
    }
  }

  /// The identifiers of the size diagnostics that fitting resolves: they are dropped from each
  /// message and found again on the shortened request.
  static let sizeDiagnostics: Set<DiagnosticID> = [
    .apnsPayloadTooLarge, .fcmMessageTooLarge, .fcmTopicMessageLarge,
  ]

  /// The rules a fitted request is checked with again: only the size rule, the one whose
  /// diagnostics (``sizeDiagnostics``) are kept, since fitting changes nothing else the other
  /// rules look at and their findings are already in the message.
  static let sizeRuleOnly = RuleConfiguration(
    Dictionary(
      uniqueKeysWithValues: RuleRegistry.apnsRules.map(\.id)
        .filter { $0 != APNSPayloadSizeRule.descriptor.id }
        .map { ($0, RuleConfiguration.Setting.disabled) }
    )
  )

  /// The options in force.
  public var options: Options

  /// Creates a fitter.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Fits every message of `compilation`.
  ///
  /// - Returns: The fitted messages, in input order, and every diagnostic: those of the input as
  ///   a whole first, then each message's.
  public func fit(_ compilation: PushCompilation) -> FittedCompilation {
    let messageDiagnostics = Set(compilation.messages.lazy.flatMap(\.diagnostics))
    var diagnostics = compilation.diagnostics.filter { !messageDiagnostics.contains($0) }
    var messages: [CompiledPush] = []
    messages.reserveCapacity(compilation.messages.count)
    for message in compilation.messages {
      let fitted = fit(message, in: compilation.file)
      diagnostics += fitted.diagnostics
      messages.append(fitted)
    }
    return FittedCompilation(file: compilation.file, messages: messages, diagnostics: diagnostics)
  }

  /// Fits one compiled message.
  ///
  /// - Parameters:
  ///   - message: A message of a ``PushCompilation``.
  ///   - file: The input it was read from, for diagnostic positions.
  /// - Returns: The message with its request shortened when it did not fit, its size
  ///   diagnostics found again, and what fitting reported; without an FCM request body when it
  ///   still has errors.
  public func fit(_ message: CompiledPush, in file: SourceFile) -> CompiledPush {
    var fitted = message
    fitted.diagnostics = message.diagnostics.filter { !Self.sizeDiagnostics.contains($0.id) }
    if let request = message.apnsRequest, let report = message.sizeReport {
      let budget = min(options.maximumBytes ?? report.limit, report.limit)
      let fitter = PayloadFitter(
        options: .init(policy: options.policy, maximumBytes: budget, target: options.target)
      )
      var collector = DiagnosticCollector(file: file)
      if let result = fitter.fit(request.payload, collector: &collector) {
        var shortened = request
        if let cut = result.cut {
          shortened.payload = result.payload
          shortened.payloadBytes = CanonicalJSONWriter().bytes(for: result.payload)
          shortened.isRawInput = false
          let source = request.inputPointer(ofPayloadValueAt: cut.pointer)
          collector.emit(
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
          fitted.fcmRequestBody = message.fcmRequest.flatMap {
            cut.fcmRequestBody(for: $0, loweredTo: request)
          }
        }
        var recheck = DiagnosticCollector(file: file)
        let checker = APNSRequestChecker(
          options: .init(bundleID: options.bundleID, now: options.now, rules: Self.sizeRuleOnly)
        )
        checker.check(shortened, collector: &recheck)
        fitted.diagnostics += recheck.diagnostics.filter { Self.sizeDiagnostics.contains($0.id) }
        fitted.apnsRequest = shortened
      }
      fitted.diagnostics += collector.diagnostics
    }
    if fitted.hasErrors { fitted.fcmRequestBody = nil }
    return fitted
  }
}
