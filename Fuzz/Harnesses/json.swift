import PushDiagnostics
import PushJSON

/// The JSON reader: positions inside the input, and `fmt`'s round trip.
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "fuzz.json")
  let parsed = JSONReader.read(file)
  FuzzSupport.checkPositions(parsed.diagnostics, in: file)
  FuzzSupport.checkCanonicalRoundTrip(parsed)
  return 0
}
