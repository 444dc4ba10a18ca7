import PushDiagnostics
import PushReceiving

/// Capture detection and reading in every form.
func fuzzCapture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "capture")
  FuzzSupport.checkPositions(CaptureReader.read(file).diagnostics, in: file)
  return 0
}
