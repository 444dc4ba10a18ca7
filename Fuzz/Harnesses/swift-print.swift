import PushDiagnostics
import PushReceiving

/// The reader of Swift's `print(userInfo)` output.
func fuzzSwiftPrint(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "capture.txt")
  FuzzSupport.checkPositions(SwiftDescriptionReader.read(file).diagnostics, in: file)
  return 0
}
