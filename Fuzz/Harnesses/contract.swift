import PushDiagnostics
import PushReceiving

/// The contract reader, then decoding the contract's own text under the contract.
func fuzzContract(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "contract.json")
  let (contract, diagnostics) = PushContract.read(json: file)
  FuzzSupport.checkPositions(diagnostics, in: file)
  if let contract {
    _ = ReceivedPushDecoder(contract: contract).decode(bytes: file.bytes)
  }
  return 0
}
