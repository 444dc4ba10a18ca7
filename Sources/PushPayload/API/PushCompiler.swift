public import PushDiagnostics
public import PushJSON

/// The whole pipeline for one input: reads FCM message definitions or raw APNs input, checks
/// them, lowers FCM messages to the APNs request FCM sends, and checks that request against
/// every APNs rule in the FCM profile
/// (``APNSRequestChecker/Profile/fcmLowered(hasContentForApple:)``).
///
/// This is what `pushc lint` and `pushc compile` run. The readers it wires together are
/// `package`; the stages a message built in code needs are public on their own
/// (``FCMChecker``, ``FCMRequestEncoder``, ``APNSLowering``, ``APNSRequestChecker``). Each
/// message keeps its own results.
///
/// ```swift
/// let parsed = JSONReader.read(SourceFile(name: "notice.json", bytes: bytes))
/// let compilation = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000))).compile(parsed)
/// compilation.messages.first?.apnsRequest?.payloadBytes   // what APNs receives
/// compilation.diagnostics                                 // everything found, sorted
/// ```
public struct PushCompiler: Sendable {
  /// What the pipeline needs besides the input.
  public struct Options: Sendable {
    /// The kind of input, or `nil` to detect it from the first document.
    public var kind: APNSInputKind?
    /// How FCM messages are lowered (time, bundle ID, device token, as-received keys).
    public var lowering: APNSLowering.Options
    /// Headers and device token for raw APNs payloads.
    public var apnsInput: APNSInputOptions
    /// Whether FCM notes under the strict option are reported (lowerCamelCase field names).
    public var strict: Bool
    /// Which rules run, and with which severity, for FCM messages and APNs requests alike.
    public var rules: RuleConfiguration
    /// Whether FCM messages are templates without a target, which a service such as Azure
    /// Notification Hubs or Amazon SNS completes (``FCMChecker/checksTemplates``).
    public var checksTemplates: Bool
    /// Whether the values of a message's `data` map are made only when read
    /// (``FCMMessageReader/Options/defersDataValues``): for a caller that reads the
    /// diagnostics and the payloads' bytes alone (`pushc lint`, and `pushc compile` for the
    /// outputs that print payload bytes, with ``APNSLowering/Options/omitsUncheckedDataKeys``).
    package var defersDataValues = false
    /// Whether messages are lowered without the provenance of their payloads while they have
    /// no diagnostic about their APNs requests, a message that has one being lowered and
    /// checked again with it (``SpeculativeLowering``): for a caller that reads the
    /// diagnostics and the payloads' bytes or sizes alone, never
    /// ``APNS/Request/payloadProvenance`` (empty for a message without such diagnostics).
    package var speculatesWithoutProvenance = false
    /// Whether each compiled message keeps its FCM and APNs requests
    /// (``CompiledPush/fcmRequest``, ``CompiledPush/apnsRequest``): a caller that reads the
    /// diagnostics and the counts alone (`pushc lint`) has each message's dropped as soon as
    /// it is checked, so that the next message's lowering reuses their memory (from the
    /// allocator's per-thread cache) instead of an input's worth of requests being freed at the
    /// end.
    package var keepsRequests = true
    /// Whether each compiled message keeps its FCM request and body
    /// (``CompiledPush/fcmRequest``) when it keeps its requests: a caller that writes the APNs
    /// side alone (`pushc compile` for any target but `fcm`) has each message's dropped as
    /// soon as it is compiled, as ``keepsRequests`` does for both.
    package var keepsFCMRequests = true
    /// Whether each compiled message keeps, of its requests, only the bytes of its APNs
    /// payload, when it keeps its requests: a caller that writes nothing else (`pushc compile
    /// --target apns-payload`) has the rest (the FCM request, the payload's tree, the headers
    /// and the provenance) dropped as soon as the message is compiled, and the next message
    /// reuses their memory from the allocator's per-thread cache, which the parts each message
    /// kept had used up.
    package var keepsPayloadBytesOnly = false

    /// Creates options.
    public init(
      kind: APNSInputKind? = nil,
      lowering: APNSLowering.Options,
      apnsInput: APNSInputOptions = APNSInputOptions(),
      strict: Bool = false,
      rules: RuleConfiguration = RuleConfiguration(),
      checksTemplates: Bool = false
    ) {
      self.kind = kind
      self.lowering = lowering
      self.apnsInput = apnsInput
      self.strict = strict
      self.rules = rules
      self.checksTemplates = checksTemplates
    }
  }

  /// The options in force.
  public var options: Options

  /// Creates a compiler.
  public init(options: Options) {
    self.options = options
  }

  /// Reads, checks and lowers every message of `source`.
  ///
  /// The kind is ``Options/kind``, or the one the first document has
  /// (``APNSInputReader/detectKind(of:)``); an input without documents is read as FCM. When
  /// the first document looks like no kind, nothing is read: the compilation has no kind and
  /// no messages, and reports `inputUnknownKind` (unless the input has syntax errors, which are
  /// the problem then).
  public func compile(_ source: ParsedSource) -> PushCompilation {
    compile(source, sharingPointersWith: nil)
  }

  /// ``compile(_:)``, with the pointers of the messages made by `pointers` when it is given:
  /// a caller compiling many small inputs one after another on one thread passes one interner
  /// for all of them, whose pointers the messages of every input share (an interner of its own
  /// costs a small input more than it saves).
  package func compile(_ source: ParsedSource, sharingPointersWith pointers: JSONPointerInterner?)
    -> PushCompilation
  {
    let kind: APNSInputKind
    if let given = options.kind {
      kind = given
    } else if let first = source.firstDocumentOutline {
      guard let detected = APNSInputReader.detectKind(of: first) else {
        // The description of what the document is goes down its first elements.
        return Self.unknownKind(source, first: source.firstDocumentHead ?? first)
      }
      kind = detected
    } else {
      kind = .fcm
    }
    var source = source
    source.diagnostics = Self.trailingCommasJudged(source.diagnostics, for: kind)
    var messages: [CompiledPush]
    var inputDiagnostics = source.diagnostics
    if kind == .fcm {
      let linter = FCMLinter(
        options: .init(
          strict: options.strict, rules: options.rules, checksTemplates: options.checksTemplates,
          defersDataValues: options.defersDataValues))
      let messageCount = FCMMessageReader.messageCount(in: source.tree)
      messages = []
      messages.reserveCapacity(messageCount)
      // The messages of one input share their pointers (they have the same paths) and their
      // lowerings, which make the defaults every message gets once.
      let pointers = pointers ?? JSONPointerInterner(messageCount: messageCount)
      var lowerings = SpeculativeLowering(
        options: options.lowering, speculates: options.speculatesWithoutProvenance)
      // One set of checker options for all the messages, changed in place for each.
      var checkerOptions = APNSRequestChecker.Options(
        bundleID: options.lowering.bundleID, now: options.lowering.now, rules: options.rules)
      // One collector for all the messages, emptied by each: one made for every message cost
      // its file's copy, its making and its destroy (about 440 instructions).
      var collector = DiagnosticCollector(file: source.file)
      // Where linting found something in the messages, for leaving it out of the input's own
      // diagnostics below: the position of each message it found something in, and how many
      // diagnostics it found there (the first of the compiled message's, before the APNs
      // checks' own). A set of them is made only for an input that has diagnostics of its own:
      // hashing every diagnostic of every message as it came cost more than rendering it.
      var lintDiagnosticCounts: [(message: Int, count: Int)] = []
      // Each message is compiled as soon as it is read and checked, in place: the memory of
      // one message is reused by the next while it is still in the processor's caches. The
      // closure reads no property of the compiler: one that did copied it (its options and
      // rules) for every message.
      let keepsRequests = options.keepsRequests
      let keepsFCMRequests = options.keepsFCMRequests
      let keepsPayloadBytesOnly = options.keepsPayloadBytesOnly
      let readDiagnostics = linter.lintEach(source, sharingPointersWith: pointers) { message in
        if !message.diagnostics.isEmpty {
          lintDiagnosticCounts.append((messages.count, message.diagnostics.count))
        }
        // Appended empty and filled in place: a result built whole and appended was copied
        // into the array (a retain of each of its references) and the original destroyed.
        messages.append(
          CompiledPush(
            documentIndex: message.documentIndex, pointer: message.pointer, span: message.span))
        Self.compileFCM(
          &message, into: &messages[messages.count - 1], lowerings: &lowerings,
          pointers: pointers, checkerOptions: &checkerOptions, collector: &collector)
        if !keepsRequests {
          messages[messages.count - 1].dropRequests()
        } else if keepsPayloadBytesOnly {
          messages[messages.count - 1].dropAllButPayloadBytes()
        } else if !keepsFCMRequests {
          messages[messages.count - 1].dropFCMRequest()
        }
      }
      // The input's own diagnostics in presentation order, as the linter's result lists them,
      // without any that a message reported too.
      inputDiagnostics = (source.diagnostics + readDiagnostics).sortedForPresentation()
      if !inputDiagnostics.isEmpty && !lintDiagnosticCounts.isEmpty {
        // A set, not a search of every message per diagnostic: that was quadratic for inputs
        // with many diagnostics (100k unquoted data values).
        var lintDiagnostics = Set<Diagnostic>()
        for (index, count) in lintDiagnosticCounts {
          lintDiagnostics.formUnion(messages[index].diagnostics.prefix(count))
        }
        inputDiagnostics = inputDiagnostics.filter { !lintDiagnostics.contains($0) }
      }
    } else {
      var apnsOptions = options.apnsInput
      apnsOptions.kind = kind
      if apnsOptions.deviceToken == nil { apnsOptions.deviceToken = options.lowering.deviceToken }
      let read = APNSInputReader(options: apnsOptions).read(source)
      inputDiagnostics += read.diagnostics
      messages = read.definitions.map { definition in
        var compiled = checkAPNS(definition, file: source.file)
        if !options.keepsRequests {
          compiled.dropRequests()
        } else if options.keepsPayloadBytesOnly {
          compiled.dropAllButPayloadBytes()
        }
        return compiled
      }
    }
    if source.hasErrors {
      Self.markDocumentsWithErrors(in: &messages, of: source)
    }
    if let recovery = source.recoveries.first {
      let marker = SyntaxRecoveryMarker(recovery: recovery, in: source)
      inputDiagnostics = inputDiagnostics.map { marker.marked($0) }
      for index in messages.indices {
        messages[index].diagnostics = messages[index].diagnostics.map { marker.marked($0) }
      }
    }
    var all = inputDiagnostics
    // Most messages have no diagnostic: appending their empty arrays was a call each.
    for index in messages.indices where !messages[index].diagnostics.isEmpty {
      Self.placeUnplacedDiagnostics(of: &messages[index], in: source.file)
      all += messages[index].diagnostics
    }
    all = all.sortedForPresentation()
    return PushCompilation(
      file: source.file,
      kind: kind,
      messages: messages,
      diagnostics: all,
      summary: LintSummary(messages: messages.count, diagnostics: all)
    )
  }

  /// The compilation of an input whose first document looks like no kind: `inputUnknownKind`
  /// at that document, after the syntax diagnostics (alone when there are any).
  static func unknownKind(_ source: ParsedSource, first: ValueNode) -> PushCompilation {
    var collector = DiagnosticCollector(file: source.file)
    if !source.hasErrors {
      collector.emit(
        .inputUnknownKind(found: describeUnknown(first)),
        at: first.span,
        pointer: .root,
        notes: [.inputKindMarks],
        fixIts: [.inputChooseKind]
      )
    }
    let all = (source.diagnostics + collector.diagnostics).sortedForPresentation()
    return PushCompilation(
      file: source.file,
      kind: nil,
      messages: [],
      diagnostics: all,
      summary: LintSummary(messages: 0, diagnostics: all)
    )
  }

  /// What a document of no known kind is, for `inputUnknownKind`: "a dictionary with the keys
  /// 'on' and 'jobs'", "an empty array", "a number (42)".
  static func describeUnknown(_ node: ValueNode) -> String {
    switch node.kind {
    case .object(let object):
      let keys = object.keys
      guard !keys.isEmpty else { return "an empty dictionary" }
      let shown = keys.prefix(3).map { "'\($0)'" }
      let rest = keys.count > 3 ? " and \(keys.count - 3) more" : ""
      let list =
        shown.count == 1
        ? shown[0]
        : rest.isEmpty
          ? shown.dropLast().joined(separator: ", ") + " and " + shown[shown.count - 1]
          : shown.joined(separator: ", ") + rest
      return "a dictionary with the key\(keys.count == 1 ? "" : "s") \(list)"
    case .array(let elements):
      guard let first = elements.first else { return "an empty array" }
      return "an array whose first element is \(describeUnknown(first))"
    default:
      return APNSCheckContext.describe(node)
    }
  }

  /// Lowers and checks one FCM message that the FCM linter has read and checked, moving its
  /// request, body and diagnostics out of `message` into `result`, which has its place.
  private static func compileFCM(
    _ message: inout FCMMessageResult, into result: inout CompiledPush,
    lowerings: inout SpeculativeLowering, pointers: JSONPointerInterner,
    checkerOptions: inout APNSRequestChecker.Options, collector: inout DiagnosticCollector
  ) {
    let (request, body) = message.takeRequestAndBody()
    var diagnostics: [Diagnostic] = []
    swap(&diagnostics, &message.diagnostics)
    // The request is lent to the closure in place: bound with `if let`, it would be copied (a
    // retain of every reference in it).
    guard
      let lowered = request.withRequest({ request in
        lowerAndCheck(
          request, of: message, lowerings: &lowerings, pointers: pointers,
          checkerOptions: &checkerOptions, collector: &collector)
      })
    else {
      result.moveIn(fcmRequest: request, fcmBody: body, apnsRequest: nil, diagnostics: diagnostics)
      return
    }
    let found = collector.takeDiagnostics()
    if !found.isEmpty { diagnostics += Self.withoutRepeats(found, of: diagnostics) }
    result.moveIn(
      fcmRequest: request, fcmBody: diagnostics.containsErrors ? nil : body,
      apnsRequest: lowered, diagnostics: diagnostics)
  }

  /// The APNs request `request` lowers to, checked into `collector` with `checkerOptions`,
  /// whose pointer base and profile are set for the message: lowered without provenance
  /// first when `lowerings` speculates, and again with it when that finds something.
  private static func lowerAndCheck(
    _ request: borrowing FCM.SendRequest, of message: borrowing FCMMessageResult,
    lowerings: inout SpeculativeLowering, pointers: JSONPointerInterner,
    checkerOptions: inout APNSRequestChecker.Options, collector: inout DiagnosticCollector
  ) -> APNS.Request {
    checkerOptions.payloadPointerBase = request.message.source?.pointer ?? message.pointer
    checkerOptions.profile = .fcmLowered(from: request.message.value)
    let start = collector.diagnostics.count
    if lowerings.isSpeculating {
      let lowered = lowerThenCheck(
        request, of: message, with: lowerings.withoutProvenance, pointers: pointers,
        checkerOptions: checkerOptions, collector: &collector)
      guard collector.diagnostics.count != start else {
        lowerings.record(hasFindings: false)
        return lowered
      }
      // The diagnostics point back at the input through the provenance: found again with it.
      collector.removeDiagnostics(from: start)
    }
    let lowered = lowerThenCheck(
      request, of: message, with: lowerings.recording, pointers: pointers,
      checkerOptions: checkerOptions, collector: &collector)
    lowerings.record(hasFindings: collector.diagnostics.count != start)
    return lowered
  }

  /// The APNs request `request` lowers to with `lowering`, checked into `collector`.
  private static func lowerThenCheck(
    _ request: borrowing FCM.SendRequest, of message: borrowing FCMMessageResult,
    with lowering: APNSLowering, pointers: JSONPointerInterner,
    checkerOptions: APNSRequestChecker.Options, collector: inout DiagnosticCollector
  ) -> APNS.Request {
    let lowered = lowering.lower(
      request.message.value,
      // Possibly `apns.payload` itself, when the normalisation would change only its positions:
      // lowering compares the two, and hands on `apns.payload` when they are alike.
      normalizedPayload: message.measuredAPNSPayload.forLowering,
      pointers: pointers,
      collector: &collector
    )
    APNSRequestChecker.check(lowered, options: checkerOptions, collector: &collector)
    return lowered
  }

  /// Checks one raw APNs request.
  private func checkAPNS(_ definition: APNSInputDefinition, file: SourceFile) -> CompiledPush {
    var collector = DiagnosticCollector(file: file)
    var checkerOptions = definition.checkerOptions
    checkerOptions.now = checkerOptions.now ?? options.lowering.now
    checkerOptions.bundleID = checkerOptions.bundleID ?? options.lowering.bundleID
    checkerOptions.rules = options.rules
    APNSRequestChecker(options: checkerOptions).check(definition.request, collector: &collector)
    return CompiledPush(
      documentIndex: definition.documentIndex,
      pointer: definition.pointer,
      span: definition.span,
      apnsRequest: definition.request,
      diagnostics: definition.diagnostics + collector.diagnostics
    )
  }

  /// `diagnostics` with each accepted trailing comma (`jsonTrailingComma` as a warning) judged
  /// by the consumer of `kind`: FCM's JSON parser and `xcrun simctl push` (Apple's
  /// JSONSerialization) accept one, so it stays a warning that names them; APNs documents
  /// strict JSON for request bodies, so there it is the syntax error it is in JSON.
  package static func trailingCommasJudged(_ diagnostics: [Diagnostic], for kind: APNSInputKind)
    -> [Diagnostic]
  {
    guard diagnostics.contains(where: { $0.id == .jsonTrailingComma && $0.severity == .warning })
    else { return diagnostics }
    let message: DiagnosticMessage =
      switch kind {
      case .fcm: .jsonTrailingComma(acceptedBy: "FCM (Google's JSON parser)")
      case .simulator:
        .jsonTrailingComma(acceptedBy: "xcrun simctl push (Apple's JSONSerialization)")
      case .payload, .request: .jsonTrailingComma()
      }
    return diagnostics.map { diagnostic in
      guard diagnostic.id == .jsonTrailingComma, diagnostic.severity == .warning else {
        return diagnostic
      }
      var judged = diagnostic
      judged.severity = message.severity
      judged.message = message.text
      return judged
    }
  }

  /// Sets ``CompiledPush/documentHasErrors`` of each message whose document has an error of
  /// reading in it.
  static func markDocumentsWithErrors(in messages: inout [CompiledPush], of source: ParsedSource) {
    let errorOffsets = source.diagnostics.compactMap { diagnostic in
      diagnostic.severity == .error ? diagnostic.range?.start.offset : nil
    }
    for index in messages.indices {
      let documentIndex = messages[index].documentIndex
      guard documentIndex >= 0 && documentIndex < source.documentCount else { continue }
      let span = source.documentSpan(documentIndex)
      if errorOffsets.contains(where: { $0 >= span.start && $0 < span.end }) {
        messages[index].documentHasErrors = true
        messages[index].fcmRequestBody = nil
      }
    }
  }

  /// Places the diagnostics of `message` that have no place of their own (about the request as
  /// a whole, such as a missing `apns-push-type`) at the start of the message, so that in a
  /// file of several messages each one can be told apart.
  static func placeUnplacedDiagnostics(of message: inout CompiledPush, in file: SourceFile) {
    guard let span = message.span else { return }
    for index in message.diagnostics.indices where message.diagnostics[index].range == nil {
      message.diagnostics[index].range = file.range(of: SourceSpan(at: span.start))
    }
  }

  /// `diagnostics` of the lowering and APNs checks without those that repeat one of `earlier`
  /// (the FCM reading and checks of the same message): those at the byte where one of
  /// `earlier` starts, and those of ``overlappingAPNSChecks`` about a value one of `earlier` has
  /// the pointer of.
  ///
  /// The ``APNSRequestChecker/Profile/fcmLowered(hasContentForApple:)`` profile already leaves
  /// out what does not apply to FCM; what remains here are values that an FCM rule and an APNs
  /// rule both check, with different criteria (the Admin SDKs' types and Apple's), so whether
  /// the APNs finding repeats the FCM one depends on the FCM finding for that value: a `badge`
  /// that is a string (`fcmTypeMismatch`, then `apnsValueType`), a misspelled `aps` or `alert`
  /// key, `loc-args` without `loc-key`, an empty sound name, a critical volume out of range, a
  /// `false` flag, and a `data` key named `aps` that the lowering also reports
  /// (`apnsPayloadKeyProducedTwice`).
  static func withoutRepeats(_ diagnostics: [Diagnostic], of earlier: [Diagnostic])
    -> [Diagnostic]
  {
    guard !earlier.isEmpty else { return diagnostics }
    let places = Set(earlier.compactMap { $0.range?.start.offset })
    let pointers = Set(earlier.compactMap { $0.pointer }.filter { !$0.tokens.isEmpty })
    return diagnostics.filter { diagnostic in
      if let start = diagnostic.range?.start.offset, places.contains(start) { return false }
      if overlappingAPNSChecks.contains(diagnostic.id), let pointer = diagnostic.pointer,
        pointers.contains(pointer)
      {
        return false
      }
      return true
    }
  }

  /// The APNs checks that repeat an FCM check of `apns.payload.aps` for the same value, at
  /// another byte of it.
  static let overlappingAPNSChecks: Set<DiagnosticID> = [
    .apnsUnknownAPSKey, .apnsLocArgsWithoutLocKey, .apnsValueOutOfRange, .apnsFlagValue,
  ]
}

/// Everything the pipeline found and produced for one input.
public struct PushCompilation: Sendable {
  /// The input.
  public var file: SourceFile
  /// The kind of input it was read as; `nil` when no kind was given and the first document
  /// looks like none (`inputUnknownKind`).
  public var kind: APNSInputKind?
  /// One entry per message (FCM) or request (APNs), in input order.
  public var messages: [CompiledPush]
  /// Every diagnostic of the input, in presentation order.
  public var diagnostics: [Diagnostic]
  /// The counts `pushc lint` reports.
  public var summary: LintSummary

  /// Creates a compilation.
  package init(
    file: SourceFile,
    kind: APNSInputKind?,
    messages: [CompiledPush],
    diagnostics: [Diagnostic],
    summary: LintSummary
  ) {
    self.file = file
    self.kind = kind
    self.messages = messages
    self.diagnostics = diagnostics
    self.summary = summary
  }

  /// Whether any error was found.
  public var hasErrors: Bool { diagnostics.containsErrors }
}

/// The results for one message or request.
public struct CompiledPush: Sendable {
  /// The 0-based position of the document in its file.
  public var documentIndex: Int
  /// The pointer to the definition in its document.
  public var pointer: JSONPointer
  /// The FCM send request, for FCM input: a copy of the request the result holds (reading it
  /// retains every reference in it; ``withFCMRequest(_:)`` lends it in place).
  public var fcmRequest: FCM.SendRequest? {
    get { storedFCMRequest.request }
    set {
      fcmBody = fcmBody?.detached(from: storedFCMRequest.request)
      storedFCMRequest = SendRequestStorage(newValue)
    }
  }
  /// Calls `body` with ``fcmRequest``, lent in place, and returns what it returns; `nil`
  /// without a request. Reading ``fcmRequest`` copies the request.
  package func withFCMRequest<Result>(_ body: (borrowing FCM.SendRequest) -> Result) -> Result? {
    storedFCMRequest.withRequest(body)
  }
  /// The storage of ``fcmRequest``, which
  /// ``moveIn(fcmRequest:fcmBody:apnsRequest:diagnostics:)`` moves in as it is.
  private var storedFCMRequest: SendRequestStorage
  /// The FCM v1 request body as the Admin SDKs would send it, when the message has no errors.
  ///
  /// For a compiled FCM message, each read encodes ``fcmRequest`` again (``fcmBody``): read it
  /// once where the body is written out.
  public var fcmRequestBody: ValueNode? {
    get { fcmBody?.node(encoding: fcmRequest) }
    set { fcmBody = newValue.map(FCMRequestBody.node) }
  }
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every message.
  /// Where ``fcmRequestBody`` comes from: for a compiled FCM message, the encoding of
  /// ``fcmRequest``, built only when read.
  package var fcmBody: Optional<FCMRequestBody>
  /// The APNs request: lowered from the FCM message, or read from raw APNs input.
  public var apnsRequest: Optional<APNS.Request>
  /// The exact size of the APNs payload and its contributors, measured when asked for (only
  /// `explain`, `fit` and an over-limit payload need the per-member figures).
  public var sizeReport: PayloadSizeReport? {
    apnsRequest.map { PayloadSizeReport(request: $0) }
  }
  /// What was found in this message.
  public var diagnostics: [Diagnostic]
  /// The bytes of the message or request in its file, when it was read from one.
  public var span: Optional<SourceSpan>

  /// Creates a result.
  package init(
    documentIndex: Int,
    pointer: JSONPointer,
    span: SourceSpan? = nil,
    fcmRequest: FCM.SendRequest? = nil,
    fcmRequestBody: ValueNode? = nil,
    apnsRequest: APNS.Request? = nil,
    diagnostics: [Diagnostic] = []
  ) {
    self.init(
      documentIndex: documentIndex, pointer: pointer, span: span, fcmRequest: fcmRequest,
      fcmBody: fcmRequestBody.map(FCMRequestBody.node), apnsRequest: apnsRequest,
      diagnostics: diagnostics)
  }

  /// Creates a result whose FCM body is `fcmBody`.
  init(
    documentIndex: Int,
    pointer: JSONPointer,
    span: SourceSpan?,
    fcmRequest: consuming FCM.SendRequest?,
    fcmBody: consuming FCMRequestBody?,
    apnsRequest: consuming APNS.Request?,
    diagnostics: consuming [Diagnostic]
  ) {
    self.documentIndex = documentIndex
    self.pointer = pointer
    self.span = span
    self.storedFCMRequest = SendRequestStorage(fcmRequest)
    self.fcmBody = fcmBody
    self.apnsRequest = apnsRequest
    self.diagnostics = diagnostics
  }

  /// Moves `fcmRequest`, `fcmBody`, `apnsRequest` and `diagnostics` into a result made
  /// without them: the compiler fills each result in place in its array.
  mutating func moveIn(
    fcmRequest: consuming SendRequestStorage,
    fcmBody: consuming FCMRequestBody?,
    apnsRequest: consuming APNS.Request?,
    diagnostics: consuming [Diagnostic]
  ) {
    storedFCMRequest = fcmRequest
    self.fcmBody = fcmBody
    self.apnsRequest = apnsRequest
    self.diagnostics = diagnostics
  }

  /// Drops the FCM request, its body and the APNs request, keeping the place and the
  /// diagnostics (``PushCompiler/Options/keepsRequests``).
  mutating func dropRequests() {
    dropFCMRequest()
    apnsRequest = nil
  }

  /// Drops the FCM request and its body, keeping the APNs request, the place and the
  /// diagnostics (``PushCompiler/Options/keepsFCMRequests``).
  mutating func dropFCMRequest() {
    storedFCMRequest = SendRequestStorage()
    fcmBody = nil
  }

  /// Drops the FCM request and its body, and of the APNs request all but the payload's bytes
  /// (its tree, headers, device token and provenance), keeping the place and the diagnostics
  /// (``PushCompiler/Options/keepsPayloadBytesOnly``).
  mutating func dropAllButPayloadBytes() {
    dropFCMRequest()
    guard case .some = apnsRequest else { return }
    apnsRequest?.payload = ValueNode(.null)
    apnsRequest?.headers = []
    apnsRequest?.deviceToken = nil
    apnsRequest?.payloadProvenance = [:]
  }

  /// Whether reading the message's document found an error, such as a syntax error that reading
  /// recovered from or a duplicate key: the message was checked, but its output must not be
  /// used, as the document may not say what its author meant.
  public var documentHasErrors = false

  /// Whether an error was found in this message or in reading its document.
  public var hasErrors: Bool { documentHasErrors || diagnostics.containsErrors }
}
