public import PushDiagnostics
public import PushJSON

/// The document ``DiagnosticJSONRenderer`` writes, written a piece at a time: each diagnostic as
/// it comes (the first after the document's opening), and its end, where members may follow
/// `diagnostics` (`pushc lint` adds its `summary` there).
///
/// The pieces, joined, are the bytes ``DiagnosticJSONRenderer/bytes(for:)`` writes for the same
/// diagnostics (with the members after `diagnostics` added to its document): a report of any
/// length is written holding one diagnostic at a time.
///
/// ```swift
/// var stream = DiagnosticJSONStream(renderer: DiagnosticJSONRenderer())
/// var output: [UInt8] = []
/// for diagnostic in diagnostics { stream.write(diagnostic, into: &output) }
/// stream.close(into: &output)
/// ```
public struct DiagnosticJSONStream: Sendable {
  /// The renderer whose document is written.
  public let renderer: DiagnosticJSONRenderer
  /// How many diagnostics were written.
  public private(set) var count = 0
  /// Whether the document's opening was written.
  private var isOpen = false

  /// The writer, in the renderer's style.
  private var writer: CanonicalJSONWriter { CanonicalJSONWriter(style: renderer.style) }

  /// A stream of `renderer`'s document that has written nothing yet.
  public init(renderer: DiagnosticJSONRenderer) {
    self.renderer = renderer
  }

  /// Appends the bytes of `diagnostic`, the next element of `diagnostics`, to `output`, after
  /// the document's opening for the first.
  public mutating func write(_ diagnostic: Diagnostic, into output: inout [UInt8]) {
    open(into: &output)
    if count > 0 { output.append(UInt8(ascii: ",")) }
    writer.appendLineBreak(depth: 2, to: &output)
    DiagnosticJSONElementWriter(writer: writer).write(diagnostic, depth: 2, into: &output)
    count += 1
  }

  /// Appends the bytes that end the document (after its opening, when nothing was written):
  /// the closing bracket of `diagnostics`, then `members` in order, the closing brace and a
  /// newline.
  public mutating func close(
    appending members: [(key: String, value: ValueNode)] = [], into output: inout [UInt8]
  ) {
    open(into: &output)
    if count > 0 { writer.appendLineBreak(depth: 1, to: &output) }
    output.append(UInt8(ascii: "]"))
    for member in members {
      output.append(UInt8(ascii: ","))
      writer.appendMemberKey(member.key, depth: 0, to: &output)
      writer.write(member.value, depth: 1, into: &output)
    }
    writer.appendLineBreak(depth: 0, to: &output)
    output.append(UInt8(ascii: "}"))
    output.append(UInt8(ascii: "\n"))
  }

  /// Appends, the first time, the document up to its first diagnostic: its opening brace, the
  /// members before `diagnostics`, and the opening bracket of `diagnostics`.
  private mutating func open(into output: inout [UInt8]) {
    guard !isOpen else { return }
    isOpen = true
    output.append(UInt8(ascii: "{"))
    writer.appendLeadingMembers(renderer.leadingMembers, depth: 0, to: &output)
    writer.appendMemberKey("diagnostics", depth: 0, to: &output)
    output.append(UInt8(ascii: "["))
  }
}
