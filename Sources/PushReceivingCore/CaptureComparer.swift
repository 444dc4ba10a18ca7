public import PushDiagnostics
public import PushJSON
public import PushPayload

/// Compares a captured push with the APNs payload that was meant to arrive: the pipeline of
/// `pushc decode --against`.
///
/// It has two stages. ``expectedPayload(of:format:in:)`` resolves a definition to the payload it
/// stands for: an FCM message (told apart by `APNSInputReader/detectKind(of:)`, the one place
/// input kinds are detected) is checked and lowered the way FCM lowers it; anything else is an
/// APNs payload, compared as it is. ``compare(_:options:against:)`` reads the capture
/// (``CaptureReader``) and compares it key by key (``PayloadDiff``).
///
/// ```swift
/// let comparer = CaptureComparer()
/// let expected = comparer.expectedPayload(of: definition, in: definitionFile)
/// if let payload = expected.payload {
///   let comparison = comparer.compare(captureFile, against: payload)
///   comparison.diff?.summary   // "0 differences, 2 keys added by FCM"
/// }
/// ```
public struct CaptureComparer: Sendable {
  /// How FCM messages are lowered; by default at time 0, so that no expiration is computed
  /// from a clock.
  public var lowering: APNSLowering.Options

  /// Creates a comparer.
  public init(lowering: APNSLowering.Options = APNSLowering.Options(now: 0)) {
    self.lowering = lowering
  }

  /// The APNs payload `definition` stands for: itself when it is an APNs payload, or the
  /// lowering of the FCM message it holds.
  ///
  /// - Parameters:
  ///   - definition: The root of the definition's only document.
  ///   - format: The format it was read from.
  ///   - file: The definition's source, for diagnostic positions.
  /// - Returns: The payload, or `nil` with the diagnostics saying why there is none.
  public func expectedPayload(
    of definition: ValueNode,
    format: SourceFormat = .json,
    in file: SourceFile
  ) -> ExpectedPayload {
    // A definition of no known kind is compared as the payload it is.
    let kind = APNSInputReader.detectKind(of: definition) ?? .payload
    guard kind == .fcm else {
      return ExpectedPayload(kind: kind, payload: definition, diagnosticsByStage: [])
    }
    let lint = FCMLinter().lint(
      ParsedSource(file: file, format: format, documents: [definition], diagnostics: [])
    )
    var expected = ExpectedPayload(kind: kind, payload: nil, diagnosticsByStage: [lint.diagnostics])
    guard !lint.hasErrors else { return expected }
    var collector = DiagnosticCollector(file: file)
    guard lint.messages.count == 1, let request = lint.messages.first?.request else {
      collector.emit(.decodeAgainstMessageCount(lint.messages.count), at: definition.span)
      expected.diagnosticsByStage.append(collector.diagnostics)
      return expected
    }
    let lowered = APNSLowering(options: lowering).lower(
      request.message.value,
      collector: &collector
    )
    expected.diagnosticsByStage.append(collector.diagnostics)
    if !collector.hasErrors { expected.payload = lowered.payload }
    return expected
  }

  /// Reads the capture in `file` and compares it with `expected`.
  ///
  /// - Parameters:
  ///   - file: The capture, in any ``CaptureForm``.
  ///   - options: The form to assume, if any, and the nesting limit.
  ///   - expected: The payload that was meant to arrive (see ``expectedPayload(of:format:in:)``).
  /// - Returns: The capture as read, and the differences unless it has reading errors.
  public func compare(
    _ file: SourceFile,
    options: CaptureReader.Options = CaptureReader.Options(),
    against expected: ValueNode
  ) -> CaptureComparison {
    let capture = CaptureReader.read(file, options: options)
    guard let actual = capture.root, !capture.hasErrors else {
      return CaptureComparison(capture: capture, diff: nil)
    }
    let diff = PayloadDiff(expected: expected, actual: actual)
    return CaptureComparison(capture: capture, diff: diff)
  }
}
