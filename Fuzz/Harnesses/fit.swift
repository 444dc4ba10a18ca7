import PushDiagnostics
import PushJSON
import PushPayload

/// `pushc fit` on bytes: whatever the fitter returns fits its budget. The first byte picks the
/// budget and the policy.
func fuzzFit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let budget = 16 + Int(data[0]) * 16
  let policy: PayloadFitter.Policy = data[0] & 1 == 0 ? .truncateBody : .truncateWord
  let file = FuzzSupport.file(data + 1, size - 1, name: "message.json")
  let compilation = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000)))
    .compile(FuzzSupport.read(file))
  for message in compilation.messages {
    guard let payload = message.apnsRequest?.payload else { continue }
    var collector = DiagnosticCollector(file: file)
    let fitter = PayloadFitter(options: .init(policy: policy, maximumBytes: budget))
    guard let result = fitter.fit(payload, collector: &collector) else { continue }
    let fitted = CanonicalJSONWriter().bytes(for: result.payload).count
    FuzzSupport.require(fitted <= budget, "fitted payload is \(fitted) bytes, budget \(budget)")
  }
  return 0
}
