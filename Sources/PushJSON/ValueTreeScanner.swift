@_spi(PushInternals) import PushDiagnostics

/// The fast path of ``JSONReader/readTree(_:)``: a strict scanner that builds a ``ValueTree``
/// straight from the bytes, or gives up (`nil`) at the first thing about which the full reader
/// would say anything.
///
/// It accepts exactly the inputs ``JSONReader`` reads without a diagnostic, and builds the same
/// values with the same spans; everything else (a byte-order mark, empty input, any syntax
/// error, a trailing comma, a comment, content after the value, invalid UTF-8, a control
/// character, an invalid escape or lone surrogate, an invalid number, nesting deeper than the
/// limit, a duplicate key of any severity) makes it stop at once, and the caller reads the
/// input again with the full reader, which reports. It never emits a diagnostic.
///
/// It allocates nothing per value: nodes are 32-byte values gathered on a scratch stack, the
/// innermost container's children last; when a container closes, its children are copied into
/// the tree as one block and the container's node joins its parent's children. Strings, keys
/// and numbers are byte ranges into the input, except strings with escapes, whose decoded bytes
/// go into one text buffer. Duplicate keys are found when an object closes, and looked for
/// only when the key fingerprints (length and first and last eight bytes) of two members fall
/// on the same bit of a 64-bit filter: pairwise among few members, through a reused hash table
/// among many. The tree's node buffer is sized once from a count of the bytes that can start a
/// node (``nodeCountBound(from:to:)``), so that it is neither copied as it grows nor left twice
/// as large as needed.
struct ValueTreeScanner: ~Copyable {
  typealias Node = ValueTree.Node

  /// The input.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The first byte of the input.
  let base: UnsafePointer<UInt8>
  /// The number of bytes of the input.
  let count: Int
  /// The deepest nesting accepted.
  let maximumDepth: Int
  /// Whether whitespace-separated values after the first are documents.
  let allowsMultipleDocuments: Bool
  /// The next byte to read.
  var index = 0
  /// The tree built so far: every closed container's children, and the roots.
  var tree: ValueTree.Builder
  /// The children read so far of every open container, the innermost's last.
  var scratch: Stack<Node>
  /// The open containers, innermost last.
  var frames: Stack<Frame>
  /// The fingerprint of each key of every open object, at the positions of the keys in order.
  var fingerprints: Stack<UInt64>
  /// The decoded bytes of the strings and keys with escapes.
  var text: Stack<UInt8>
  /// Whether the node buffer has grown to the bound of the rest of the input.
  var hasBoundedRest = false
  /// The hash table of the duplicate search of large objects: member positions plus one, 0 for
  /// a free slot; reused from one object to the next.
  var table: Stack<UInt32>

  /// An open array or object.
  struct Frame {
    /// Where its opening bracket is.
    var start: Int
    /// Where its children start in ``scratch``.
    var firstChild: Int
    /// Where its keys' fingerprints start in ``fingerprints``.
    var firstFingerprint: Int
    /// One bit per key fingerprint seen (``fingerprintBit(_:)``).
    var fingerprintBits: UInt64 = 0
    var isObject: Bool
    /// Whether two keys fell on the same bit of ``fingerprintBits``, so that the object must be
    /// searched for duplicates.
    var mayHaveDuplicates = false
    /// Whether a key has a byte from 0x80: distinct bytes may then be equal strings (canonical
    /// equivalence, as `"\u{212A}" == "K"`), which the full reader reports as duplicates.
    var hasNonASCIIKey = false
  }

  /// Objects with up to this many members are searched for duplicates pair by pair.
  static let pairwiseSearchLimit = 16

  /// The tree of the documents of `source` from byte `start` on (see
  /// ``JSONReader/readTree(_:from:)``), or `nil` when the full reader would report anything
  /// about it.
  static func tree(of source: [UInt8], from start: Int = 0, options: JSONReader.Options)
    -> ValueTree?
  {
    // Node and text positions are 32-bit; no input that size is ever read whole.
    guard start < source.count, source.count < Int(UInt32.max) else { return nil }
    return source.withUnsafeBufferPointer { buffer -> ValueTree? in
      guard let base = buffer.baseAddress else { return nil }
      var scanner = ValueTreeScanner(
        bytes: buffer, base: base, source: source, from: start, options: options)
      guard scanner.readDocuments() else { return nil }
      return scanner.finish()
    }
  }

  /// A scanner at byte `start` of `bytes`, whose first byte is at `base`, the bytes of
  /// `source`.
  init(
    bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, source: [UInt8],
    from start: Int, options: JSONReader.Options
  ) {
    self.bytes = bytes
    self.base = base
    self.count = bytes.count
    self.index = start
    self.maximumDepth = options.maximumDepth
    self.allowsMultipleDocuments = options.allowsMultipleDocuments
    self.tree = ValueTree.Builder(source: source)
    self.scratch = Stack(capacity: 256)
    self.frames = Stack(capacity: 16)
    self.fingerprints = Stack(capacity: 64)
    self.text = Stack(capacity: 0)
    self.table = Stack(capacity: 0)
    tree.nodes.reserveCapacity(
      Self.estimatedNodeCount(
        count - start, sampled: nodeCountBound(from: start, to: min(count, start + Self.sampleSize))
      ))
  }

  /// How many bytes from the start of the input the first estimate of the node count reads: a
  /// few lines of NDJSON. (Counting 64 KiB, half of every part of an NDJSON input, cost about
  /// 0.9k instructions a message of 1.3 KB.)
  static let sampleSize = 1 << 12

  /// The node count of an input of `count` bytes whose first ``sampleSize`` bytes bound at
  /// `sampled` (``nodeCountBound(from:to:)``): exact for smaller input, extrapolated in
  /// proportion to the size with a quarter more otherwise (the lines of a sample differ in
  /// length more than those of a larger one), but never more nodes than half the bytes, and
  /// ``reserveNodes(_:)`` grows it once if that was too few. (Scaling a 64 KiB sample by the
  /// whole number of samples in the input fell short by up to a fifth: every part of an NDJSON
  /// input, 320 KB then, grew its buffer once.)
  static func estimatedNodeCount(_ count: Int, sampled: Int) -> Int {
    guard count > sampleSize else { return sampled }
    // A node takes two bytes at least (`0,` or `0` and a line feed): more is never needed.
    return min(sampled / 4 * 5 * count / sampleSize + 16, count / 2 + 16)
  }

  /// The number of nodes the bytes from `start` up to `end` can add to a tree, as single
  /// documents or, with ``allowsMultipleDocuments``, one document a line; more for input with
  /// `:`, `,`, `{` or `[` in strings.
  ///
  /// A tree has two nodes per member and one per array element and per document. The members
  /// are the colons; an object of `m` members has `m - 1` commas and an array of `n` elements
  /// `n - 1`, so the elements are the commas, less the members, plus one per non-empty
  /// container: at most one node per colon, comma, `{` and `[`, plus the documents. Reserving
  /// this instead of growing the buffer as nodes come saves copying every node and leaving a
  /// buffer up to twice as large as needed, which the allocator does not reuse for the next
  /// input of the same size.
  func nodeCountBound(from start: Int, to end: Int) -> Int {
    allowsMultipleDocuments
      ? Self.countStructuralBytes(base, from: start, to: end, countingLineFeeds: true)
      : Self.countStructuralBytes(base, from: start, to: end, countingLineFeeds: false)
  }

  /// The number of `:`, `,`, `{` and `[` from `start` up to `end` in `base`, and line feeds
  /// with `countingLineFeeds`, plus one; sixteen bytes at a time.
  @inline(__always)
  static func countStructuralBytes(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, countingLineFeeds: Bool
  ) -> Int {
    var total = 1
    var position = start
    while position &+ ByteVector.width <= end {
      // At most one a lane a round: 255 rounds fit the byte lanes.
      var sums = ByteVector.Bytes(repeating: 0)
      let last = min(end &- ByteVector.width, position &+ 254 &* ByteVector.width)
      while position <= last {
        let vector = ByteVector.load(base, at: position)
        // Setting bit 5 makes `[` a `{`; it also makes control characters 0x1A and 0x0C a `:`
        // and a `,`, which only makes the bound larger. `matching` flags exactly the lanes
        // equal to a byte below 0x80.
        let folded = vector | ByteVector.Bytes(repeating: 0x20)
        var flags =
          ByteVector.matching(UInt8(ascii: ":"), in: folded)
          | ByteVector.matching(UInt8(ascii: ","), in: folded)
          | ByteVector.matching(UInt8(ascii: "{"), in: folded)
        if countingLineFeeds { flags |= ByteVector.matching(0x0A, in: vector) }
        sums &+= flags &>> 7
        position &+= ByteVector.width
      }
      total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
    }
    while position < end {
      switch base[position] | 0x20 {
      case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "{"): total &+= 1
      case 0x2A where countingLineFeeds && base[position] == 0x0A: total &+= 1
      default: break
      }
      position &+= 1
    }
    return total
  }

  /// Makes room in the tree for `count` more nodes now: the first time the buffer grows, for
  /// every node the rest of the input can add (``nodeCountBound(from:to:)``), so that a
  /// single document grows it once; after that (documents not a line each), twice as many.
  @inline(__always)
  mutating func reserveNodes(_ count: Int) {
    if tree.nodes.capacity &- tree.nodes.count < count { growNodes(count) }
  }

  @inline(never)
  mutating func growNodes(_ count: Int) {
    let needed = tree.nodes.count + count
    guard !hasBoundedRest else {
      tree.nodes.reserveCapacity(max(needed, 2 * tree.nodes.capacity))
      return
    }
    hasBoundedRest = true
    // The children waiting in the scratch stack, the open containers and the one closing join
    // the tree later.
    tree.nodes.reserveCapacity(
      needed + scratch.count + frames.count + 1 + nodeCountBound(from: index, to: self.count))
  }

  /// The tree read, with the decoded text.
  mutating func finish() -> ValueTree {
    var result = ValueTree.Builder(source: [])
    swap(&result, &tree)
    result.appendText(UnsafeBufferPointer(start: text.base, count: text.count))
    // Every object was closed only once its keys were found distinct (``closeInnermost()``).
    result.keysAreDistinct = true
    return ValueTree(result)
  }

  // MARK: - Documents

  /// Reads every document; `false` at the first thing the full reader would report.
  mutating func readDocuments() -> Bool {
    // A byte order mark counts only at the start of the input.
    if index == 0, count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { return false }
    if index == 0, count >= 2,
      (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE)
    {
      return false
    }
    skipWhitespace()
    guard index < count else { return false }
    while index < count {
      guard readDocument() else { return false }
      skipWhitespace()
      if index < count && !allowsMultipleDocuments { return false }
    }
    return true
  }

  /// Reads one value at ``index`` (not whitespace) and makes it the next root.
  mutating func readDocument() -> Bool {
    // Whether a key comes next: at the start of an object, and after a comma in one.
    var expectsKey = false
    readingValues: while true {
      if expectsKey {
        // `"key" :` and the whitespace after it, into the innermost object. Read here, the one
        // place keys are read: a method of its own was too large a callee for the inliner in a
        // function this size, and its call cost about 29 instructions a key.
        expectsKey = false
        guard index < count, base[index] == UInt8(ascii: "\""), let key = readString(kind: .key)
        else { return false }
        let fingerprint = self.fingerprint(of: key)
        let bit = Self.fingerprintBit(fingerprint)
        let frame = frames.base + (frames.count &- 1)
        if frame.pointee.fingerprintBits & bit != 0 { frame.pointee.mayHaveDuplicates = true }
        frame.pointee.fingerprintBits |= bit
        if key.flags & ValueTree.Flags.isASCII == 0 { frame.pointee.hasNonASCIIKey = true }
        scratch.append(key)
        fingerprints.append(fingerprint)
        skipWhitespace()
        guard index < count, base[index] == UInt8(ascii: ":") else { return false }
        index &+= 1
        skipWhitespace()
      }
      // `index` is at the value, after any whitespace.
      guard index < count else { return false }
      var completed: Node
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = readString(kind: .string) else { return false }
        completed = string
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard frames.count < maximumDepth else { return false }
        let isObject = byte == UInt8(ascii: "{")
        let start = index
        index &+= 1
        skipWhitespace()
        // `}` and `]` are two more than `{` and `[`.
        if index < count && base[index] == byte &+ 2 {
          index &+= 1
          completed = Node(
            kind: isObject ? .object : .array, start: start, end: index,
            first: UInt32(truncatingIfNeeded: tree.nodes.count))
          break
        }
        frames.append(
          Frame(
            start: start, firstChild: scratch.count, firstFingerprint: fingerprints.count,
            isObject: isObject))
        expectsKey = isObject
        continue readingValues
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard let number = readNumber() else { return false }
        completed = number
      case UInt8(ascii: "t"):
        guard readLiteral(0x6575_7274, length: 4) else { return false }  // "true"
        completed = Node(
          kind: .bool, start: index &- 4, end: index, flags: ValueTree.Flags.isTrue)
      case UInt8(ascii: "f"):
        // "fals", then "e".
        guard index &+ 4 < count, base[index &+ 4] == UInt8(ascii: "e"),
          readLiteral(0x736C_6166, length: 5)
        else { return false }
        completed = Node(kind: .bool, start: index &- 5, end: index)
      case UInt8(ascii: "n"):
        guard readLiteral(0x6C6C_756E, length: 4) else { return false }  // "null"
        completed = Node(kind: .null, start: index &- 4, end: index)
      default:
        return false
      }

      // Attach the value to the innermost container, closing every container it completes.
      while true {
        guard frames.count > 0 else {
          reserveNodes(1)
          tree.nodes.append(completed)
          tree.appendRoot(ValueTree.NodeID(tree.nodes.count &- 1))
          return true
        }
        scratch.append(completed)
        skipWhitespace()
        guard index < count else { return false }
        let separator = base[index]
        let frame = frames.base + (frames.count &- 1)
        if separator == UInt8(ascii: ",") {
          index &+= 1
          skipWhitespace()
          // A `]` or `}` after the comma (a trailing comma) is no value or key, and stops.
          expectsKey = frame.pointee.isObject
          continue readingValues
        }
        guard separator == (frame.pointee.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")),
          let closed = closeInnermost()
        else { return false }
        completed = closed
      }
    }
  }

  /// Closes the innermost container at ``index`` (its closing bracket): moves its children into
  /// the tree as one block and returns its node, or `nil` when an object has a duplicate key.
  @inline(__always)
  mutating func closeInnermost() -> Node? {
    frames.count &-= 1
    let frame = frames.base[frames.count]
    let childCount = scratch.count &- frame.firstChild
    if frame.isObject {
      if frame.mayHaveDuplicates || (frame.hasNonASCIIKey && childCount > 2) {
        guard !hasDuplicateKeys(frame) else { return nil }
      }
      fingerprints.count = frame.firstFingerprint
    }
    reserveNodes(childCount)
    let first = tree.appendNodes(
      UnsafeBufferPointer(start: scratch.base + frame.firstChild, count: childCount))
    scratch.count = frame.firstChild
    index &+= 1
    return Node(
      kind: frame.isObject ? .object : .array, start: frame.start, end: index,
      first: UInt32(truncatingIfNeeded: first),
      count: UInt32(truncatingIfNeeded: frame.isObject ? childCount &>> 1 : childCount))
  }

  // MARK: - Keys

  /// The bytes of the content of the key or string `node`.
  @inline(__always)
  func content(of node: Node) -> (start: UnsafePointer<UInt8>, count: Int, readable: Int) {
    if node.flags & ValueTree.Flags.inText != 0 {
      let start = UnsafePointer(text.base + Int(node.first))
      return (start, Int(node.count), text.count &- Int(node.first))
    }
    return (base + (node.start &+ 1), node.end &- node.start &- 2, count &- node.start &- 1)
  }

  /// A hash of the content of `key`, equal for keys with the same bytes: its length and its
  /// first and last eight bytes.
  @inline(__always)
  func fingerprint(of key: Node) -> UInt64 {
    let (start, length, readable) = content(of: key)
    var leading: UInt64 = 0
    var trailing: UInt64 = 0
    if length >= 8 {
      leading = ByteWord.load(start, at: 0)
      trailing = ByteWord.load(start, at: length &- 8)
    } else if readable >= 8 {
      leading =
        ByteWord.load(start, at: 0) & ((1 << (UInt64(truncatingIfNeeded: length) << 3)) &- 1)
    } else {
      leading = ShortByteRun.word(start, count: length)
    }
    let hash = (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15) ^ leading
    return ((hash &* 0xBF58_476D_1CE4_E5B9) ^ trailing) &* 0x94D0_49BB_1331_11EB
  }

  /// The bit of ``Frame/fingerprintBits`` for `fingerprint`: its top six bits.
  @inline(__always)
  static func fingerprintBit(_ fingerprint: UInt64) -> UInt64 {
    1 << (fingerprint >> 58)
  }

  /// Whether the keys `first` and `second` have the same bytes.
  func keysAreEqual(_ first: Node, _ second: Node) -> Bool {
    let (firstStart, firstCount, _) = content(of: first)
    let (secondStart, secondCount, _) = content(of: second)
    guard firstCount == secondCount else { return false }
    for offset in 0..<firstCount where firstStart[offset] != secondStart[offset] { return false }
    return true
  }

  /// Whether two keys of the object `frame`, whose members are the top of ``scratch``, are
  /// equal strings: equal bytes, found through the fingerprints, or, when a key is not ASCII,
  /// canonically equivalent ones, as the full reader compares them.
  @inline(never)
  mutating func hasDuplicateKeys(_ frame: Frame) -> Bool {
    let memberCount = (scratch.count &- frame.firstChild) &>> 1
    let keys = scratch.base + frame.firstChild
    let prints = fingerprints.base + frame.firstFingerprint
    if frame.hasNonASCIIKey {
      // Off the hot path (keys are nearly always ASCII), and allocating: `String` equality,
      // canonical equivalence, is the full reader's rule.
      var seen = Set<String>()
      for member in 0..<memberCount {
        let (start, length, _) = content(of: keys[2 &* member])
        let key = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        guard seen.insert(key).inserted else { return true }
      }
      return false
    }
    if memberCount <= Self.pairwiseSearchLimit {
      guard memberCount > 1 else { return false }
      for second in 1..<memberCount {
        for first in 0..<second
        where prints[first] == prints[second]
          && keysAreEqual(keys[2 &* first], keys[2 &* second])
        {
          return true
        }
      }
      return false
    }
    // Open addressing with linear probing, at most half full.
    var capacity = 64
    while capacity < 2 &* memberCount { capacity &<<= 1 }
    table.count = 0
    table.reserve(capacity)
    table.base.initialize(repeating: 0, count: capacity)
    let mask = capacity &- 1
    for member in 0..<memberCount {
      var slot = Int(truncatingIfNeeded: prints[member] >> 32) & mask
      while table.base[slot] != 0 {
        let other = Int(table.base[slot]) &- 1
        if prints[other] == prints[member] && keysAreEqual(keys[2 &* other], keys[2 &* member]) {
          return true
        }
        slot = (slot &+ 1) & mask
      }
      table.base[slot] = UInt32(truncatingIfNeeded: member &+ 1)
    }
    return false
  }

  // MARK: - Scalars

  /// Reads the string (or key) whose opening quote is at ``index``; `nil` when the full reader
  /// would report anything in it.
  @inline(__always)
  mutating func readString(kind: ValueTree.Kind) -> Node? {
    let start = index
    var stop = plainASCIIRunEnd(from: start &+ 1)
    var flags = ValueTree.Flags.isASCII
    if stop < count && base[stop] >= 0x80 {
      flags = 0
      guard let end = UTF8Validation.plainTextEnd(in: bytes, from: stop) else { return nil }
      stop = end
    }
    guard stop < count else { return nil }
    if base[stop] == UInt8(ascii: "\"") {
      index = stop &+ 1
      return Node(kind: kind, start: start, end: index, flags: flags)
    }
    guard base[stop] == UInt8(ascii: "\\") else { return nil }
    return readEscapedString(kind: kind, start: start, escapeAt: stop, isASCII: flags != 0)
  }

  /// The rest of a string whose first escape is at `escape`: its content is decoded into
  /// ``text``, as the full reader decodes it (`readEscapedString`).
  @inline(never)
  mutating func readEscapedString(
    kind: ValueTree.Kind, start: Int, escapeAt escape: Int, isASCII: Bool
  ) -> Node? {
    let textStart = text.count
    var isASCII = isASCII
    text.append(contentsOf: base + (start &+ 1), count: escape &- start &- 1)
    var position = escape
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        index = position &+ 1
        return Node(
          kind: kind, start: start, end: index, first: UInt32(truncatingIfNeeded: textStart),
          count: UInt32(truncatingIfNeeded: text.count &- textStart),
          flags: ValueTree.Flags.inText | (isASCII ? ValueTree.Flags.isASCII : 0))
      }
      if byte == UInt8(ascii: "\\") {
        guard let next = decodeEscape(at: position, isASCII: &isASCII) else { return nil }
        position = next
        continue
      }
      if byte < 0x20 { return nil }
      let end: Int
      if byte >= 0x80 {
        isASCII = false
        guard let plainEnd = UTF8Validation.plainTextEnd(in: bytes, from: position) else {
          return nil
        }
        end = plainEnd
      } else {
        end = plainASCIIRunEnd(from: position &+ 1)
      }
      text.append(contentsOf: base + position, count: end &- position)
      position = end
    }
    return nil
  }

  /// Decodes the escape at `position` (its backslash) into ``text`` and returns the position
  /// after it; `nil` for an escape the full reader reports (`readEscape`).
  mutating func decodeEscape(at position: Int, isASCII: inout Bool) -> Int? {
    guard position &+ 1 < count else { return nil }
    let letter = base[position &+ 1]
    let decoded: UInt8
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = letter
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"):
      guard let unit = hexQuad(at: position &+ 2) else { return nil }
      var scalar = UInt32(unit)
      var end = position &+ 6
      if (0xD800...0xDBFF).contains(unit) {
        guard end &+ 1 < count, base[end] == UInt8(ascii: "\\"),
          base[end &+ 1] == UInt8(ascii: "u"),
          let low = hexQuad(at: end &+ 2), (0xDC00...0xDFFF).contains(low)
        else { return nil }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        end &+= 6
      } else if (0xDC00...0xDFFF).contains(unit) {
        return nil
      }
      appendUTF8(scalar, isASCII: &isASCII)
      return end
    default:
      return nil
    }
    text.append(decoded)
    return position &+ 2
  }

  /// Appends the UTF-8 bytes of the scalar `value`, which is no surrogate.
  mutating func appendUTF8(_ value: UInt32, isASCII: inout Bool) {
    if value >= 0x80 { isASCII = false }
    // Below 0x110000 and no surrogate, as `decodeEscape` makes it: always a scalar.
    guard let scalar = Unicode.Scalar(value) else { return }
    UTF8.encode(scalar) { text.append($0) }
  }

  /// The value of the four hexadecimal digits at `position`, or `nil`.
  func hexQuad(at position: Int) -> UInt16? {
    guard position &+ 4 <= count else { return nil }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = base[position &+ offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// Reads a number at ``index`` by the RFC 8259 grammar, as the full reader does: the longest
  /// prefix it reads, `nil` where it would report.
  @inline(__always)
  mutating func readNumber() -> Node? {
    let start = index
    var position = index
    if base[position] == UInt8(ascii: "-") { position &+= 1 }
    guard position < count, Self.isDigit(base[position]) else { return nil }
    if base[position] == UInt8(ascii: "0") {
      position &+= 1
      if position < count && Self.isDigit(base[position]) { return nil }
    } else {
      position = digitsEnd(from: position &+ 1)
    }
    if position < count && base[position] == UInt8(ascii: ".") {
      position &+= 1
      guard position < count, Self.isDigit(base[position]) else { return nil }
      position = digitsEnd(from: position &+ 1)
    }
    if position < count && base[position] | 0x20 == UInt8(ascii: "e") {
      position &+= 1
      if position < count
        && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-"))
      {
        position &+= 1
      }
      guard position < count, Self.isDigit(base[position]) else { return nil }
      position = digitsEnd(from: position &+ 1)
    }
    index = position
    return Node(kind: .number, start: start, end: position, flags: ValueTree.Flags.isASCII)
  }

  /// The position of the first byte from `start` that is not a digit.
  @inline(__always)
  func digitsEnd(from start: Int) -> Int {
    var position = start
    while position < count && Self.isDigit(base[position]) { position &+= 1 }
    return position
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// Reads the literal of `length` bytes at ``index`` whose first four are `word` (read
  /// little-endian), not followed by a letter, digit, `_` or `$` (which the full reader reads
  /// as part of a wrong word).
  @inline(__always)
  mutating func readLiteral(_ word: UInt32, length: Int) -> Bool {
    guard index &+ 4 <= count,
      UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) == word
    else { return false }
    let end = index &+ length
    if end < count {
      switch base[end] {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        return false
      default: break
      }
    }
    index = end
    return true
  }

  // MARK: - Bytes

  /// Moves ``index`` past JSON whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  mutating func skipWhitespace() {
    while index < count {
      let byte = base[index]
      // Bits 9, 10, 13 and 32.
      guard byte <= 0x20, (0x1_0000_2600 as UInt64) >> byte & 1 != 0 else { return }
      index &+= 1
    }
  }

  /// The end of the run of plain ASCII bytes from `start`
  /// (``ByteVector/plainASCIIRunEnd(_:count:from:)``).
  @inline(__always)
  func plainASCIIRunEnd(from start: Int) -> Int {
    ByteVector.plainASCIIRunEnd(base, count: count, from: start)
  }

  // MARK: - Storage

  /// A growable stack of plain values (with no references: they are never deinitialized) in
  /// storage of its own, freed with it.
  struct Stack<Element>: ~Copyable {
    /// The first value; valid up to ``count``.
    private(set) var base: UnsafeMutablePointer<Element>
    /// The number of values.
    var count = 0
    /// The number of values the storage holds.
    private var capacity: Int

    init(capacity: Int) {
      self.capacity = Swift.max(8, capacity)
      base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
      base.deallocate()
    }

    /// Pushes `element`.
    @inline(__always)
    mutating func append(_ element: Element) {
      if count == capacity { reserve(count &+ 1) }
      (base + count).initialize(to: element)
      count &+= 1
    }

    /// Pushes the `length` values at `start`.
    @inline(__always)
    mutating func append(contentsOf start: UnsafePointer<Element>, count length: Int) {
      if count &+ length > capacity { reserve(count &+ length) }
      (base + count).initialize(from: start, count: length)
      count &+= length
    }

    /// Makes room for `minimum` values in all.
    @inline(never)
    mutating func reserve(_ minimum: Int) {
      guard minimum > capacity else { return }
      var newCapacity = capacity &* 2
      while newCapacity < minimum { newCapacity &*= 2 }
      let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
      newBase.initialize(from: base, count: count)
      base.deallocate()
      base = newBase
      capacity = newCapacity
    }
  }
}
