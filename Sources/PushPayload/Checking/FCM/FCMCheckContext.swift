import PushDiagnostics
import PushJSON

/// The state shared by the FCM rules while checking one message: the collector, the source
/// for byte-exact positions, and the pointer of the message for values built in code.
struct FCMCheckContext {
  /// Collects what the rules find.
  var collector: DiagnosticCollector
  /// Maps offsets inside string values to source bytes.
  let locator: SourceTextLocator
  /// The pointer of the message, used for values that have no source (built in code): the
  /// rules append the canonical field path to it. Made when asked for, from ``messageSource``:
  /// a stored copy cost every message a retain and a release.
  var messagePointer: JSONPointer {
    messageSource?.pointer ?? JSONPointer(tokens: ["message"])
  }
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every context made.
  /// The pointer of the message object as written, when it was read from a source.
  private(set) var messageSource: Optional<SourceReference>
  /// The encoded `message` object, when the caller has it already.
  private(set) var encodedMessage: Optional<ValueNode>
  /// The size of the encoded `message` object in compact canonical JSON, when the caller has
  /// measured it.
  private(set) var encodedMessageByteCount: Optional<Int>
  /// Whether the message is a template whose target is added by the service that sends it
  /// (``FCMChecker/checksTemplates``).
  var isTemplate = false

  /// Creates the context of a message read from `messageSource` (`nil` when built in code);
  /// takes only the message's location, so the large message itself is never copied.
  init(
    file: SourceFile?,
    messageSource: SourceReference?,
    encodedMessage: ValueNode? = nil,
    encodedMessageByteCount: Int? = nil
  ) {
    if let file {
      self.collector = DiagnosticCollector(file: file)
    } else {
      self.collector = DiagnosticCollector()
    }
    self.locator = SourceTextLocator(file: file)
    self.messageSource = messageSource
    self.encodedMessage = encodedMessage
    self.encodedMessageByteCount = encodedMessageByteCount
  }

  /// Makes this the context of another message of the same file, as
  /// ``init(file:messageSource:encodedMessage:encodedMessageByteCount:)`` would, without
  /// diagnostics: the linter checks every message of a file in one context, which costs less
  /// than making one (and its collector and locator, each holding the file) for each.
  mutating func start(
    messageSource: SourceReference?,
    encodedMessage: ValueNode? = nil,
    encodedMessageByteCount: Int? = nil
  ) {
    if !collector.diagnostics.isEmpty { collector.removeDiagnostics(from: 0) }
    self.messageSource = messageSource
    self.encodedMessage = encodedMessage
    self.encodedMessageByteCount = encodedMessageByteCount
  }

  /// The pointer of a value: where it was read from, or the canonical path below the message.
  func pointer(_ source: SourceReference?, _ path: [String]) -> JSONPointer {
    source?.pointer ?? JSONPointer(tokens: messagePointer.tokens + path)
  }

  /// Emits `message` about the value read from `source` (or built in code at `path`).
  ///
  /// - Parameters:
  ///   - message: The catalog entry.
  ///   - source: Where the value was read from.
  ///   - path: The canonical path below the message, for values built in code.
  ///   - onKey: Whether to point at the member's key rather than its value.
  ///   - span: A more precise span inside the value, if known.
  ///   - notes: Secondary places.
  ///   - fixIts: Suggested fixes.
  mutating func emit(
    _ message: DiagnosticMessage,
    _ source: SourceReference?,
    path: [String],
    onKey: Bool = false,
    span: SourceSpan? = nil,
    notes: [Diagnostic.Note] = [],
    fixIts: [Diagnostic.FixIt] = []
  ) {
    let location = span ?? (onKey ? source?.keySpan ?? source?.span : source?.span)
    collector.emit(
      message,
      at: location,
      pointer: pointer(source, path),
      notes: notes,
      fixIts: fixIts
    )
  }

  /// Emits `message` about a node of a free-form tree at `pointer`.
  mutating func emit(
    _ message: DiagnosticMessage,
    node: ValueNode,
    pointer: JSONPointer,
    span: SourceSpan? = nil,
    notes: [Diagnostic.Note] = [],
    fixIts: [Diagnostic.FixIt] = []
  ) {
    collector.emit(
      message,
      at: span ?? node.span,
      pointer: pointer,
      notes: notes,
      fixIts: fixIts
    )
  }

  /// A note about the value read from `source`.
  func note(_ text: String, _ source: SourceReference?, onKey: Bool = false) -> Diagnostic.Note {
    let span = onKey ? source?.keySpan ?? source?.span : source?.span
    return collector.note(text, at: span, pointer: source?.pointer)
  }

  /// The span of bytes `range` of the string `text` read from `source`, or the value's span.
  func span(of range: Range<Int>, in text: String, _ source: SourceReference?) -> SourceSpan? {
    guard let source else { return nil }
    return locator.span(of: range, in: text, at: source.span)
  }

  /// A fix-it replacing bytes `range` of `text` (read from `source`) by `replacement`, when
  /// the source spells `text` literally.
  func fixIt(
    _ message: String,
    replacing range: Range<Int>,
    in text: String,
    _ source: SourceReference?,
    with replacement: String
  ) -> Diagnostic.FixIt {
    guard let source, let start = locator.contentStart(of: text, in: source.span) else {
      return Diagnostic.FixIt(message)
    }
    return collector.fixIt(
      message,
      replacing: SourceSpan(start: start + range.lowerBound, end: start + range.upperBound),
      with: replacement
    )
  }
}
