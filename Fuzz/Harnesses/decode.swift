import PushDiagnostics
import PushReceiving

/// `pushc decode` on bytes, under Kuring's contract: capture detection, reading, decoding.
func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "capture")
  let decoded = ReceivedPushDecoder(contract: .kuring).decode(file)
  FuzzSupport.checkPositions(decoded.diagnostics, in: file)
  return 0
}
