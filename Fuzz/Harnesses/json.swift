import PushDiagnostics
import PushJSON
@testable import PushPayload

/// The JSON reader: positions inside the input, and `fmt`'s round trip. The tree fast path
/// (``JSONReader/readTree(_:)``) gives the reader's documents and diagnostics, and is taken
/// exactly when the reader reports nothing, as a single document and as NDJSON. Read again with
/// repeated keys allowed, each document as an FCM `apns.payload`: when the encoder would measure
/// it as written (``FCMRequestEncoder/FreeForm/isSentAsWritten(_:)``), the Admin SDKs'
/// normalisation writes exactly its bytes.
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "fuzz.json")
  let parsed = JSONReader.read(file)
  FuzzSupport.checkPositions(parsed.diagnostics, in: file)
  FuzzSupport.checkCanonicalRoundTrip(parsed)
  for options in [JSONReader.Options(), JSONReader.Options(allowsMultipleDocuments: true)] {
    let nodes = options.allowsMultipleDocuments ? JSONReader.read(file, options: options) : parsed
    let tree = JSONReader.readTree(file, options: options)
    FuzzSupport.require(
      tree.isTree == nodes.diagnostics.isEmpty, "the tree path is taken when the reader reports")
    FuzzSupport.require(tree.diagnostics == nodes.diagnostics, "the tree path changes diagnostics")
    FuzzSupport.require(tree.documents == nodes.documents, "the tree path changes documents")
    FuzzSupport.require(
      tree.documents.map { CanonicalJSONWriter(style: .compact).bytes(for: $0) }
        == nodes.documents.map { CanonicalJSONWriter(style: .compact).bytes(for: $0) },
      "the tree path changes the bytes of a string")
  }
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
