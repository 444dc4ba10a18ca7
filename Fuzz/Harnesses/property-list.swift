import PushDiagnostics
import PushReceiving

/// The reader of `po userInfo` (NSDictionary descriptions, old-style property lists).
func fuzzPropertyList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "capture.txt")
  FuzzSupport.checkPositions(PropertyListTextReader.read(file).diagnostics, in: file)
  return 0
}
