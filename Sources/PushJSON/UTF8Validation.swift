/// Strict UTF-8 validation of one sequence, shared by every reader that points at the first
/// invalid byte (JSON, YAML, captures).
package enum UTF8Validation {
  /// The length of the valid UTF-8 sequence starting at `position` and ending before `limit`
  /// (the end of `bytes` when `nil`): 1 for ASCII, 2 to 4 otherwise, or 0 when the sequence is
  /// invalid — a stray continuation byte, an overlong form, an encoded surrogate, a value above
  /// U+10FFFF or a truncated sequence.
  package static func sequenceLength(
    in bytes: UnsafeBufferPointer<UInt8>,
    at position: Int,
    limit: Int? = nil
  ) -> Int {
    let lead = bytes[position]
    if lead < 0x80 { return 1 }
    let length: Int
    var lowerBound: UInt8 = 0x80
    var upperBound: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lowerBound = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upperBound = 0x9F
    case 0xF0:
      length = 4
      lowerBound = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upperBound = 0x8F
    default: return 0
    }
    guard position + length <= (limit ?? bytes.count) else { return 0 }
    let second = bytes[position + 1]
    guard second >= lowerBound && second <= upperBound else { return 0 }
    for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
      return 0
    }
    return length
  }

  /// The transitions of a DFA over UTF-8 as one row of shifts a byte: state `s` is the number
  /// `6 * s`, and bits `6 * s` to `6 * s + 5` of `rows[byte]` hold the state it goes to, so that
  /// a step is `state = rows[byte] &>> state`. The shift reads only the low six bits of
  /// `state` (the bits above them, left from the row, are never masked off on the way), and
  /// the row is read before the state is known: a step waits for one shift, where a table
  /// indexed by state and byte waits for a memory read every byte, five times as long.
  /// State 0 accepts; ``deadState`` is the dead state, which no byte leaves. The sequences it
  /// accepts are those ``sequenceLength(in:at:limit:)`` accepts.
  private static let transitions = shiftRows(stoppingAtJSONSpecialBytes: false)

  /// The transitions of ``transitions`` that also stop at the bytes a JSON string cannot hold
  /// unescaped: ``stopState``, after a whole sequence.
  ///
  /// In memory of their own, made once and never changed or freed: read through an array,
  /// every string paid for a closure call (`withUnsafeBufferPointer`) besides the lookups.
  nonisolated(unsafe) private static let plainTextTransitions: UnsafePointer<UInt64> = {
    let rows = shiftRows(stoppingAtJSONSpecialBytes: true)
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: rows.count)
    table.initialize(from: rows, count: rows.count)
    return UnsafePointer(table)
  }()

  /// The state from which no byte leads anywhere else: invalid UTF-8.
  private static let deadState: UInt64 = 8 * 6
  /// The state of ``plainTextTransitions`` at a `"`, `\\` or control character after a whole
  /// sequence, which no byte leaves either.
  private static let stopState: UInt64 = 9 * 6

  /// The six bits of a state (``transitions``), without the bits above them.
  @inline(__always)
  private static func stateBits(_ state: UInt64) -> UInt64 { state & 63 }

  /// Builds the rows of the UTF-8 DFA, states numbered as ``deadState`` and ``stopState`` are:
  /// 0 accept, 1 one continuation to go, 2 two to go, 3 after E0, 4 after ED, 5 after F0, 6
  /// three to go, 7 after F4, 8 dead and, when `stops` is true, 9 stop, entered from the
  /// accepting state at a `"`, `\\` or control character. Ten states of six bits fill 60 of
  /// a row's 64.
  private static func shiftRows(stoppingAtJSONSpecialBytes stops: Bool) -> [UInt64] {
    (0..<256).map { (byte: Int) -> UInt64 in
      var row: UInt64 = 0
      for state in 0..<(stops ? 10 : 9) {
        let next: Int =
          switch (state, byte) {
          case (8, _): 8
          case (9, _): 9
          case (0, _) where stops && (byte < 0x20 || byte == 0x22 || byte == 0x5C): 9
          case (0, 0x00...0x7F): 0
          case (0, 0xC2...0xDF): 1
          case (0, 0xE0): 3
          case (0, 0xE1...0xEC), (0, 0xEE...0xEF): 2
          case (0, 0xED): 4
          case (0, 0xF0): 5
          case (0, 0xF1...0xF3): 6
          case (0, 0xF4): 7
          case (1, 0x80...0xBF): 0
          case (2, 0x80...0xBF): 1
          case (3, 0xA0...0xBF): 1
          case (4, 0x80...0x9F): 1
          case (5, 0x90...0xBF): 2
          case (6, 0x80...0xBF): 2
          case (7, 0x80...0x8F): 2
          default: 8
          }
        row |= UInt64(next * 6) << UInt64(state * 6)
      }
      return row
    }
  }

  /// Whether the bytes from `start` up to `end` are valid UTF-8 as a whole, by the same rules
  /// as ``sequenceLength(in:at:limit:)`` with `end` as the limit: a state machine of shifts
  /// (``transitions``), one row read and one shift a byte with no branch, four bytes a round.
  package static func isValid(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    guard start < end, let pointer = bytes.baseAddress else { return true }
    return transitions.withUnsafeBufferPointer { rows in
      guard let table = rows.baseAddress else { return false }
      var state: UInt64 = 0
      var position = start
      while position &+ 4 <= end {
        state = table[Int(pointer[position])] &>> state
        state = table[Int(pointer[position &+ 1])] &>> state
        state = table[Int(pointer[position &+ 2])] &>> state
        state = table[Int(pointer[position &+ 3])] &>> state
        position &+= 4
      }
      while position < end {
        state = table[Int(pointer[position])] &>> state
        position &+= 1
      }
      return stateBits(state) == 0
    }
  }

  /// Where the text of a JSON string that starts at `start` stops being plain: the position of
  /// the first `"`, `\\` or control character that follows a whole sequence, or `bytes.count`
  /// when there is none; `nil` when the bytes before that position are not valid UTF-8 (by the
  /// rules of ``sequenceLength(in:at:limit:)``).
  ///
  /// Sixteen bytes at a time while they are plain (``PlainTextBlock``): ASCII, two-byte
  /// sequences and three-byte ones such as Hangul, each checked against the bytes before it;
  /// a block whose first unusual byte ends the text ends it there. The state machine
  /// (``plainTextTransitions``) takes the last fifteen bytes or fewer, a text that starts in
  /// the first two bytes of the input, and a block with a sequence the blocks leave to it
  /// (invalid, four bytes long, or with a lead of `E0`), from the start of the sequence the
  /// last plain block ended in; eight bytes a round, for strings that are not ASCII: a `"`
  /// inside a sequence makes the sequence invalid, so it never ends the text.
  @inline(never)
  package static func plainTextEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let pointer = bytes.baseAddress else { return start }
    let count = bytes.count
    let table = plainTextTransitions
    var state: UInt64 = 0
    var position = start
    // The blocks read the two bytes before them, which the first block, at `start`, reads
    // without their calling for continuations in it: the text starts a sequence there.
    if start >= 2 && start &+ ByteVector.width <= count {
      var block = PlainTextBlock(pointer, at: start, startingText: true)
      while block.isPlain {
        position &+= ByteVector.width
        guard position &+ ByteVector.width <= count else { break }
        block = PlainTextBlock(pointer, at: position, startingText: false)
      }
      if !block.isPlain, let end = block.textEnd { return position &+ end }
      // Back to the start of a sequence the last plain block ended inside of: its lead,
      // with one or two of its bytes in the block, is where the state machine starts.
      if position > start {
        if pointer[position &- 1] >= 0xC0 {
          position &-= 1
        } else if pointer[position &- 2] >= 0xE0 {
          position &-= 2
        }
      }
    }
    // The dead and stop states are the only ones from `deadState` up, and no byte leaves
    // them: one test a round finds either.
    while position &+ 8 <= count {
      let before = state
      state = table[Int(pointer[position])] &>> state
      state = table[Int(pointer[position &+ 1])] &>> state
      state = table[Int(pointer[position &+ 2])] &>> state
      state = table[Int(pointer[position &+ 3])] &>> state
      state = table[Int(pointer[position &+ 4])] &>> state
      state = table[Int(pointer[position &+ 5])] &>> state
      state = table[Int(pointer[position &+ 6])] &>> state
      state = table[Int(pointer[position &+ 7])] &>> state
      if stateBits(state) >= deadState {
        // Find the byte of the round that stopped it.
        state = before
        break
      }
      position &+= 8
    }
    while position < count {
      state = table[Int(pointer[position])] &>> state
      if stateBits(state) >= deadState {
        return stateBits(state) == stopState ? position : nil
      }
      position &+= 1
    }
    return stateBits(state) == 0 ? count : nil
  }
}
