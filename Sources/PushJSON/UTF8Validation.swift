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

  /// The transitions of a DFA over UTF-8, indexed by `state | byte`, each state numbered by
  /// its row (`256 * index`), so that a step is one table read with no shift or multiply.
  /// State 0 accepts; ``deadState`` is the dead state, which no byte leaves. The sequences it
  /// accepts are those ``sequenceLength(in:at:limit:)`` accepts.
  private static let transitions = transitionTable(stoppingAtJSONSpecialBytes: false)

  /// The transitions of ``transitions`` that also stop at the bytes a JSON string cannot hold
  /// unescaped: ``stopState``, after a whole sequence.
  private static let plainTextTransitions = transitionTable(stoppingAtJSONSpecialBytes: true)

  /// The state from which no byte leads anywhere else: invalid UTF-8.
  private static let deadState = 8 << 8
  /// The state of ``plainTextTransitions`` at a `"`, `\\` or control character after a whole
  /// sequence, which no byte leaves either.
  private static let stopState = 9 << 8

  /// Builds the rows of the UTF-8 DFA, states numbered as ``deadState`` and ``stopState`` are:
  /// 0 accept, 1 one continuation to go, 2 two to go, 3 after E0, 4 after ED, 5 after F0, 6
  /// three to go, 7 after F4, 8 dead and, when `stops` is true, 9 stop, entered from the
  /// accepting state at a `"`, `\\` or control character.
  private static func transitionTable(stoppingAtJSONSpecialBytes stops: Bool) -> [UInt16] {
    (0..<((stops ? 10 : 9) * 256)).map { (entry: Int) -> UInt16 in
      let (state, byte) = (entry >> 8, entry & 0xFF)
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
      return UInt16(next << 8)
    }
  }

  /// Whether the bytes from `start` up to `end` are valid UTF-8 as a whole, by the same rules
  /// as ``sequenceLength(in:at:limit:)`` with `end` as the limit: a table-driven state machine,
  /// one table read a byte with no branch, four bytes a round.
  package static func isValid(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    guard start < end, let pointer = bytes.baseAddress else { return true }
    return transitions.withUnsafeBufferPointer { rows in
      guard let table = rows.baseAddress else { return false }
      var state = 0
      var position = start
      while position &+ 4 <= end {
        state = Int(table[state | Int(pointer[position])])
        state = Int(table[state | Int(pointer[position &+ 1])])
        state = Int(table[state | Int(pointer[position &+ 2])])
        state = Int(table[state | Int(pointer[position &+ 3])])
        position &+= 4
      }
      while position < end {
        state = Int(table[state | Int(pointer[position])])
        position &+= 1
      }
      return state == 0
    }
  }

  /// Where the text of a JSON string that starts at `start` stops being plain: the position of
  /// the first `"`, `\\` or control character that follows a whole sequence, or `bytes.count`
  /// when there is none; `nil` when the bytes before that position are not valid UTF-8 (by the
  /// rules of ``sequenceLength(in:at:limit:)``).
  ///
  /// One pass validates and finds the end, eight bytes a round, for strings that are not ASCII:
  /// a `"` inside a sequence makes the sequence invalid, so it never ends the text.
  package static func plainTextEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let pointer = bytes.baseAddress else { return start }
    let count = bytes.count
    return plainTextTransitions.withUnsafeBufferPointer { rows -> Int? in
      guard let table = rows.baseAddress else { return nil }
      var state = 0
      var position = start
      // The dead and stop states are the only ones from `deadState` up, and no byte leaves
      // them: one test a round finds either.
      while position &+ 8 <= count {
        let before = state
        state = Int(table[state | Int(pointer[position])])
        state = Int(table[state | Int(pointer[position &+ 1])])
        state = Int(table[state | Int(pointer[position &+ 2])])
        state = Int(table[state | Int(pointer[position &+ 3])])
        state = Int(table[state | Int(pointer[position &+ 4])])
        state = Int(table[state | Int(pointer[position &+ 5])])
        state = Int(table[state | Int(pointer[position &+ 6])])
        state = Int(table[state | Int(pointer[position &+ 7])])
        if state >= deadState {
          // Find the byte of the round that stopped it.
          state = before
          break
        }
        position &+= 8
      }
      while position < count {
        state = Int(table[state | Int(pointer[position])])
        if state >= deadState {
          return state == stopState ? position : nil
        }
        position &+= 1
      }
      return state == 0 ? count : nil
    }
  }

  /// ``plainTextEnd(in:from:)``, by the same rules (the first `"`, `\\` or control character
  /// after a whole sequence, `bytes.count` when there is none, `nil` for invalid UTF-8), eight
  /// bytes at a time for text of ASCII and two- and three-byte sequences (Hangul, most scripts
  /// but emoji), with no table: `start` must be where a sequence starts.
  ///
  /// A word with a stop is read with its bytes from the stop on as spaces, so that it ends the
  /// text there when the sequences before the stop are whole.
  ///
  /// Each word's bytes are classified at once (continuation, two-byte lead, three-byte lead, in
  /// the high bit of each byte, exactly, with no borrow between bytes); the word is valid when
  /// its continuation bytes are exactly those the leads before them call for, its other bytes
  /// ASCII and plain, and the second bytes after `E0` and `ED` in their narrower ranges. The
  /// leads of a word's last two bytes carry their expected continuations into the next word. A
  /// word that fails (a stop, a four-byte sequence, anything invalid) and the last bytes are
  /// read a sequence at a time with ``sequenceLength(in:at:limit:)`` from the start of the
  /// sequence they are in, which decides; then words resume.
  package static func wordwisePlainTextEnd(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return start }
    let count = bytes.count
    var position = start
    while true {
      // What the leads of the previous word call for in this one (``WordCheck``).
      var carried = WordCheck()
      // Two words a round while neither has a stop.
      while position &+ 16 <= count {
        let first = ByteWord.load(base, at: position)
        let second = ByteWord.load(base, at: position &+ 8)
        if ByteWord.needingEscape(in: first) | ByteWord.needingEscape(in: second) != 0 { break }
        if (first | second) & ByteWord.highBits == 0 && carried.expected == 0 {
          position &+= 16
          continue
        }
        let firstCheck = WordCheck(first, after: carried)
        let secondCheck = WordCheck(second, after: firstCheck)
        guard firstCheck.errors | secondCheck.errors == 0 else { break }
        carried = secondCheck
        position &+= 16
      }
      // Then one, which may have a stop.
      while position &+ 8 <= count {
        var word = ByteWord.load(base, at: position)
        // The lowest byte flagged is exact, and so is whether any is.
        let stops = ByteWord.needingEscape(in: word)
        var stopLane = 8
        if stops != 0 {
          // The bytes from the stop on read as spaces: the sequences before it must be whole.
          stopLane = stops.trailingZeroBitCount &>> 3
          let kept: UInt64 = (1 << (UInt64(truncatingIfNeeded: stopLane) << 3)) &- 1
          word = word & kept | 0x2020_2020_2020_2020 & ~kept
        }
        let check = WordCheck(word, after: carried)
        guard check.errors == 0 else { break }
        if stopLane < 8 { return position &+ stopLane }
        carried = check
        position &+= 8
      }
      // A sequence at a time from the start of the sequence `position` is in, past the word
      // that stopped the loops or to the end.
      if carried.expected != 0 {
        position &-= 1
        while base[position] & 0xC0 == 0x80 { position &-= 1 }
      }
      let resume = min(count, position &+ 9)
      while position < resume {
        let byte = base[position]
        if byte < 0x80 {
          if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return position
          }
          position &+= 1
        } else {
          let length = sequenceLength(in: bytes, at: position)
          if length == 0 { return nil }
          position &+= length
        }
      }
      if position >= count { return count }
    }
  }

  /// The check of one word of ``wordwisePlainTextEnd(in:from:)``: its bytes classified in
  /// their high bits (exactly, with no borrow from one byte to the next), the bytes that break
  /// the rules, and what its leads call for in the next word.
  struct WordCheck {
    /// The high bit of each byte that breaks the rules: a continuation byte no lead calls
    /// for, a lead's continuation that is not one, a byte from 0x80 that is neither (F0 and
    /// up, C0, C1), the byte after E0 below A0 or after ED above 9F. Zero for a valid word.
    var errors: UInt64 = 0
    /// The bytes of the next word that must be continuations.
    var expected: UInt64 = 0
    /// The bytes of the next word that follow E0 (and must be from A0).
    var afterE0: UInt64 = 0
    /// The bytes of the next word that follow ED (and must be up to 9F).
    var afterED: UInt64 = 0

    /// Nothing carried: the start of a sequence.
    init() {}

    /// Checks `word`, whose first bytes `previous` (the check of the word before) calls for.
    @inline(__always)
    init(_ word: UInt64, after previous: WordCheck) {
      let high = ByteWord.highBits
      let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let highBytes = word & high
      let shifted1 = word << 1
      let shifted2 = word << 2
      let continuation = highBytes & ~shifted1
      let lead = highBytes & shifted1
      let lead3 = lead & shifted2 & ~(word << 3)
      // 110xxxxx but not C0 or C1 (overlong): some of bits 1 to 4 set.
      let lead2 = lead & ~shifted2 & (((word & 0x1E1E_1E1E_1E1E_1E1E) &+ low7) & high)
      // Exact per-byte equality: a byte of `x` is zero exactly when this leaves its high bit.
      let e0Difference = word ^ 0xE0E0_E0E0_E0E0_E0E0
      let edDifference = word ^ 0xEDED_EDED_EDED_EDED
      let e0 = lead3 & ~(((e0Difference & low7) &+ low7) | e0Difference)
      let ed = lead3 & ~(((edDifference & low7) &+ low7) | edDifference)
      let leads = lead2 | lead3
      errors =
        (continuation ^ ((leads << 8) | (lead3 << 16) | previous.expected))
        | (highBytes ^ (continuation | leads))
        // The byte after E0 has bit 5 set (A0...BF), the one after ED has it clear (80...9F).
        | (((e0 << 8) | previous.afterE0) & ~shifted2 & high)
        | (((ed << 8) | previous.afterED) & shifted2 & high)
      expected = (leads >> 56) | (lead3 >> 48)
      afterE0 = e0 >> 56
      afterED = ed >> 56
    }
  }
}
