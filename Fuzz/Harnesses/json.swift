import PushDiagnostics
import PushJSON
@testable import PushPayload

/// The JSON reader: positions inside the input, and `fmt`'s round trip. Read again with
/// repeated keys allowed, each document as an FCM `apns.payload`: when the encoder would measure
/// it as written (``FCMRequestEncoder/FreeForm/isSentAsWritten(_:)``), the Admin SDKs'
/// normalisation writes exactly its bytes.
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "fuzz.json")
  let parsed = JSONReader.read(file)
  FuzzSupport.checkPositions(parsed.diagnostics, in: file)
  FuzzSupport.checkCanonicalRoundTrip(parsed)
  let lenient = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
  let writer = CanonicalJSONWriter(style: .compact)
  for document in lenient.documents where FCMRequestEncoder.FreeForm.isSentAsWritten(document) {
    FuzzSupport.require(
      writer.bytes(for: FCMRequestEncoder.FreeForm.payload(document))
        == writer.bytes(for: document),
      "a payload measured as written is changed by the normalisation")
  }
  return 0
}
