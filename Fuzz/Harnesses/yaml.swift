import PushDiagnostics
import PushJSON
import PushYAML

/// The YAML front end: positions inside the input, and `fmt`'s round trip through JSON.
func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "fuzz.yaml")
  let parsed = YAMLReader.read(file)
  FuzzSupport.checkPositions(parsed.diagnostics, in: file)
  FuzzSupport.checkCanonicalRoundTrip(parsed)
  return 0
}
