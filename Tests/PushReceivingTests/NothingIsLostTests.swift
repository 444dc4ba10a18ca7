import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing

/// Issue 12, "nothing is lost": every data key and value of generated FCM messages, unusual
/// Unicode included, survives `compile` byte for byte and comes back from `decode`.
@Suite struct NothingIsLostTests {
  /// A small deterministic generator (SplitMix64), so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
  }

  static let pieces = [
    "plain", "e\u{301}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1F0}\u{1F1F7}",
    "שלום", "مرحبا", "\u{202E}rtl", "\u{2028}", "\u{2029}", "\u{0}", "\"", "\\", "\n\t\r",
    "\u{FEFF}", "공지", "\u{7F}", "\u{10FFFF}", "</script>", " ", "",
  ]

  static func string(_ generator: inout Generator) -> String {
    (0..<Int(1 + generator.next() % 4)).map { _ in generator.pick(pieces) }.joined()
  }

  @Test func dataSurvivesCompileAndDecode() throws {
    var generator = Generator(state: 12)
    for round in 0..<200 {
      var data: [(String, String)] = []
      var seen: Set<String> = []
      for index in 0..<Int(1 + generator.next() % 6) {
        let key = "k\(index)_" + Self.string(&generator)
        guard seen.insert(key).inserted else { continue }
        data.append((key, Self.string(&generator)))
      }
      var text: [UInt8] = Array(#"{"message": {"topic": "news", "data": {"#.utf8)
      for (index, (key, value)) in data.enumerated() {
        if index > 0 { text += Array(", ".utf8) }
        CanonicalJSONWriter.writeString(key, into: &text)
        text += Array(": ".utf8)
        CanonicalJSONWriter.writeString(value, into: &text)
      }
      text += Array("}}}".utf8)
      let file = SourceFile(name: "m\(round).json", bytes: text)
      let compilation = PushCompiler(
        options: .init(kind: .fcm, lowering: .init(now: 1_700_000_000, asReceived: true))
      ).compile(JSONReader.read(file))
      let request = try #require(
        compilation.messages.first?.apnsRequest, "\(compilation.diagnostics)")
      let payload = try #require(
        JSONReader.read(SourceFile(name: "p", bytes: request.payloadBytes)).documents.first)
      let decoded = ReceivedPushDecoder(contract: .kuring).decode(bytes: request.payloadBytes)
      for (key, value) in data {
        let compiled = payload.objectValue?.members.last { $0.key == key }?.value.stringValue
        #expect(compiled.map { Array($0.utf8) } == Array(value.utf8), "round \(round) key \(key)")
        let received = decoded.data.members.last { $0.key == key }?.value.stringValue
        #expect(received.map { Array($0.utf8) } == Array(value.utf8), "round \(round) key \(key)")
      }
    }
  }
}
