public import PushDiagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds places where a YAML stream can be cut into parts of whole documents, reading the
/// bytes once, a chunk at a time, without parsing them.
///
/// A place to cut is the start of a line that is a document marker, `---` followed by a blank,
/// a line break or the end, when a document came before it. YAML forbids such a line inside
/// any scalar or collection, so it always starts a new document, and each document is read
/// on its own (anchors do not cross documents): reading the bytes before a place and the bytes
/// after it separately with ``YAMLReader`` finds the same documents as reading them together.
/// Directives (`%YAML`, `%TAG`) belong to the document after them, before its marker: once a
/// line starts with `%`, no later place is reported, so that no directive is parted from its
/// document.
///
/// ```swift
/// var splitter = YAMLDocumentSplitter()
/// let bytes = Array("topic: a\n---\ntopic: b\n".utf8)
/// bytes.withUnsafeBufferPointer { splitter.scan($0) }  // 9: the second document starts there
/// ```
public struct YAMLDocumentSplitter: Hashable, Sendable {
  /// Where the scan is in the current line.
  private enum LinePosition: Hashable, Sendable {
    /// At the first byte of a line.
    case start
    /// After `count` dashes at the start of a line.
    case dashes(count: Int)
    /// After blanks at the start of a line, before anything else.
    case indentation
    /// Past what decides the line: the rest of it does not matter.
    case rest
  }

  /// How many bytes have been scanned so far: offsets returned by ``scan(_:)`` count from the
  /// first byte of the first chunk.
  public private(set) var offset = 0
  private var position = LinePosition.start
  /// The offset of the current line's first byte.
  private var lineStart = 0
  /// Whether a document, or a marker, came before the current line.
  private var hasDocument = false
  /// Whether a line started with `%`: no place is reported after it.
  private var hasDirective = false

  /// Creates a splitter at the start of a stream.
  public init() {}

  /// The identifiers of the diagnostics after which ``YAMLReader`` reads no more of the stream
  /// (a syntax error, a limit): a reader of parts uses no later part after one of them, as
  /// reading the whole stream would stop there.
  public static let stoppingDiagnostics: Set<DiagnosticID> = [
    .yamlSyntaxError, .yamlTabIndentation, .yamlParserFailure, .yamlInvalidUTF8,
    .yamlControlCharacter, .yamlTooManyNodes, .yamlExpansionTooLarge, .yamlNestingTooDeep,
    .yamlUnsupportedEncoding,
  ]

  /// Reads the next `bytes` of the stream and returns the last place to cut that they reveal,
  /// as an offset from the start of the stream, or `nil` when they reveal none.
  ///
  /// A place is revealed by the byte after its marker's dashes, so the bytes before the
  /// returned offset hold only whole documents and the bytes after it start with a marker.
  @discardableResult
  public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    defer { offset += bytes.count }
    guard let base = bytes.baseAddress, !hasDirective else { return nil }
    var place: Int?
    var index = 0
    while index < bytes.count {
      if position == .rest {
        // The rest of a line decides nothing: on to the next line feed.
        guard let found = memchr(base + index, 0x0A, bytes.count - index) else { break }
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        position = .start
        continue
      }
      let byte = base[index]
      let isBlank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      let isLineBreak = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      switch position {
      case .start:
        lineStart = offset + index
        if byte == UInt8(ascii: "-") {
          position = .dashes(count: 1)
        } else if byte == UInt8(ascii: "%") {
          hasDirective = true
          return place
        } else if isBlank {
          position = .indentation
        } else if !isLineBreak {
          // A comment decides nothing; anything else is a document's content.
          if byte != UInt8(ascii: "#") { hasDocument = true }
          position = .rest
        }
      case .dashes(let count):
        if count < 3 && byte == UInt8(ascii: "-") {
          position = .dashes(count: count + 1)
        } else {
          if count == 3 && (isBlank || isLineBreak) {
            // A marker: it starts a document, after which the next marker is a place.
            if hasDocument { place = lineStart }
          }
          hasDocument = true
          position = isLineBreak ? .start : .rest
        }
      case .indentation:
        if isLineBreak {
          position = .start
        } else if !isBlank {
          if byte != UInt8(ascii: "#") { hasDocument = true }
          position = .rest
        }
      case .rest:
        break
      }
      index += 1
    }
    return place
  }
}
