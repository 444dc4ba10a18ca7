/// Writes a ``ValueNode`` as canonical JSON bytes.
///
/// Canonical means deterministic and minimal: keys in source (or model) order, numbers as their
/// exact lexeme, and only `"`, `\` and control characters escaped. `/` is not escaped, and
/// non-ASCII text is written as raw UTF-8, because APNs and FCM count bytes and `\uXXXX` would
/// triple the size of Korean text.
///
/// ```swift
/// let writer = CanonicalJSONWriter(style: .compact)
/// writer.string(for: node)        // {"aps":{"alert":"안녕"}}
/// writer.encodedByteCount(of: node) // the same count, without building the output
/// ```
public struct CanonicalJSONWriter: Hashable, Sendable {
  /// The layout of the output.
  public enum Style: Hashable, Sendable {
    /// No whitespace at all: what goes on the wire.
    case compact
    /// One member or element per line, indented by the given number of spaces, `": "` between
    /// key and value, and empty containers as `{}` and `[]`.
    case pretty(indent: Int)

    /// Pretty output with two-space indentation.
    public static let pretty = Style.pretty(indent: 2)
  }

  /// The layout in force.
  public var style: Style

  /// Creates a writer.
  public init(style: Style = .compact) {
    self.style = style
  }

  /// The UTF-8 bytes of `node`, without a trailing newline.
  public func bytes(for node: ValueNode) -> [UInt8] {
    bytes { write(node, depth: 0, context: .current, into: &$0) }
  }

  /// The compact bytes of the object `node` with the members of the object `inserted` in
  /// `tree` written among its own, before its member at `position` (after the last when
  /// `position` is its count): the bytes ``bytes(for:)`` writes for the object with those
  /// members there, when every key and value of `inserted` is a string for which
  /// ``ValueTree/isVerbatimString(_:)`` is true, copied from their source.
  ///
  /// `pushc compile` writes the `data` entries of a payload this way for the outputs that
  /// print its bytes, without making a value and a member of each first.
  package func bytes(
    for node: ValueNode, insertingMembersOf inserted: ValueTree.NodeID, in tree: ValueTree,
    at position: Int
  ) -> [UInt8] {
    precondition(style == .compact, "members are inserted in compact output only")
    guard case .object(let object) = node.kind, tree.count(inserted) > 0 else {
      precondition(node.objectValue != nil, "members are inserted into an object only")
      return bytes(for: node)
    }
    precondition(position >= 0 && position <= object.count, "no such position")
    let context = WalkContext.current
    return bytes { output in
      output.append(UInt8(ascii: "{"))
      object.members.withUnsafeBufferPointer { members in
        for index in 0...members.count {
          if index == position {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            tree.appendVerbatimMembers(of: inserted, to: &output)
          }
          guard index < members.count else { break }
          if index > 0 || position == 0 { output.append(UInt8(ascii: ",")) }
          Self.appendStringLiteral(
            members[index].key, smallASCII: context.smallASCII, into: &output)
          output.append(UInt8(ascii: ":"))
          write(members[index].value, depth: 1, context: context, into: &output)
        }
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The bytes `write` writes.
  private func bytes(_ write: (inout JSONByteBuffer) -> Void) -> [UInt8] {
    // The bytes go to a plain buffer, whose appends are a bounds test and a copy (an array's
    // own appends cost several times more), lent room on the stack, more than most payloads
    // take (APNs and FCM allow 4 KB): a document that fits is copied out once, into an array
    // of its size; one that outgrows it moves to memory of the buffer's, copied out the same
    // way.
    //
    // The room was the result's own storage (`init(unsafeUninitializedCapacity:)`), which
    // saved the copy but cost more: that initializer allocates through the standard library's
    // unspecialized code, which looks the storage type up at run time, and 2 KiB is past
    // malloc's per-thread cache. `withUnsafeTemporaryAllocation` put 2 KiB on the heap.
    var room = InlineArray<2048, UInt8>(repeating: 0)
    var span = room.mutableSpan
    return span.withUnsafeMutableBufferPointer { storage in
      var buffer = JSONByteBuffer(lending: storage)
      defer { buffer.deallocate() }
      write(&buffer)
      return buffer.array
    }
  }

  /// The text of `node`, without a trailing newline.
  public func string(for node: ValueNode) -> String {
    String(decoding: bytes(for: node), as: UTF8.self)
  }

  /// Appends the bytes of `node` to `output`.
  public func write(_ node: ValueNode, into output: inout [UInt8]) {
    write(node, depth: 0, context: .current, into: &output)
  }

  /// Appends the bytes of `node` as they are written `depth` containers deep in a larger
  /// document: in pretty output, its line breaks are indented for that depth.
  ///
  /// With ``appendLineBreak(depth:to:)``, this writes a document a piece at a time, the
  /// same bytes ``bytes(for:)`` writes for it whole (see `DiagnosticJSONStream`).
  package func write(_ node: ValueNode, depth: Int, into output: inout [UInt8]) {
    write(node, depth: depth, context: .current, into: &output)
  }

  /// Appends what separates the members or elements of a container `depth` containers deep
  /// from what comes before them: in pretty output, a line break and the indentation of that
  /// depth; nothing in compact output.
  package func appendLineBreak(depth: Int, to output: inout [UInt8]) {
    writeLineBreak(depth: depth, into: &output)
  }

  /// Appends what starts a member of an object `depth` containers deep, as ``bytes(for:)``
  /// writes it: the line break before it (with ``appendLineBreak(depth:to:)``, one deeper than
  /// the object), `key` as a string, the colon, and in pretty output a space.
  package func appendMemberKey(_ key: String, depth: Int, to output: inout [UInt8]) {
    writeLineBreak(depth: depth + 1, into: &output)
    Self.appendStringLiteral(key, smallASCII: WalkContext.current.smallASCII, into: &output)
    output.append(UInt8(ascii: ":"))
    if style != .compact { output.append(UInt8(ascii: " ")) }
  }

  /// Appends `members` of an object `depth` containers deep, each as ``bytes(for:)`` writes it
  /// and followed by a comma: the first members of an object whose last member is written
  /// after them, a piece at a time.
  package func appendLeadingMembers(
    _ members: [(String, ValueNode)], depth: Int, to output: inout [UInt8]
  ) {
    for (key, value) in members {
      appendMemberKey(key, depth: depth, to: &output)
      write(value, depth: depth + 1, into: &output)
      output.append(UInt8(ascii: ","))
    }
  }

  /// The exact number of bytes ``bytes(for:)`` would produce, computed without building them.
  public func encodedByteCount(of node: ValueNode) -> Int {
    // The walk that writes, into an output that only counts: strings are read in place and
    // short ones tested in their words, as when writing, and nothing is stored.
    var counter = JSONByteCounter()
    write(node, depth: 0, context: .current, into: &counter)
    return counter.count
  }

  /// The exact number of bytes `string` takes when written as a JSON string, quotes included.
  public static func encodedByteCount(ofString string: String) -> Int {
    // Native strings lend their bytes without the copy `withUTF8` needs a `var` for.
    if let count = string.utf8.withContiguousStorageIfAvailable(encodedByteCount(ofUTF8:)) {
      return count
    }
    var string = string
    return string.withUTF8(encodedByteCount(ofUTF8:))
  }

  /// The exact number of bytes the UTF-8 text `buffer` takes as a JSON string, quotes included.
  private static func encodedByteCount(ofUTF8 buffer: UnsafeBufferPointer<UInt8>) -> Int {
    // Nearly every string has nothing to escape, which one pass over its words tells.
    guard containsBytesNeedingEscape(buffer) else { return 2 + buffer.count }
    return 2 + escapedContentCount(of: buffer)
  }

  /// The number of bytes of the small ASCII string whose words are `words`
  /// (``SmallASCIIString/words(of:)``), or `nil` if one of them needs escaping.
  @inline(__always)
  static func plainSmallASCIICount(_ words: (leading: UInt64, trailing: UInt64)) -> Int? {
    let count = Int(truncatingIfNeeded: words.trailing >> 56 & 0x0F)
    // The bytes past the count are zeros, which the test flags as control characters, so only
    // the lowest flagged byte of each word counts, which is exact: it must lie past the count.
    // The flag byte (0xE0 or more) is never flagged.
    let leading = ByteWord.needingEscape(in: words.leading).trailingZeroBitCount &>> 3
    guard leading >= Swift.min(count, 8) else { return nil }
    let trailing = ByteWord.needingEscape(in: words.trailing).trailingZeroBitCount &>> 3
    guard count <= 8 || trailing >= count &- 8 else { return nil }
    return count
  }

  /// The position of the first byte from `position` on in `buffer` that needs escaping, or
  /// `buffer.count`: eight bytes at a time, jumping to the lowest flagged byte of a word.
  @inline(__always)
  private static func nextByteNeedingEscape(
    in buffer: UnsafeBufferPointer<UInt8>, from position: Int
  ) -> Int {
    var position = position
    while position + 8 <= buffer.count {
      let matches = ByteWord.needingEscape(in: word(at: position, in: buffer))
      if matches != 0 { return position + matches.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < buffer.count, escapedLength(of: buffer[position]) == 1 { position += 1 }
    return position
  }

  /// The number of bytes the contents of `buffer` take once escaped, quotes not included.
  private static func escapedContentCount(of buffer: UnsafeBufferPointer<UInt8>) -> Int {
    var count = buffer.count
    var position = nextByteNeedingEscape(in: buffer, from: 0)
    while position < buffer.count {
      count += escapedLength(of: buffer[position]) - 1
      position = nextByteNeedingEscape(in: buffer, from: position + 1)
    }
    return count
  }

  /// Whether any byte of `buffer` is a control character, `"` or `\\`: sixteen bytes at a
  /// time in vector registers, the last block overlapping the one before it; a buffer shorter
  /// than a block is tested in words made of its own bytes (overlapping, or repeated), so no
  /// byte outside `buffer` is read and no copy is made.
  static func containsBytesNeedingEscape(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = buffer.count
    guard count >= 16 else {
      guard count >= 4, let base = buffer.baseAddress else {
        guard count > 0 else { return false }
        // One to three bytes: the first, middle and last (some the same), padded with spaces.
        let bytes =
          UInt64(buffer[0]) | UInt64(buffer[count >> 1]) << 8 | UInt64(buffer[count - 1]) << 16
        return mayNeedEscaping(bytes | 0x2020_2020_2000_0000)
      }
      guard count >= 8 else {
        // Four to seven bytes: the first four and the last four, overlapping.
        let low = UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)
        let high = UnsafeRawPointer(base + (count - 4)).loadUnaligned(as: UInt32.self)
        return mayNeedEscaping(
          UInt64(UInt32(littleEndian: low)) | UInt64(UInt32(littleEndian: high)) << 32)
      }
      return ByteWord.needingEscape(in: word(at: 0, in: buffer))
        | ByteWord.needingEscape(in: word(at: count - 8, in: buffer)) != 0
    }
    let base = buffer.baseAddress.unsafelyUnwrapped
    var position = 0
    // Two blocks a round, tested together: one branch per 32 bytes.
    while position &+ 32 < count {
      if ByteVector.anyByteSet(
        in: blockNeedsEscaping(base, at: position) | blockNeedsEscaping(base, at: position &+ 16))
      {
        return true
      }
      position &+= 32
    }
    if position &+ 16 < count, ByteVector.anyByteSet(in: blockNeedsEscaping(base, at: position)) {
      return true
    }
    return ByteVector.anyByteSet(in: blockNeedsEscaping(base, at: count &- 16))
  }

  /// The sixteen bytes from `position` in `base` that need escaping, as `0xFF` bytes: the test
  /// of ``ByteWord/needingEscape(in:)`` on a vector, those below `0x21` once bit 1 is flipped
  /// (the control characters and `"`, `0x22`), and `\\`.
  /// Sixteen bytes must be readable there.
  @inline(__always)
  private static func blockNeedsEscaping(_ base: UnsafePointer<UInt8>, at position: Int)
    -> ByteVector.Bytes
  {
    // The types are spelled out: inferred, they pick the generic operators, which work lane
    // by lane instead of with one vector instruction.
    let block = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
    let flipped = block ^ SIMD16<UInt8>(repeating: 0x02)
    let controlOrQuote: SIMDMask<SIMD16<Int8>> = flipped .< SIMD16<UInt8>(repeating: 0x21)
    let backslash: SIMDMask<SIMD16<Int8>> =
      block .== SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    // As bytes, the two masks and the blocks of a round are or-ed with one vector
    // instruction each.
    return ByteVector.bytes(of: controlOrQuote) | ByteVector.bytes(of: backslash)
  }

  /// The eight bytes of `buffer` from `position`, which has at least eight bytes from there.
  @inline(__always)
  static func word(at position: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
    ByteWord.load(buffer.baseAddress.unsafelyUnwrapped, at: position)
  }

  /// Whether any of the eight bytes of `word` is a control character, `"` or `\\` (exact).
  @inline(__always)
  static func mayNeedEscaping(_ word: UInt64) -> Bool {
    ByteWord.needingEscape(in: word) != 0
  }

  /// Appends `string` as a JSON string literal with minimal escaping.
  public static func writeString(_ string: String, into output: inout [UInt8]) {
    appendStringLiteral(string, smallASCII: SmallASCIIString.isAvailable, into: &output)
  }

  /// Appends the UTF-8 text `buffer`, which must be valid UTF-8, as a JSON string literal with
  /// minimal escaping: the bytes ``writeString(_:into:)`` writes for the same text, without
  /// making a `String` of it first.
  package static func writeString(
    utf8 buffer: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "\""))
    writeEscaped(buffer, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `string` as a JSON string literal with minimal escaping; `smallASCII` is
  /// ``SmallASCIIString/isAvailable``, read once by the caller (each read is a call).
  private static func appendStringLiteral<Output: JSONByteOutput>(
    _ string: String, smallASCII: Bool, into output: inout Output
  ) {
    // A small ASCII string (most keys) is tested and copied from its own two words.
    if smallASCII, let words = SmallASCIIString.words(of: string),
      let count = plainSmallASCIICount(words)
    {
      output.appendStringLiteral(smallASCII: words, count: count)
      return
    }
    // Native strings lend their bytes without the copy `withUTF8` needs a `var` for.
    if string.utf8.withContiguousStorageIfAvailable({ appendLiteral(utf8: $0, into: &output) })
      == nil
    {
      var string = string
      string.withUTF8 { appendLiteral(utf8: $0, into: &output) }
    }
  }

  /// Appends the UTF-8 text `buffer` as a JSON string literal with minimal escaping.
  @inline(__always)
  private static func appendLiteral<Output: JSONByteOutput>(
    utf8 buffer: UnsafeBufferPointer<UInt8>, into output: inout Output
  ) {
    // Nearly every string has nothing to escape: one test, then quotes and bytes at once.
    if output.appendStringLiteralIfPlain(buffer) { return }
    output.append(UInt8(ascii: "\""))
    writeEscaped(buffer, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the UTF-8 bytes of a string's contents, escaped as little as JSON allows.
  private static func writeEscaped<Output: JSONByteOutput>(
    _ buffer: UnsafeBufferPointer<UInt8>, into output: inout Output
  ) {
    // Nearly every string has nothing to escape: one test, one copy.
    guard containsBytesNeedingEscape(buffer) else {
      output.append(contentsOf: buffer)
      return
    }
    // The escaped text is sized first, then written through a pointer: an escape costs a few
    // stores instead of three appends and a copy, which matters for text with many (a JSON
    // body recorded as a string has a quote every few bytes).
    let escapedCount = escapedContentCount(of: buffer)
    output.appendUninitialized(count: escapedCount) { start in
      guard let source = buffer.baseAddress else { return }
      var target = UnsafeMutableRawPointer(start)
      var position = 0
      while position < buffer.count {
        if position + 8 <= buffer.count {
          // Eight bytes are copied at once, then as many kept as come before the first byte
          // that needs escaping. Room for them is there: every byte left to read takes at
          // least one byte of the output.
          let bytes = word(at: position, in: buffer)
          target.storeBytes(of: bytes.littleEndian, as: UInt64.self)
          let matches = ByteWord.needingEscape(in: bytes)
          guard matches != 0 else {
            position += 8
            target += 8
            continue
          }
          let plain = matches.trailingZeroBitCount / 8
          position += plain
          target += plain
        } else if escapedLength(of: source[position]) == 1 {
          target.storeBytes(of: source[position], as: UInt8.self)
          position += 1
          target += 1
          continue
        }
        let byte = source[position]
        position += 1
        target.storeBytes(of: UInt8(ascii: "\\"), as: UInt8.self)
        let letter: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = byte
        case 0x0A: letter = UInt8(ascii: "n")
        case 0x0D: letter = UInt8(ascii: "r")
        case 0x09: letter = UInt8(ascii: "t")
        case 0x08: letter = UInt8(ascii: "b")
        case 0x0C: letter = UInt8(ascii: "f")
        default:
          // `\u00XX`, the control character's code in hexadecimal.
          target.storeBytes(of: UInt8(ascii: "u"), toByteOffset: 1, as: UInt8.self)
          target.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 2, as: UInt8.self)
          target.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 3, as: UInt8.self)
          target.storeBytes(of: hexDigit(byte >> 4), toByteOffset: 4, as: UInt8.self)
          target.storeBytes(of: hexDigit(byte & 0x0F), toByteOffset: 5, as: UInt8.self)
          target += 6
          continue
        }
        target.storeBytes(of: letter, toByteOffset: 1, as: UInt8.self)
        target += 2
      }
      // The count above and the bytes written follow the same rules; a mismatch is a bug.
      precondition(
        target == UnsafeMutableRawPointer(start + escapedCount), "escaped length miscounted")
    }
  }

  // MARK: - Implementation

  /// What the tree walk reads at every node, looked up once per document: all are globals
  /// initialised on first use, each read of which is a call.
  private struct WalkContext {
    /// ``SmallASCIIString/isAvailable``.
    var smallASCII: Bool
    /// Where the value of a ``JSONObject/Member`` is stored inside it.
    var memberValueOffset: Int
    /// How to read the strings of the tree in place, where that can be done.
    var inPlace: InPlaceStrings.Layout?

    static var current: WalkContext {
      WalkContext(
        smallASCII: SmallASCIIString.isAvailable,
        memberValueOffset: CanonicalJSONWriter.memberValueOffset,
        inPlace: InPlaceStrings.layout)
    }
  }

  /// Reads the keys and string values of a tree from their words in memory, without copying
  /// them: reading a `String` the tree holds through the language (binding a node's kind,
  /// passing a key) is a retain and a release, which cost more than writing most strings.
  ///
  /// On 64-bit platforms a string is two words. A small one holds its bytes (as
  /// ``SmallASCIIString`` reads them); a large native or literal one keeps its count in the
  /// low 48 bits of the first word, with bit 60 set when its bytes are stored at the address in
  /// the low 60 bits of the second word plus 32, and the top nibble of the second word clear
  /// but for bit 63 (immortal). A node's kind holds a string's words first, then a tag byte.
  /// ``layout`` checks all of this once, on strings and nodes the running standard library made
  /// itself; where any of it fails, the writer reads strings the ordinary way.
  package enum InPlaceStrings {
    /// Where a member's key is, and where a node's kind keeps a string and its tag.
    package struct Layout {
      /// The offset of ``JSONObject/Member/key`` in a member.
      var keyOffset: Int
      /// The offset of the tag byte of a node's kind in the node.
      var tagOffset: Int
      /// The tag byte of a string node.
      var stringTag: UInt8
    }

    /// Large strings of each kind: native (ASCII and not), from a `Substring`, a literal.
    private static let samples = [
      String(repeating: "a", count: 40), String(repeating: "가", count: 20),
      String("-- \(Int.max) --".dropFirst()), "a literal string longer than fifteen bytes",
    ]

    /// Whether strings are laid out as ``utf8(_:)`` and ``SmallASCIIString`` read them.
    static let isAvailable: Bool = {
      guard SmallASCIIString.isAvailable, MemoryLayout<String>.size == 16,
        MemoryLayout<UInt>.size == 8
      else { return false }
      for sample in samples {
        var copy = sample
        let expected = copy.withUTF8 { Array($0) }
        guard let bytes = utf8(unsafeBitCast(sample, to: (UInt64, UInt64).self)),
          Array(bytes) == expected
        else { return false }
      }
      // Small strings are not read as large ones.
      return utf8(unsafeBitCast("abc", to: (UInt64, UInt64).self)) == nil
    }()

    /// The layout, or `nil` when strings cannot be read in place here.
    package static let layout: Layout? = {
      guard isAvailable, MemoryLayout<ValueNode.Kind>.size == 17,
        let kindOffset = MemoryLayout<ValueNode>.offset(of: \.kind), kindOffset == 0,
        let keyOffset = MemoryLayout<JSONObject.Member>.offset(of: \.key)
      else { return nil }
      let tagOffset = kindOffset + 16
      func tag(_ node: ValueNode) -> UInt8 {
        withUnsafeBytes(of: node) { $0[tagOffset] }
      }
      let string = ValueNode(.string(samples[1]))
      let stringTag = tag(string)
      let others: [ValueNode] = [
        ValueNode(.null), ValueNode(.bool(true)), ValueNode(.bool(false)),
        ValueNode(.number(JSONNumber(lexeme: samples[0]))), ValueNode(.array([string])),
        ValueNode(.object(JSONObject([JSONObject.Member(key: samples[0], value: string)]))),
      ]
      guard others.allSatisfy({ tag($0) != stringTag }),
        withUnsafeBytes(
          of: string, { $0.load(fromByteOffset: kindOffset, as: (UInt64, UInt64).self) })
          == unsafeBitCast(samples[1], to: (UInt64, UInt64).self)
      else { return nil }
      return Layout(keyOffset: keyOffset, tagOffset: tagOffset, stringTag: stringTag)
    }()

    /// The bytes of the large string whose words are `words`, when they are stored with it (a
    /// native or literal string); `nil` for any other string.
    @inline(__always)
    static func utf8(_ words: (UInt64, UInt64)) -> UnsafeBufferPointer<UInt8>? {
      guard words.1 >> 60 & 0x7 == 0, words.0 & 1 << 60 != 0,
        let start = UnsafePointer<UInt8>(
          bitPattern: UInt(truncatingIfNeeded: words.1 & 0x0FFF_FFFF_FFFF_FFFF) &+ 32)
      else { return nil }
      return UnsafeBufferPointer(
        start: start, count: Int(truncatingIfNeeded: words.0 & 0xFFFF_FFFF_FFFF))
    }
  }

  /// Appends the string whose words are at `address` as a JSON string literal, if it is small
  /// or stored in place, and returns whether it did; otherwise appends nothing. The string must
  /// stay alive while this runs, as the tree being written keeps it.
  @inline(__always)
  private static func appendStringLiteral<Output: JSONByteOutput>(
    wordsAt address: UnsafeRawPointer, smallASCII: Bool, into output: inout Output
  ) -> Bool {
    let words = address.load(as: (UInt64, UInt64).self)
    if smallASCII, words.1 >> 60 == 0xE,
      let count = plainSmallASCIICount((leading: words.0, trailing: words.1))
    {
      output.appendStringLiteral(smallASCII: (leading: words.0, trailing: words.1), count: count)
      return true
    }
    guard let buffer = InPlaceStrings.utf8(words) else { return false }
    appendLiteral(utf8: buffer, into: &output)
    return true
  }

  /// Where the value of a ``JSONObject/Member`` is stored inside it.
  private static let memberValueOffset = MemoryLayout<JSONObject.Member>.offset(of: \.value)
    .unsafelyUnwrapped

  private func write<Output: JSONByteOutput>(
    _ node: ValueNode, depth: Int, context: WalkContext, into output: inout Output
  ) {
    withUnsafePointer(to: node) { write($0, depth: depth, context: context, into: &output) }
  }

  /// Writes the node at `node`, which is read in place: passing a child node as an argument
  /// would copy it, kind and text.
  private func write<Output: JSONByteOutput>(
    _ node: UnsafePointer<ValueNode>, depth: Int, context: WalkContext, into output: inout Output
  ) {
    // A string node (most of them) is told by its tag and written from its words in place.
    if let layout = context.inPlace,
      UnsafeRawPointer(node).load(fromByteOffset: layout.tagOffset, as: UInt8.self)
        == layout.stringTag,
      Self.appendStringLiteral(
        wordsAt: UnsafeRawPointer(node), smallASCII: context.smallASCII, into: &output)
    {
      return
    }
    switch node.pointee.kind {
    case .null: Self.nullBytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    case .bool(let value):
      (value ? Self.trueBytes : Self.falseBytes).withUnsafeBufferPointer {
        output.append(contentsOf: $0)
      }
    case .number(let number): Self.writeRaw(number.lexeme, into: &output)
    case .string(let string):
      Self.appendStringLiteral(string, smallASCII: context.smallASCII, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append(UInt8(ascii: "["))
        output.append(UInt8(ascii: "]"))
        return
      }
      output.append(UInt8(ascii: "["))
      // Elements and members are read in place, not copied out one by one.
      elements.withUnsafeBufferPointer { elements in
        for index in elements.indices {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          writeLineBreak(depth: depth + 1, into: &output)
          write(
            elements.baseAddress.unsafelyUnwrapped + index, depth: depth + 1, context: context,
            into: &output)
        }
      }
      writeLineBreak(depth: depth, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else {
        output.append(UInt8(ascii: "{"))
        output.append(UInt8(ascii: "}"))
        return
      }
      output.append(UInt8(ascii: "{"))
      let isPretty = style != .compact
      object.members.withUnsafeBufferPointer { members in
        for index in members.indices {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          writeLineBreak(depth: depth + 1, into: &output)
          let member = UnsafeRawPointer(members.baseAddress.unsafelyUnwrapped + index)
          var isKeyWritten = false
          if let layout = context.inPlace {
            isKeyWritten = Self.appendStringLiteral(
              wordsAt: member + layout.keyOffset, smallASCII: context.smallASCII, into: &output)
          }
          if !isKeyWritten {
            Self.appendStringLiteral(
              members[index].key, smallASCII: context.smallASCII, into: &output)
          }
          output.append(UInt8(ascii: ":"))
          if isPretty { output.append(UInt8(ascii: " ")) }
          // The member's value in place (as `JSONObject.Member.value(at:in:)` finds it).
          let value = (member + context.memberValueOffset).assumingMemoryBound(
            to: ValueNode.self)
          write(value, depth: depth + 1, context: context, into: &output)
        }
      }
      writeLineBreak(depth: depth, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private func writeLineBreak<Output: JSONByteOutput>(depth: Int, into output: inout Output) {
    guard case .pretty(let indent) = style else { return }
    output.append(UInt8(ascii: "\n"))
    // The indentation thirty-two spaces at a time: appended a byte at a time, each space was a
    // call that checked the array's capacity.
    var remaining = indent * depth
    guard remaining > 0 else { return }
    let spaceWord: UInt64 = 0x2020_2020_2020_2020
    var spaces = (spaceWord, spaceWord, spaceWord, spaceWord)
    // The tuple is not read as words again, so binding its memory to bytes is sound.
    withUnsafeMutableBytes(of: &spaces) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      while remaining > 0 {
        let count = min(remaining, bytes.count)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<count]))
        remaining -= count
      }
    }
  }

  /// Appends the UTF-8 bytes of `text` unchanged.
  private static func writeRaw<Output: JSONByteOutput>(_ text: String, into output: inout Output) {
    if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
      var text = text
      text.withUTF8 { output.append(contentsOf: $0) }
    }
  }

  private static func escapedLength(of byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: 2
    case 0..<0x20: 6
    default: 1
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private static let nullBytes = Array("null".utf8)
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
}
