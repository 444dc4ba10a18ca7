import PushDiagnostics
import PushJSON
import PushYAML

/// `pushc fmt` on bytes, read as JSON and as YAML: the canonical text reads back to the same
/// tree and formatting it again changes nothing.
func fuzzFmt(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "input")
  for parsed in [JSONReader.read(file), YAMLReader.read(file)] {
    FuzzSupport.checkPositions(parsed.diagnostics, in: file)
    FuzzSupport.checkCanonicalRoundTrip(parsed)
  }
  return 0
}
