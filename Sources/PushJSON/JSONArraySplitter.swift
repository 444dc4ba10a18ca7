import PushDiagnostics

/// Finds places where a JSON text that is one array can be cut into parts of whole elements,
/// reading the bytes once, a chunk at a time, without building any value.
///
/// A place to cut is a comma between two elements of the top-level array that a line break
/// follows before the next element: `},⏎  {`. The comma's line can end one part and start the
/// next, so that each part holds whole lines: read with the comma taken as the array's `]` (in
/// the part before) or as `[` after blanks (in the part after), each part is an array of whole
/// elements, at the offsets, lines and columns they have in the input. Where every part reads
/// without a problem, the parts hold exactly the elements of the whole array (see
/// ``Place/elementIndex``).
///
/// With ``cutsInsideTheArrayLine``, a comma on the line the array starts on that the next
/// element follows on the same line is a place too (``Place/lineBreak`` `nil`): an array
/// written on one line, as `json.dumps` and `JSON.stringify` write one, has no other. Such a
/// place cuts the line itself; the parts around it hold the bytes on either side that excerpts
/// show. The array must start within the input's first ``maximumLeadingByteCount`` bytes (blank
/// lines, at most, come before it), which the parts after the first hold again for the
/// excerpts of the line above the array's.
///
/// The splitter checks the array's own syntax as it goes (one `[`, elements separated by one
/// comma, one `]`, blanks around them) and follows strings, escapes and nesting inside elements
/// only as far as cutting needs, as ``JSONSequenceSplitter`` does: what it does not check, the
/// reader of each part reports. Once the array's syntax is broken (a missing or doubled comma,
/// content after the array, or input that is not an array at all), no later place is
/// reported, so that what the reader finds there it finds with all of the broken part before
/// it.
///
/// ```swift
/// var splitter = JSONArraySplitter()
/// let bytes = Array("[\n{\"a\": 1},\n{\"b\": 2}\n]\n".utf8)
/// bytes.withUnsafeBufferPointer { splitter.scan($0) }  // offset 10 (the comma), element 1
/// ```
public struct JSONArraySplitter: Hashable, Sendable {
  /// A place to cut: the comma before an element that starts on a later line, or on the same
  /// line, the one the array starts on (with ``JSONArraySplitter/cutsInsideTheArrayLine``).
  public struct Place: Hashable, Sendable {
    /// The offset of the comma, from the start of the input.
    public var offset: Int
    /// The 0-based index in the array of the element after the comma.
    public var elementIndex: Int
    /// The offset of the first line break after the comma: only blanks come between them;
    /// `nil` when the next element starts on the comma's line, the array's first.
    public var lineBreak: Int?
  }

  /// Where the scan is in the input's syntax.
  private enum Position: Hashable, Sendable {
    /// Before the array's `[`: only blanks so far.
    case beforeArray
    /// After `[` or a comma: an element comes next (or `]`, after `[`).
    case beforeElement
    /// Inside an element: a container (``depth`` above 0), a string or a scalar.
    case inElement
    /// After an element: a comma or `]` comes next.
    case afterElement
    /// After the array's `]`.
    case afterArray
    /// The array's syntax is broken, or the input is not an array: nothing more is reported.
    case broken
  }

  /// How many bytes have been scanned so far: offsets in ``Place`` count from the first byte
  /// of the first chunk.
  public private(set) var offset = 0
  private var position = Position.beforeArray
  /// The nesting of brackets inside the current element.
  private var depth = 0
  private var isInString = false
  private var isEscaped = false
  /// How many elements have started.
  private var elementCount = 0
  /// The offset of the comma after the last element, while no element has followed it.
  private var comma: Int?
  /// The offset of the first line break after ``comma``.
  private var lineBreakAfterComma: Int?
  /// Whether a comma on the line the array starts on before an element on the same line is a
  /// place, when the array starts within the first ``maximumLeadingByteCount`` bytes.
  public let cutsInsideTheArrayLine: Bool
  /// How many bytes may come before the array's `[` for its line to be cut inside.
  public static let maximumLeadingByteCount = 4096
  /// The offset of the array's `[`, once it is scanned.
  private var arrayStart: Int?
  /// The offset of the first line break after the array's `[`, once one is scanned.
  private var arrayLineBreak: Int?
  /// How many bytes of a byte order mark the input starts with: 0, or 3 for a whole mark.
  private var byteOrderMarkCount = 0
  /// UTF-8's byte order mark.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Creates a splitter at the start of an input, which also cuts the line the array starts on
  /// at the commas in it when `cutsInsideTheArrayLine`.
  public init(cutsInsideTheArrayLine: Bool = false) {
    self.cutsInsideTheArrayLine = cutsInsideTheArrayLine
  }

  /// Whether the input read so far started as an array and its syntax, as far as the splitter
  /// checks it, is not broken.
  public var isArray: Bool {
    position != .beforeArray && position != .broken
  }

  /// Reads the next `bytes` of the input and returns the last place to cut that they reveal,
  /// or `nil` when they reveal none.
  ///
  /// A place is revealed by the first byte of the element after its comma, so the bytes up to
  /// and with the comma hold only whole elements, and the bytes from the comma on start with
  /// an element.
  @discardableResult
  public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Place? {
    defer { offset += bytes.count }
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    if arrayStart != nil {
      // Line breaks inside elements are stepped over below: the first after the array's `[`
      // is looked for here (and where the `[` is), until it is found.
      lookForArrayLineBreak(in: base, from: 0, to: count)
    }
    var place: Place?
    var index = 0
    while index < count && position != .broken {
      if position == .inElement {
        index = skipElement(in: base, from: index, to: count)
        continue
      }
      let byte = base[index]
      let byteOffset = offset + index
      index += 1
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        continue
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if comma != nil && lineBreakAfterComma == nil { lineBreakAfterComma = offset + index - 1 }
        continue
      }
      switch position {
      case .beforeArray:
        // A byte order mark at the start of the input (which the reader of the first part
        // reports) is stepped over, as the reader steps over it; part of one is no array.
        if byteOffset == byteOrderMarkCount, byteOffset < Self.byteOrderMark.count,
          byte == Self.byteOrderMark[byteOffset]
        {
          byteOrderMarkCount += 1
          continue
        }
        let isWholeMark = byteOrderMarkCount == 0 || byteOrderMarkCount == Self.byteOrderMark.count
        position = byte == UInt8(ascii: "[") && isWholeMark ? .beforeElement : .broken
        if position == .beforeElement && cutsInsideTheArrayLine {
          arrayStart = byteOffset
          lookForArrayLineBreak(in: base, from: index, to: count)
        }
      case .beforeElement:
        if byte == UInt8(ascii: "]") {
          // `[]`, or a trailing comma, which the reader judges.
          position = .afterArray
        } else if byte == UInt8(ascii: ",") {
          position = .broken
        } else {
          if let comma, let lineBreak = lineBreakAfterComma {
            place = Place(offset: comma, elementIndex: elementCount, lineBreak: lineBreak)
          } else if let comma, let arrayStart, arrayStart < Self.maximumLeadingByteCount,
            arrayLineBreak.map({ comma < $0 }) ?? true
          {
            place = Place(offset: comma, elementIndex: elementCount, lineBreak: nil)
          }
          comma = nil
          startElement(with: byte)
        }
      case .afterElement:
        if byte == UInt8(ascii: ",") {
          comma = byteOffset
          lineBreakAfterComma = nil
          position = .beforeElement
        } else {
          position = byte == UInt8(ascii: "]") ? .afterArray : .broken
        }
      case .afterArray, .inElement, .broken:
        // Content after the array: the reader reports it.
        position = .broken
      }
    }
    return place
  }

  /// Records the first line break from `start` up to `end` in `base`, the bytes being scanned,
  /// as ``arrayLineBreak``, while none is recorded.
  private mutating func lookForArrayLineBreak(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) {
    guard arrayLineBreak == nil else { return }
    let found = LineTable.firstLineBreak(in: base, from: start, to: end)
    if found < end { arrayLineBreak = offset + found }
  }

  /// Starts the element whose first byte is `byte`, just read.
  private mutating func startElement(with byte: UInt8) {
    elementCount += 1
    position = .inElement
    depth = 0
    isInString = false
    isEscaped = false
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1
    case UInt8(ascii: "\""): isInString = true
    default: break  // A scalar: it ends at the first byte that cannot be in one.
    }
  }

  /// Reads on inside the current element from `index`, and returns where reading stopped:
  /// after the element (``position`` is then ``Position/afterElement``) or at `end`.
  private mutating func skipElement(
    in base: UnsafePointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var index = start
    while index < end {
      if isInString {
        guard
          JSONSequenceSplitter.stringEnd(in: base, from: &index, to: end, isEscaped: &isEscaped)
            != nil
        else { return end }
        isInString = false
        if depth == 0 {
          position = .afterElement
          return index
        }
        continue
      }
      if depth == 0 {
        // A scalar: letters, digits, signs and points, up to the first other byte.
        let byte = base[index]
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: " ")
          || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
          || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
          || byte == UInt8(ascii: "}")
        {
          position = .afterElement
          return index
        }
        index += 1
        continue
      }
      index = JSONSequenceSplitter.firstStructuralByte(in: base, from: index, to: end)
      guard index < end else { return end }
      let byte = base[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        if JSONSequenceSplitter.skipStrings(in: base, from: &index, to: end) { continue }
        // An escape, a line feed or the end of the bytes: read on a byte at a time.
        isInString = true
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else {
        depth -= 1  // `}` or `]`
        if depth == 0 {
          position = .afterElement
          return index
        }
      }
    }
    return end
  }
}
