import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc lint --kind apns` on bytes: read (JSON or YAML), check and lower every message.
func fuzzLintAPNS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "message.json")
  let parsed = FuzzSupport.read(file)
  let compiler = PushCompiler(
    options: .init(kind: .payload, lowering: .init(now: 1_700_000_000, bundleID: "com.example.app"))
  )
  let compilation = compiler.compile(parsed)
  FuzzSupport.checkPositions(compilation.diagnostics, in: file)
  return 0
}
