/// Decimal numbers written straight into UTF-8 output, the bytes `String(value)` has, without
/// a `String` made for each: for the JSON report's positions (`DiagnosticJSONElementWriter`) and
/// the server's record lines and timestamps.
package enum DecimalDigits {
  /// Appends `value` as `String(value)` writes it.
  package static func append(_ value: Int, to output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // 20 digits hold any `UInt`; written from the end, then copied in order.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends `value` after as many zeros as it takes to fill `width` characters: the bytes of
  /// `String(repeating: "0", count: max(0, width - String(value).count)) + String(value)`.
  package static func append(_ value: Int, width: Int, to output: inout [UInt8]) {
    if width == 2, (0..<100).contains(value) {
      // A timestamp's month, day, hour, minute or second.
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10))
      output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
      return
    }
    var length = value < 0 ? 2 : 1
    var rest = value.magnitude / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    if width > length {
      for _ in length..<width { output.append(UInt8(ascii: "0")) }
    }
    append(value, to: &output)
  }
}
