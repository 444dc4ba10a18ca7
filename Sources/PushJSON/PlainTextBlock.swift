/// Sixteen bytes of a JSON string's text checked at once for
/// ``UTF8Validation/plainTextEnd(in:from:)``, against the two bytes before them, which must be
/// readable and, with the bytes before those, be whole sequences or the start of one (or be
/// the bytes before the text, which the first block reads without their calls).
///
/// The block is plain when every byte is a non-control ASCII byte other than `"` and `\\`, a
/// lead of `C2` to `DF` or `E1` to `EF`, or a continuation byte exactly where a lead before it
/// calls for one, after a lead of `ED` one from `80` to `9F` (no surrogates). Leads of `E0`
/// (whose second byte has a narrower range) and of four bytes, and the bytes that are never
/// valid, make it not plain, for the state machine to take, as do the bytes that end the text.
///
/// Every test is a comparison whose lanes are `0` or `0xFF`; the masks are combined as bytes,
/// with one vector instruction each.
struct PlainTextBlock {
  /// The lanes at a byte that ends the text: a control character, `"` or `\\`.
  private let stops: ByteVector.Bytes
  /// The lanes at a byte the blocks do not take: a continuation byte where none is called for
  /// or the other way round, a lead left to the state machine, or a surrogate's second byte.
  private let unusual: ByteVector.Bytes

  /// Checks the sixteen bytes from `position` in `base`; when `startingText`, the text starts
  /// at `position`, and the bytes before it call for no continuation in the block.
  @inline(__always)
  init(_ base: UnsafePointer<UInt8>, at position: Int, startingText: Bool) {
    // The types are spelled out: inferred, they pick the generic operators, which work lane by
    // lane instead of with one vector instruction.
    typealias Bytes = ByteVector.Bytes
    typealias Mask = SIMDMask<SIMD16<Int8>>
    let block = ByteVector.load(base, at: position)
    let previous = ByteVector.load(base, at: position &- 1)
    let beforePrevious = ByteVector.load(base, at: position &- 2)
    let signed = unsafeBitCast(block, to: SIMD16<Int8>.self)
    // 80 to BF, below C0 as signed bytes.
    let continuation: Mask = signed .< SIMD16<Int8>(repeating: -64)
    // A continuation is called for after a lead of two bytes or more (from C0), and two bytes
    // after a lead of three or more (from E0).
    let afterLead: Mask = previous .>= Bytes(repeating: 0xC0)
    let afterLongLead: Mask = beforePrevious .>= Bytes(repeating: 0xE0)
    var calledFor = ByteVector.bytes(of: afterLead) | ByteVector.bytes(of: afterLongLead)
    if startingText {
      // The calls from before the block: a lead's in lane 0, a long lead's in lanes 0 and 1.
      calledFor =
        ByteVector.bytes(of: afterLead) & Self.afterFirstLanes(1)
        | ByteVector.bytes(of: afterLongLead) & Self.afterFirstLanes(2)
    }
    let misplaced = ByteVector.bytes(of: continuation) ^ calledFor
    // Leads left to the state machine: C0 and C1 (never valid), E0, and F0 up.
    let fourBytesOrMore: Mask = block .>= Bytes(repeating: 0xF0)
    let overlong: Mask = block & Bytes(repeating: 0xFE) .== Bytes(repeating: 0xC0)
    let narrow: Mask = block .== Bytes(repeating: 0xE0)
    // After ED, a second byte from A0 would encode a surrogate.
    let afterED: Mask = previous .== Bytes(repeating: 0xED)
    let fromA0: Mask = signed .>= SIMD16<Int8>(repeating: -96)
    unusual =
      misplaced | ByteVector.bytes(of: fourBytesOrMore) | ByteVector.bytes(of: overlong)
      | ByteVector.bytes(of: narrow)
      | ByteVector.bytes(of: afterED) & ByteVector.bytes(of: fromA0)
    let control: Mask = block .< Bytes(repeating: 0x20)
    let quote: Mask = block .== Bytes(repeating: UInt8(ascii: "\""))
    let backslash: Mask = block .== Bytes(repeating: UInt8(ascii: "\\"))
    stops =
      ByteVector.bytes(of: control) | ByteVector.bytes(of: quote) | ByteVector.bytes(of: backslash)
  }

  /// Whether the block is plain text: valid UTF-8 that continues the bytes before it, with
  /// nothing that ends the text.
  @inline(__always)
  var isPlain: Bool {
    !ByteVector.anyByteSet(in: stops | unusual)
  }

  /// The lane where the text ends when its first unusual byte is one that ends it, at the end
  /// of a sequence: every byte before it is plain. `nil` when the first is another kind, for
  /// the state machine to look into.
  var textEnd: Int? {
    guard let lane = ByteVector.firstMatch(in: stops | unusual), unusual[lane] == 0 else {
      return nil
    }
    return lane
  }

  /// Every lane but the first `count` (one or two) set.
  @inline(__always)
  private static func afterFirstLanes(_ count: Int) -> ByteVector.Bytes {
    var lanes = ByteVector.Bytes(repeating: 0xFF)
    lanes[0] = 0
    if count > 1 { lanes[1] = 0 }
    return lanes
  }
}
