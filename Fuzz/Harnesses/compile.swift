import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc compile` on bytes, with the kind detected: the payload's byte count is the reported
/// size, and the bytes of a lowered payload are the canonical compact text of its tree. JSON is
/// also read as the CLI reads it, into the arena tree, whose string maps the reader measures
/// from their source: there, the FCM size is the size of the body the encoder writes, and a
/// payload lowered without its bytes (`pushc lint`) is counted as long as the one written.
func fuzzCompile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "message.json")
  let parsed = FuzzSupport.read(file)
  if FuzzSupport.startsLikeJSON(file) { checkMeasuredSizes(JSONReader.readTree(file)) }
  for asReceived in [false, true] {
    let compiler = PushCompiler(
      options: .init(lowering: .init(now: 1_700_000_000, asReceived: asReceived)))
    let compilation = compiler.compile(parsed)
    FuzzSupport.checkPositions(compilation.diagnostics, in: file)
    for message in compilation.messages {
      guard let request = message.apnsRequest else { continue }
      if let report = message.sizeReport {
        FuzzSupport.require(
          report.byteCount == request.payloadBytes.count,
          "reported size \(report.byteCount) != payload bytes \(request.payloadBytes.count)")
      }
      // A raw APNs payload is sent as written, and a message with errors has no payload to
      // send (a request document without 'payload' has empty bytes); the rest is canonical.
      FuzzSupport.require(
        request.isRawInput || message.hasErrors
          || CanonicalJSONWriter().bytes(for: request.payload) == request.payloadBytes,
        "payload bytes are not the canonical text of the payload")
    }
  }
  return 0
}

/// The sizes counted without writing, as `pushc lint` counts them from the arena tree `tree`,
/// against the bytes written.
private func checkMeasuredSizes(_ tree: ParsedSource) {
  let encoder = FCMRequestEncoder()
  for message in FCMLinter().lint(tree).messages {
    guard let request = message.request else { continue }
    let body = CanonicalJSONWriter(style: .compact).bytes(
      for: encoder.encode(request.message.value))
    FuzzSupport.require(
      encoder.measure(request.message.value).byteCount == body.count,
      "measured FCM size != the size of the body written (\(body.count))")
  }
  var counting = PushCompiler.Options(lowering: .init(now: 1_700_000_000))
  counting.lowering.writesPayloadBytes = false
  let counted = PushCompiler(options: counting).compile(tree)
  let written = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000))).compile(tree)
  for (countedMessage, writtenMessage) in zip(counted.messages, written.messages) {
    guard let countedRequest = countedMessage.apnsRequest,
      let writtenRequest = writtenMessage.apnsRequest, !writtenRequest.isRawInput
    else { continue }
    FuzzSupport.require(
      countedRequest.payloadByteCount == writtenRequest.payloadBytes.count,
      "counted payload size \(countedRequest.payloadByteCount) != payload bytes "
        + "\(writtenRequest.payloadBytes.count)")
  }
}
