public import PushDiagnostics
public import PushJSON

/// Compiles FCM message definitions into the FCM HTTP v1 send request bodies the Admin SDKs
/// would send for them (`pushc compile --target fcm`).
///
/// ```swift
/// let result = FCMCompiler().compile(JSONReader.read(file))
/// if let output = result.output {
///   print(CanonicalJSONWriter(style: .pretty).string(for: output))
/// }
/// ```
public struct FCMCompiler: Sendable {
  /// The linter that reads and checks the input.
  public var linter: FCMLinter

  /// Creates a compiler.
  public init(linter: FCMLinter = FCMLinter()) {
    self.linter = linter
  }

  /// Compiles every message definition of `source`.
  ///
  /// There is output only when the whole input is free of errors, so a file never compiles
  /// half-way.
  public func compile(_ source: ParsedSource) -> FCMCompileResult {
    let lint = linter.lint(source)
    let bodies = lint.messages.compactMap(\.requestBody)
    let complete = !lint.hasErrors && bodies.count == lint.messages.count && !bodies.isEmpty
    var output: ValueNode?
    if complete {
      output = bodies.count == 1 ? bodies[0] : ValueNode(.array(bodies))
    }
    return FCMCompileResult(
      requestBodies: complete ? bodies : [],
      output: output,
      diagnostics: lint.diagnostics,
      lint: lint
    )
  }
}

/// What compiling one input produced.
public struct FCMCompileResult: Sendable {
  /// One `{"message": …}` body per message definition, in file order; empty when the input
  /// has errors.
  public var requestBodies: [ValueNode]
  /// The output: the request body of a single message, an array of bodies for several, or
  /// `nil` when the input has errors.
  public var output: ValueNode?
  /// Every diagnostic, in presentation order.
  public var diagnostics: [Diagnostic]
  /// The full lint result, with per-message details.
  public var lint: FCMLintResult

  /// Creates a compile result.
  public init(
    requestBodies: [ValueNode],
    output: ValueNode?,
    diagnostics: [Diagnostic],
    lint: FCMLintResult
  ) {
    self.requestBodies = requestBodies
    self.output = output
    self.diagnostics = diagnostics
    self.lint = lint
  }
}
