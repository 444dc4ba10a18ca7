import PushDiagnostics
import PushJSON
import PushPayload

/// The APNs provider API on `/3/device/<token>`: checks each request with pushc's rules in
/// Apple's order (method and path, headers, device token, authentication, payload) and
/// answers like APNs, `200` with an empty body or Apple's status with `{"reason": …}`.
///
/// An error diagnostic carrying an `apns_reason` property becomes the answer; other
/// diagnostics (warnings, and errors Apple does not reject) are recorded with the request.
struct APNSEndpoint {
  /// The path prefix of notification requests.
  static let devicePathPrefix = "/3/device/"

  /// Where diagnostics about a header point: `/headers/<name>`, as in a request document.
  static let headersPointer = JSONPointer.root.appending("headers")
  /// Where diagnostics about the device token point.
  static let deviceTokenPointer = JSONPointer.root.appending("device_token")

  /// Whether `apns-unique-id` is sent with successful responses (Apple's development
  /// environment).
  var isDevelopment: Bool
  /// The authentication check.
  var tokenCheck: ProviderTokenCheck

  /// Answers `request` at `now` (UNIX seconds).
  func respond(to request: ServerRequest, now: Double) -> EndpointOutcome {
    let path = request.pathWithoutQuery
    let requestID = request.header("apns-id")
    guard path.hasPrefix(Self.devicePathPrefix) else {
      return rejection("BadPath", apnsID: requestID, diagnostics: [])
    }
    let token = String(path.dropFirst(Self.devicePathPrefix.count))
    guard request.method == "POST" else {
      return rejection("MethodNotAllowed", apnsID: requestID, diagnostics: [], token: token)
    }
    if request.bodyExceededLimit {
      return rejection("PayloadTooLarge", apnsID: requestID, diagnostics: [], token: token)
    }

    let file = SourceFile(name: "request body", bytes: request.body)
    let parsed = JSONReader.read(file)
    let payload = parsed.documents.first ?? ValueNode(.null)
    // Headers and the token have no place in the body: their diagnostics carry the pointer
    // they would have in a request document (`/headers/apns-priority`, `/device_token`).
    let nowhere = SourceSpan(at: 0)
    let apnsRequest = APNS.Request(
      deviceToken: Located(
        token, source: SourceReference(pointer: Self.deviceTokenPointer, span: nowhere)),
      headers: request.headers.map {
        APNS.RequestHeader(
          name: $0.name, value: $0.value,
          provenance: .input(
            SourceReference(pointer: Self.headersPointer.appending($0.name), span: nowhere)))
      },
      payload: payload,
      payloadBytes: request.body,
      isRawInput: true
    )
    var collector = DiagnosticCollector(file: file)
    if !request.body.isEmpty { collector.append(contentsOf: parsed.diagnostics) }
    let options = APNSRequestChecker.Options(now: Int(now))
    APNSRequestChecker(options: options).check(apnsRequest, collector: &collector)
    let diagnostics = collector.diagnostics

    // A missing topic is a warning for pushc (a single-topic certificate needs none), but
    // with token authentication Apple requires it; a certificate answers for itself.
    let certificate = request.clientCertificate
    let usesToken = certificate == nil && request.header("authorization") != nil
    var reasons = diagnostics.compactMap { diagnostic -> String? in
      guard let reason = diagnostic.properties["apns_reason"] else { return nil }
      return diagnostic.severity == .error || (reason == "MissingTopic" && usesToken)
        ? reason : nil
    }
    // Apple documents no reason for a body that is not a JSON dictionary (pushc reports it as
    // an error without an APNs reason); APNs rejects it, and `BadRequestPayload` is the
    // reason Apple documents for unparseable JSON on its broadcast API. Duplicate keys alone
    // do not make a body unreadable.
    let unreadable =
      !request.body.isEmpty
      && (payload.objectValue == nil
        || parsed.diagnostics.contains { $0.severity == .error && $0.id != .jsonDuplicateKey })
    if unreadable { reasons.append(APNSReason.unreadablePayload) }
    let validID = reasons.contains("BadMessageId") ? nil : requestID
    if let reason = reasons.first(where: { !APNSReason.payloadReasons.contains($0) }) {
      return rejection(reason, apnsID: validID, diagnostics: diagnostics, token: token)
    }
    if let certificate {
      if let reason = certificate.reason(
        topic: request.header("apns-topic"), isDevelopment: isDevelopment)
      {
        return rejection(reason, apnsID: validID, diagnostics: diagnostics, token: token)
      }
    } else if let reason = tokenCheck.reason(
      for: request.headers, now: now, state: request.tokenState)
    {
      return rejection(reason, apnsID: validID, diagnostics: diagnostics, token: token)
    } else if let authorization = request.header("authorization"),
      !request.tokenState.accepts(authorization, now: now)
    {
      return rejection(
        "TooManyProviderTokenUpdates", apnsID: validID, diagnostics: diagnostics, token: token)
    }
    if let reason = reasons.first {
      return rejection(reason, apnsID: validID, diagnostics: diagnostics, token: token)
    }
    let apnsID = validID ?? ServerClock.uuid()
    var headers = [HTTPHeaderField(name: "apns-id", value: apnsID)]
    if isDevelopment {
      headers.append(HTTPHeaderField(name: "apns-unique-id", value: ServerClock.uuid()))
    }
    return EndpointOutcome(
      response: ServerResponse(status: 200, headers: headers, body: []),
      reason: nil, apnsID: apnsID, diagnostics: diagnostics, deviceToken: token)
  }

  /// Apple's answer for `reason`.
  private func rejection(
    _ reason: String,
    apnsID requestID: String?,
    diagnostics: [Diagnostic],
    token: String? = nil
  ) -> EndpointOutcome {
    var outcome = EndpointOutcome.apnsRejection(
      reason, apnsID: requestID ?? ServerClock.uuid(), diagnostics: diagnostics, token: token)
    // APNs ends a connection whose certificate is for the other environment with a GOAWAY.
    if reason == "BadCertificateEnvironment" { outcome.response.goAwayReason = reason }
    return outcome
  }
}
