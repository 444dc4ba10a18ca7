import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc compile` on bytes, with the kind detected: the payload's byte count is the reported
/// size, and the bytes of a lowered payload are the canonical compact text of its tree.
func fuzzCompile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "message.json")
  let parsed = FuzzSupport.read(file)
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
