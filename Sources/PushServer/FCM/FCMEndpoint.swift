import PushDiagnostics
import PushJSON
import PushPayload

/// The FCM HTTP v1 API on the same port as APNs: `POST /v1/projects/{project}/messages:send`
/// checked with pushc's FCM rules and, for its APNs part, lowered and checked with the APNs
/// rules (the FCM-lowered profile), exactly as `pushc lint` and `pushc compile --target apns`
/// do for a send request; answered as FCM answers (``FCMErrorResponse``), with the rules'
/// tokens and faults applied. Also routes `POST /token` (``OAuthEndpoint``) and the topic
/// management calls (``FCMTopicEndpoint``).
struct FCMEndpoint {
  /// The path prefix of the FCM API.
  static let pathPrefix = "/v1/"
  /// The path prefix of the project resources.
  static let projectsPrefix = "/v1/projects/"

  /// The OAuth authority that issues and checks access tokens; `nil` accepts any request
  /// (`--fcm-auth none`).
  let authority: OAuthAuthority?
  /// The rules, counters and subscriptions.
  let state: FCMState
  /// The APNs side accepted iOS messages are sent to (`--forward-apns`), if any.
  let forwarder: FCMAPNSForwarder?

  /// Whether `path` is the FCM side's.
  static func handles(_ path: Substring) -> Bool {
    path.hasASCIIPrefix(pathPrefix) || path == OAuthEndpoint.path
      || path.hasASCIIPrefix(FCMTopicEndpoint.instanceIDPrefix)
  }

  /// Answers `request` at `now` (UNIX seconds).
  func respond(to request: ServerRequest, now: Double) -> FCMOutcome {
    let path = request.pathWithoutQuery
    if path == OAuthEndpoint.path {
      guard let authority else {
        return FCMOutcome(
          response: FCMErrorResponse(
            httpStatus: 404, status: "NOT_FOUND",
            message: "OAuth is off (--fcm-auth none): no token endpoint."
          ).response, reason: "NOT_FOUND")
      }
      let (response, reason) = OAuthEndpoint(authority: authority).respond(to: request, now: now)
      return FCMOutcome(response: response, reason: reason)
    }
    if let refusal = authenticate(request, now: now) {
      return FCMOutcome(response: refusal.response, reason: refusal.recordedReason)
    }
    let topics = FCMTopicEndpoint(state: state)
    if path.hasASCIIPrefix(FCMTopicEndpoint.instanceIDPrefix) {
      return topics.respondToInstanceID(request)
    }
    if let project = Self.sendPathProject(path) {
      // `messages:send`, as the parts below route it, found without splitting the path.
      let project = String(project)
      if let refusal = checkProject(project) {
        return FCMOutcome(response: refusal.response, reason: refusal.recordedReason)
      }
      guard request.method == "POST" else { return methodNotFound() }
      return send(request, project: project, now: now)
    }
    let parts = Self.projectPathParts(path)
    guard let project = parts.first.map(String.init), !project.isEmpty else {
      return notFound(request)
    }
    if let refusal = checkProject(project) {
      return FCMOutcome(response: refusal.response, reason: refusal.recordedReason)
    }
    if parts.count == 2, parts[1] == "messages:send" {
      guard request.method == "POST" else { return methodNotFound() }
      return send(request, project: project, now: now)
    }
    if parts.count >= 4, parts[1] == "registrations", parts[3] == "topicSubscriptions" {
      return topics.respondToRegistration(request, parts: Array(parts.dropFirst(2)))
        ?? notFound(request)
    }
    return notFound(request)
  }

  /// The project of an ASCII `path` that is `/v1/projects/<project>/messages:send` with a
  /// project that is not empty, or `nil`: the one path whose parts
  /// (``projectPathParts(_:)``) are `[project, "messages:send"]`, read on its bytes.
  static func sendPathProject(_ path: Substring) -> Substring? {
    let utf8 = path.utf8
    let prefixCount = projectsPrefix.utf8.count
    let suffix: StaticString = "/messages:send"
    let projectCount = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      let suffixCount = suffix.utf8CodeUnitCount
      guard bytes.count > prefixCount + suffixCount, bytes.allSatisfy({ $0 < 0x80 }),
        startsWithProjectsPrefix(bytes),
        UnsafeBufferPointer(rebasing: bytes[(bytes.count - suffixCount)...])
          .hasSameBytes(as: suffix)
      else { return nil }
      let projectEnd = bytes.count - suffixCount
      for offset in prefixCount..<projectEnd where bytes[offset] == UInt8(ascii: "/") {
        return nil
      }
      return projectEnd - prefixCount
    }
    guard let projectCount = projectCount ?? nil else { return nil }
    let start = utf8.index(utf8.startIndex, offsetBy: prefixCount)
    return Substring(utf8[start..<utf8.index(start, offsetBy: projectCount)])
  }

  /// The `/`-separated parts of `path` after ``projectsPrefix`` (`[project, "messages:send"]`),
  /// empty ones kept; none when `path` does not start with it. An ASCII path, which a real one
  /// is, is split on its bytes (there each byte is a `Character`, but for a carriage return
  /// and line feed, neither of them a `/`); others as `Character`s.
  static func projectPathParts(_ path: Substring) -> [Substring] {
    let utf8 = path.utf8
    let prefixCount = projectsPrefix.utf8.count
    // `nil` to split as `Character`s.
    let parts = utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      guard startsWithProjectsPrefix(bytes) else { return [] }
      var parts: [Substring] = []
      parts.reserveCapacity(4)
      var start = utf8.index(utf8.startIndex, offsetBy: prefixCount)
      var startOffset = prefixCount
      for offset in prefixCount..<bytes.count where bytes[offset] == UInt8(ascii: "/") {
        let end = utf8.index(start, offsetBy: offset - startOffset)
        parts.append(Substring(utf8[start..<end]))
        start = utf8.index(after: end)
        startOffset = offset + 1
      }
      parts.append(Substring(utf8[start...]))
      return parts
    }
    guard let parts = parts ?? nil else {
      return path.hasPrefix(projectsPrefix)
        ? path.dropFirst(projectsPrefix.count).split(
          separator: "/", omittingEmptySubsequences: false)
        : []
    }
    return parts
  }

  /// Whether the bytes of a path start with those of ``projectsPrefix``.
  private static func startsWithProjectsPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let prefixCount = projectsPrefix.utf8.count
    return bytes.count >= prefixCount
      && UnsafeBufferPointer(rebasing: bytes[..<prefixCount]).hasSameBytes(asUTF8Of: projectsPrefix)
  }

  // MARK: - Authentication

  /// Google's answer when `request` has no live access token, or `nil`.
  private func authenticate(_ request: ServerRequest, now: Double) -> FCMErrorResponse? {
    guard let authority else { return nil }
    let suffix =
      " Expected OAuth 2 access token, login cookie or other valid authentication credential. "
      + "See https://developers.google.com/identity/sign-in/web/devconsole-project."
    guard let authorization = request.header("authorization") else {
      return FCMErrorResponse(
        httpStatus: 401, status: "UNAUTHENTICATED",
        message: "Request is missing required authentication credential." + suffix)
    }
    let scheme = "bearer "
    let token =
      authorization.lowercased().hasPrefix(scheme) ? String(authorization.dropFirst(7)) : ""
    guard authority.accepts(token, now: now) else {
      return FCMErrorResponse(
        httpStatus: 401, status: "UNAUTHENTICATED",
        message: "Request had invalid authentication credentials." + suffix)
    }
    return nil
  }

  /// Google's answer when the token's service account has no access to `project`, or `nil`.
  private func checkProject(_ project: String) -> FCMErrorResponse? {
    guard let authority, project != authority.projectID else { return nil }
    return FCMErrorResponse(
      httpStatus: 403, status: "PERMISSION_DENIED",
      message:
        "Permission 'cloudmessaging.messages.create' denied on resource "
        + "'//cloudresourcemanager.googleapis.com/projects/\(project)' (or it may not exist).")
  }

  private func notFound(_ request: ServerRequest) -> FCMOutcome {
    let error = FCMErrorResponse(
      httpStatus: 404, status: "NOT_FOUND",
      message: "The requested URL \(request.pathWithoutQuery) was not found on this server.")
    return FCMOutcome(response: error.response, reason: error.recordedReason)
  }

  private func methodNotFound() -> FCMOutcome {
    let error = FCMErrorResponse(httpStatus: 404, status: "NOT_FOUND", message: "Method not found.")
    return FCMOutcome(response: error.response, reason: error.recordedReason)
  }

  // MARK: - messages:send

  /// The keys of a send request body; an array, as three string comparisons cost less than
  /// hashing a key.
  static let requestKeys = ["message", "validate_only", "validateOnly"]

  private func send(_ request: ServerRequest, project: String, now: Double) -> FCMOutcome {
    var record = FCMRecord(project: project)
    func failure(_ error: FCMErrorResponse, _ diagnostics: [Diagnostic] = [], token: String? = nil)
      -> FCMOutcome
    {
      record.error = error.recordedReason
      return FCMOutcome(
        response: error.response, reason: error.recordedReason, diagnostics: diagnostics,
        record: record, token: token)
    }
    if request.bodyExceededLimit {
      return failure(
        FCMErrorResponse(
          httpStatus: 400, status: "INVALID_ARGUMENT",
          message:
            "Request payload size exceeds the limit: \(ServerLimits.maximumBodyByteCount) bytes."))
    }
    if let refusal = Self.contentTypeRefusal(request) { return failure(refusal) }

    let file = SourceFile(
      name: "request body", bytes: request.body.isEmpty ? Array("{}".utf8) : request.body)
    // Read as `pushc lint` reads: a trailing comma, which Google's parser accepts, is a
    // warning.
    // Into a tree, which the FCM reader walks without a node per value; the envelope checks
    // below read the body made from it once.
    let parsed = JSONReader(options: JSONReader.Options().readingLeniently).readTree(file)
    let syntaxErrors = parsed.diagnostics.filter { $0.severity == .error }
    guard syntaxErrors.isEmpty, let body = parsed.firstDocument else {
      let errors = syntaxErrors.isEmpty ? parsed.diagnostics : syntaxErrors
      return failure(
        FCMDiagnosticMapping.response(for: errors, in: ValueNode(.null)), parsed.diagnostics)
    }
    guard let envelope = body.objectValue else {
      return failure(
        FCMErrorResponse(
          httpStatus: 400, status: "INVALID_ARGUMENT",
          message:
            "Invalid JSON payload received. The request must be a JSON object, not \(body.typeName)."
        ))
    }
    let unknown = envelope.keys.filter { !Self.requestKeys.contains($0) }
    if !unknown.isEmpty {
      let violations = unknown.map {
        FCMErrorResponse.FieldViolation(
          field: nil,
          description: "Invalid JSON payload received. Unknown name \"\($0)\": Cannot find field.")
      }
      return failure(
        FCMErrorResponse(
          httpStatus: 400, status: "INVALID_ARGUMENT",
          message: violations.map(\.description).joined(separator: "\n"),
          fieldViolations: violations))
    }
    guard let messageNode = envelope["message"], !messageNode.isNull else {
      return failure(
        FCMErrorResponse(
          .invalidArgument,
          fieldViolations: [.init(field: "message", description: "The message is missing.")]))
    }

    // The target's device, if the rules know it: its bundle ID is what the lowering builds
    // `apns-topic` from.
    let targetToken =
      messageNode.objectValue?["token"]?.stringValue ?? messageNode.objectValue?["fid"]?.stringValue
    let targetDevice = targetToken.flatMap { state.device($0) }
    let compiled = compile(parsed, device: targetDevice, now: now)
    guard let message = compiled.messages.first else {
      return failure(FCMDiagnosticMapping.response(for: compiled.diagnostics, in: body))
    }
    message.withFCMRequest { request in
      record.validateOnly = request.validateOnly?.value ?? false
      if let target = request.message.value.targets.first {
        record.target = (target.field, target.value.value)
      }
    }
    record.apnsRequest = message.apnsRequest
    let errors = compiled.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
      return failure(
        FCMDiagnosticMapping.response(for: errors, in: body), compiled.diagnostics,
        token: targetToken)
    }

    let topic = record.target?.field == "topic" ? record.target?.value : nil
    let faultTopic = topic.map { $0.hasPrefix("/topics/") ? String($0.dropFirst(8)) : $0 }
    if let fault = state.takeFault(
      token: targetToken, topic: faultTopic, random: Double.random(in: 0..<1))
    {
      return failure(
        FCMErrorResponse(fault.error, retryAfter: fault.retryAfterSeconds), compiled.diagnostics,
        token: targetToken)
    }
    // The state is asked only when the target's device (looked up above) counts its messages;
    // otherwise the device alone says it.
    if let targetToken, let targetDevice,
      targetDevice.isUnregistered
        || (targetDevice.unregisteredAfter != nil && state.isUnregistered(targetToken))
    {
      return failure(FCMErrorResponse(.unregistered), compiled.diagnostics, token: targetToken)
    }

    var outcome = FCMOutcome(
      response: ServerResponse(status: 200, headers: [], body: []),
      diagnostics: compiled.diagnostics,
      record: nil, token: targetToken)
    if record.validateOnly {
      record.messageName = "projects/\(project)/messages/fake_message_id"
    } else {
      record.messageName = Self.messageName(project: project, now: now)
      if let targetToken, targetDevice?.unregisteredAfter != nil {
        state.countAcceptedMessage(to: targetToken)
      }
      record.deliveries = deliver(
        parsed, message: message, loweredFor: targetDevice?.bundleID,
        recipients: recipients(of: record.target),
        knownDevice: targetToken.map { ($0, targetDevice) }, now: now,
        forwarded: &outcome.forwarded)
    }
    outcome.record = record
    // `{"name": …}` as compact JSON, written without a `ValueNode` made for it.
    var answer: [UInt8] = []
    answer.reserveCapacity(80)
    answer.append(literal: #"{"name":"#)
    CanonicalJSONWriter.writeString(record.messageName ?? "", into: &answer)
    answer.append(UInt8(ascii: "}"))
    outcome.response = ServerResponse(status: 200, headers: Self.successHeaders, body: answer)
    return outcome
  }

  /// The header fields of a successful answer: its `content-type`.
  static let successHeaders = [
    HTTPHeaderField(name: "content-type", value: "application/json; charset=UTF-8")
  ]

  /// FCM's answer to a body that is not sent as JSON, or `nil`. A missing `content-type` is
  /// read as JSON; a form (curl's `-d` default) is bound as query parameters, as Google does.
  static func contentTypeRefusal(_ request: ServerRequest) -> FCMErrorResponse? {
    guard let contentType = request.header("content-type") else { return nil }
    // What clients send, whose media type is itself.
    if contentType == "application/json" { return nil }
    let mediaType = Self.mediaType(of: contentType)
    if mediaType == "application/json" || mediaType.hasSuffix("+json") { return nil }
    if mediaType == "application/x-www-form-urlencoded" {
      let name = String(
        String(decoding: request.body.prefix(200), as: UTF8.self).prefix { $0 != "=" })
      let description =
        "Invalid JSON payload received. Unknown name \"\(name)\": Cannot bind query parameter. "
        + "Field '\(name)' could not be found in request message."
      return FCMErrorResponse(
        httpStatus: 400, status: "INVALID_ARGUMENT", message: description,
        fieldViolations: [.init(field: nil, description: description)])
    }
    return FCMErrorResponse(
      httpStatus: 400, status: "INVALID_ARGUMENT",
      message: "Invalid JSON payload received. The content type '\(mediaType)' is not JSON.")
  }

  /// The media type of a `content-type` value, lower-cased and without spaces: its first
  /// non-empty `;`-separated part. ASCII values, which all real ones are, are read byte by
  /// byte; others through Unicode lower-casing.
  static func mediaType(of contentType: String) -> String {
    var bytes: [UInt8] = []
    var isASCII = true
    for byte in contentType.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if byte == UInt8(ascii: ";") {
        // Empty parts are skipped, as `split` omits them.
        if bytes.isEmpty { continue }
        break
      }
      bytes.append(byte)
    }
    guard isASCII else {
      return contentType.lowercased().split(separator: ";").first.map {
        $0.filter { $0 != " " }
      } ?? ""
    }
    var kept = 0
    for byte in bytes where byte != UInt8(ascii: " ") {
      bytes[kept] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      kept += 1
    }
    return String(decoding: bytes[..<kept], as: UTF8.self)
  }

  /// The send request of `parsed` read, checked and lowered as `pushc compile` does, for
  /// `device` (its bundle ID and APNs token), if known.
  private func compile(_ parsed: ParsedSource, device: FCMRules.Device?, now: Double)
    -> PushCompilation
  {
    PushCompiler(
      options: .init(
        kind: .fcm,
        lowering: .init(now: Int(now), bundleID: device?.bundleID, deviceToken: device?.apnsToken))
    ).compile(parsed)
  }

  /// The registration tokens a message to `target` reaches.
  private func recipients(of target: (field: String, value: String)?) -> [String] {
    guard let target else { return [] }
    switch target.field {
    case "topic":
      let name =
        target.value.hasPrefix("/topics/") ? String(target.value.dropFirst(8)) : target.value
      return state.subscribers(of: name).filter { !state.isUnregistered($0) }
    case "condition":
      return state.topicsByToken
        .filter { FCMConditionEvaluator.matches(target.value, topics: $0.value) }
        .map(\.key).sorted().filter { !state.isUnregistered($0) }
    default:
      return [target.value]
    }
  }

  /// The deliveries of an accepted message to `recipients`, with the APNs request for each
  /// iOS device (lowered for its bundle ID), forwarded to the APNs side when asked;
  /// `message` was lowered for the bundle ID `loweredFor`; `knownDevice` is a token whose
  /// device was looked up already (the target's).
  private func deliver(
    _ parsed: ParsedSource, message: CompiledPush, loweredFor bundleID: String?,
    recipients: [String], knownDevice: (token: String, device: FCMRules.Device?)?, now: Double,
    forwarded: inout [(request: ServerRequest, outcome: EndpointOutcome)]
  ) -> [FCMRecord.Delivery] {
    // Lowered again only for a bundle ID the message was not lowered for: the dictionary holds
    // those, and the message's own request stands for `bundleID`.
    var loweredByBundle: [String: APNS.Request] = [:]
    var deliveries: [FCMRecord.Delivery] = []
    deliveries.reserveCapacity(recipients.count)
    for token in recipients {
      let device: FCMRules.Device?
      if let knownDevice, knownDevice.token == token {
        device = knownDevice.device
      } else {
        device = state.device(token)
      }
      var delivery = FCMRecord.Delivery(token: token, platform: device?.platform)
      guard let device, device.platform == .ios, let apnsToken = device.apnsToken,
        let deviceBundleID = device.bundleID
      else {
        deliveries.append(delivery)
        continue
      }
      var request: APNS.Request
      if let lowered = message.apnsRequest, let bundleID, deviceBundleID == bundleID {
        request = lowered
      } else if let lowered = loweredByBundle[deviceBundleID] {
        request = lowered
      } else {
        request =
          compile(parsed, device: device, now: now).messages.first?.apnsRequest
          ?? message.apnsRequest
          ?? APNS.Request(payload: ValueNode(.null), payloadBytes: [], isRawInput: false)
        loweredByBundle[deviceBundleID] = request
      }
      request.deviceToken = Located(apnsToken)
      delivery.apnsRequest = request
      if let forwarder {
        let (sent, answer) = forwarder.forward(request, now: now)
        forwarded.append((sent, answer))
        delivery.forwardedStatus = answer.response.status
        delivery.forwardedReason = answer.reason
      }
      deliveries.append(delivery)
    }
    return deliveries
  }

  /// A message ID in FCM's form: `<microseconds>%<16 hexadecimal digits>`.
  static func messageID(now: Double) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(40)
    appendMessageID(now: now, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The `name` of an accepted message to `project`: `projects/<project>/messages/0:<ID>`.
  static func messageName(project: String, now: Double) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(project.utf8.count + 64)
    bytes.append(literal: "projects/")
    bytes.append(contentsOf: project.utf8)
    bytes.append(literal: "/messages/0:")
    appendMessageID(now: now, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the bytes of a new ``messageID(now:)``.
  private static func appendMessageID(now: Double, to output: inout [UInt8]) {
    // One random word makes the sixteen digits: one call of the system's generator, not one a
    // digit.
    let random = UInt64.random(in: .min ... .max)
    DecimalDigits.append(Int(now * 1_000_000), to: &output)
    output.append(UInt8(ascii: "%"))
    for shift in stride(from: 60, through: 0, by: -4) {
      // Lower-case, as `String(_:radix:)` writes them.
      let digit = UInt8(truncatingIfNeeded: random >> UInt64(shift)) & 0xF
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}
