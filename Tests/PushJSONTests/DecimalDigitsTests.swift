import PushJSON
import Testing

/// Numbers written straight into bytes, against the `String` forms they replace.
@Suite struct DecimalDigitsTests {
  static let values = [
    0, 1, 9, 10, 99, 100, 999, 1000, 2026, 12_345, -1, -9, -10, -123, Int.max, Int.min,
    Int.min + 1, 1_796_221_077_325_835,
  ]

  @Test func decimalIsStringOfValue() {
    for value in Self.values {
      var bytes: [UInt8] = []
      DecimalDigits.append(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
  }

  @Test func paddedIsZerosThenStringOfValue() {
    for value in Self.values {
      for width in 0...5 {
        var bytes: [UInt8] = []
        DecimalDigits.append(value, width: width, to: &bytes)
        let digits = String(value)
        let expected = String(repeating: "0", count: max(0, width - digits.count)) + digits
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value) \(width)")
      }
    }
  }
}
