package import PushDiagnostics
package import PushJSON

/// Checks FCM message definitions: reads them (``FCMMessageReader``), checks them
/// (``FCMChecker``) and encodes the valid ones (``FCMRequestEncoder``).
///
/// ```swift
/// let parsed = JSONReader.read(SourceFile(name: "notice.fcm.json", text: text))
/// let result = FCMLinter().lint(parsed)
/// result.diagnostics   // every problem, parse errors included, in presentation order
/// result.summary       // files 1, messages 1, errors 0, warnings 0
/// ```
package struct FCMLinter: Sendable {
  /// What the linter reports.
  package struct Options: Sendable {
    /// Whether lowerCamelCase field names get a note (`fcmCamelCaseField`).
    package var strict: Bool
    /// Which rules run, and with which severity.
    package var rules: RuleConfiguration
    /// Whether messages are templates without a target (``FCMChecker/checksTemplates``).
    package var checksTemplates: Bool
    /// Whether the values of `data` maps are made only when read
    /// (``FCMMessageReader/Options/defersDataValues``).
    package var defersDataValues: Bool

    /// Creates options.
    package init(
      strict: Bool = false, rules: RuleConfiguration = RuleConfiguration(),
      checksTemplates: Bool = false, defersDataValues: Bool = false
    ) {
      self.strict = strict
      self.rules = rules
      self.checksTemplates = checksTemplates
      self.defersDataValues = defersDataValues
    }
  }

  /// The options in force.
  package var options: Options

  /// Creates a linter.
  package init(options: Options = Options()) {
    self.options = options
  }

  /// Lints every message definition of `source`.
  ///
  /// The messages' pointers come from `pointers` when it is given (see
  /// ``PushCompiler/compile(_:sharingPointersWith:)``).
  package func lint(
    _ source: ParsedSource, sharingPointersWith pointers: JSONPointerInterner? = nil
  )
    -> FCMLintResult
  {
    var messages: [FCMMessageResult] = []
    messages.reserveCapacity(source.tree.roots.count)
    let inputDiagnostics = lintEach(source, sharingPointersWith: pointers) { message in
      // Moved into the array: the result is the closure's to take.
      var moved = FCMMessageResult.empty
      swap(&moved, &message)
      messages.append(moved)
    }
    var all = source.diagnostics + inputDiagnostics
    // Appended result by result, without the intermediate array `flatMap` builds, and only
    // for the results that have any.
    for index in messages.indices where !messages[index].diagnostics.isEmpty {
      all += messages[index].diagnostics
    }
    return FCMLintResult(
      file: source.file,
      messages: messages,
      diagnostics: all.sortedForPresentation(),
      summary: LintSummary(messages: messages.count, diagnostics: all)
    )
  }

  /// Lints the message definitions of `source` one at a time, in file order, handing each
  /// result to `handle` as soon as the message is read and checked, and returns the reader's
  /// diagnostics about the input as a whole (`fcmNoMessages`), without `source`'s own.
  ///
  /// Each message is read, checked and handed on before the next is read: a caller that
  /// keeps only what it needs of each result (``PushCompiler`` compiles it in `handle`) holds
  /// one message at a time, and the memory of one is reused by the next while it is still in
  /// the processor's caches. ``lint(_:sharingPointersWith:)`` is this with every result kept.
  package func lintEach(
    _ source: ParsedSource, sharingPointersWith pointers: JSONPointerInterner? = nil,
    _ handle: (inout FCMMessageResult) -> Void
  ) -> [Diagnostic] {
    let reader = FCMMessageReader(
      options: .init(
        reportsCamelCaseFieldNames: options.strict, defersDataValues: options.defersDataValues))
    let checker = FCMChecker(rules: options.rules, checksTemplates: options.checksTemplates)
    let encoder = FCMRequestEncoder()
    // One check context for all the messages of the input, started for each.
    var context = FCMCheckContext(file: source.file, messageSource: nil)
    return reader.readEach(source, sharingPointersWith: pointers) { definition in
      // The request is moved out of its definition into the result rather than copied: each
      // copy would retain (and later release) every string of the message.
      let request = definition.requestStorage.take()
      let reading = definition.diagnostics
      var diagnostics = reading
      var body: FCMRequestBody?
      var byteCount: Int?
      // The APNs side of the measure alone, not an optional of the whole measure: that was
      // destroyed through `Optional`'s generic value witness (about 200 instructions).
      var movedMeasured = MeasuredAPNSPayload()
      // The request is lent to the closure in place: bound with `if let`, it would be copied,
      // retaining (and later releasing) every string of the message.
      _ = request.withRequest { request in
        // Measured without building the body: its tree is built only for a consumer that
        // reads it (``FCMMessageResult/requestBody``), and the message's tree only for the
        // notes of a message over the size limit.
        var measuredMessage = encoder.measure(request.message.value)
        swap(&movedMeasured, &measuredMessage.measuredAPNSPayload)
        byteCount = measuredMessage.byteCount
        context.start(messageSource: request.message.source, encodedMessageByteCount: byteCount)
        // Most messages have none: filtering and appending an empty array was work for nothing.
        let checked = checker.check(request, in: &context)
        if !checked.isEmpty {
          diagnostics += Self.withoutConsequentialErrors(
            checked, reading: reading, messagePointer: request.message.source?.pointer)
        }
        if !diagnostics.containsErrors { body = .encodingOfRequest }
      }
      // The result is made empty and its parts moved in: built whole, it was copied (a retain
      // of each reference of the request) and the original destroyed (a release of each).
      var result = FCMMessageResult(
        documentIndex: definition.documentIndex,
        pointer: definition.pointer,
        request: nil,
        body: nil,
        byteCount: byteCount,
        diagnostics: [],
        span: definition.span,
        measuredAPNSPayload: MeasuredAPNSPayload()
      )
      var movedRequest = consume request
      result.moveIn(
        request: &movedRequest, body: body, diagnostics: &diagnostics,
        measuredAPNSPayload: &movedMeasured)
      handle(&result)
    }
  }
}

extension FCMLinter {
  /// `diagnostics` without a missing-target error when reading already reported an error about
  /// a target field (a `topic` that is a number is not also "no target"); `messagePointer` is
  /// where the message was read from.
  static func withoutConsequentialErrors(
    _ diagnostics: [Diagnostic],
    reading: [Diagnostic],
    messagePointer: JSONPointer?
  ) -> [Diagnostic] {
    let base = messagePointer?.tokens ?? []
    let unreadableTarget = reading.contains { diagnostic in
      guard diagnostic.severity == .error, let tokens = diagnostic.pointer?.tokens,
        tokens.count == base.count + 1, Array(tokens.prefix(base.count)) == base,
        let last = tokens.last
      else { return false }
      return ["token", "fid", "topic", "condition"].contains(last)
    }
    guard unreadableTarget else { return diagnostics }
    return diagnostics.filter { $0.id != .fcmMissingTarget }
  }
}

/// What linting one input found.
package struct FCMLintResult: Sendable {
  /// The input.
  package var file: SourceFile
  /// One result per message definition, in file order.
  package var messages: [FCMMessageResult]
  /// Every diagnostic (reading the file, reading and checking each message), in presentation
  /// order.
  package var diagnostics: [Diagnostic]
  /// The counts for this file.
  package var summary: LintSummary

  /// Creates a lint result.
  package init(
    file: SourceFile,
    messages: [FCMMessageResult],
    diagnostics: [Diagnostic],
    summary: LintSummary
  ) {
    self.file = file
    self.messages = messages
    self.diagnostics = diagnostics
    self.summary = summary
  }

  /// Whether any error was found.
  package var hasErrors: Bool { diagnostics.containsErrors }
}

/// What linting one message definition found.
package struct FCMMessageResult: Sendable {
  /// The 0-based position of the document in its file.
  package var documentIndex: Int
  /// The pointer to the definition in its document.
  package var pointer: JSONPointer
  /// The request read, or `nil` when the definition was not an object: a copy of the request
  /// the result holds.
  package var request: FCM.SendRequest? {
    get { storedRequest.request }
    set {
      body = body?.detached(from: storedRequest.request)
      storedRequest = SendRequestStorage(newValue)
    }
  }
  /// The storage of ``request``, which ``takeRequestAndBody()`` moves out as it is.
  private var storedRequest: SendRequestStorage
  /// The encoded request body, or `nil` when the message has errors; each read encodes
  /// ``request`` again (see ``body``).
  package var requestBody: ValueNode? {
    get { body?.node(encoding: request) }
    set { body = newValue.map(FCMRequestBody.node) }
  }
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every message.
  /// Where the request body comes from, or `nil` when the message has errors: for a message
  /// that ``FCMLinter`` read and checked, the encoding of ``request``.
  package var body: Optional<FCMRequestBody>
  /// The size in bytes of the compact encoded `message` object, the size FCM limits; `nil`
  /// when nothing could be read.
  package var byteCount: Optional<Int>
  /// What reading and checking the message found.
  package var diagnostics: [Diagnostic]
  /// The bytes of the definition in its file, when it was read from one.
  package var span: Optional<SourceSpan>
  /// `apns.payload` as the encoder wrote it (the Admin SDKs' normalisation, without source
  /// positions), errors or not; built when read for a payload sent as written.
  package var encodedAPNSPayload: ValueNode? {
    get { measuredAPNSPayload.normalized }
    set { measuredAPNSPayload.normalized = newValue }
  }
  /// What lowering takes as the normalised `apns.payload`, so that it need not normalise it
  /// again (``FCMMeasuredMessage/measuredAPNSPayload``).
  package var measuredAPNSPayload: MeasuredAPNSPayload

  /// Creates a message result; the payload for lowering may be `apns.payload` as written.
  package init(
    documentIndex: Int,
    pointer: JSONPointer,
    request: FCM.SendRequest?,
    body: FCMRequestBody?,
    byteCount: Int?,
    diagnostics: [Diagnostic],
    span: SourceSpan?,
    measuredAPNSPayload: MeasuredAPNSPayload
  ) {
    self.documentIndex = documentIndex
    self.pointer = pointer
    self.span = span
    self.storedRequest = SendRequestStorage(request)
    self.body = body
    self.byteCount = byteCount
    self.diagnostics = diagnostics
    self.measuredAPNSPayload = measuredAPNSPayload
  }

  /// A result of no message, which a result moved out of its place leaves there.
  static var empty: FCMMessageResult {
    FCMMessageResult(
      documentIndex: 0, pointer: .root, request: nil, body: nil, byteCount: nil,
      diagnostics: [], span: nil, measuredAPNSPayload: MeasuredAPNSPayload())
  }

  /// Whether the message has an error.
  package var hasErrors: Bool { diagnostics.containsErrors }

  /// Moves `request`, `diagnostics` and `measuredAPNSPayload` in, leaving empty values there,
  /// and sets `body`, into a result made without them: the linter fills the result in place in
  /// its array.
  mutating func moveIn(
    request: inout SendRequestStorage,
    body: FCMRequestBody?,
    diagnostics: inout [Diagnostic],
    measuredAPNSPayload: inout MeasuredAPNSPayload
  ) {
    swap(&storedRequest, &request)
    self.body = body
    swap(&self.diagnostics, &diagnostics)
    swap(&self.measuredAPNSPayload, &measuredAPNSPayload)
  }

  /// Moves ``request`` and ``body`` out together, leaving `nil` in both: the compiler keeps
  /// them in the message's compiled result, and moving them costs nothing where a copy of the
  /// request retains every reference in it.
  package mutating func takeRequestAndBody() -> (
    request: SendRequestStorage, body: FCMRequestBody?
  ) {
    var body: FCMRequestBody?
    swap(&body, &self.body)
    return (storedRequest.take(), body)
  }
}
