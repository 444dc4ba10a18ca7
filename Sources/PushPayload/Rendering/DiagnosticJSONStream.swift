public import PushDiagnostics
public import PushJSON

/// The document ``DiagnosticJSONRenderer`` writes, written a piece at a time: its opening, each
/// diagnostic as it comes, and its end, where members may follow `diagnostics` (`pushc lint`
/// adds its `summary` there).
///
/// The pieces, joined, are the bytes ``DiagnosticJSONRenderer/bytes(for:)`` writes for the same
/// diagnostics (with the members after `diagnostics` added to its document): a report of any
/// length is written holding one diagnostic at a time.
///
/// ```swift
/// var stream = DiagnosticJSONStream(renderer: DiagnosticJSONRenderer())
/// var output = stream.opening()
/// for diagnostic in diagnostics { stream.write(diagnostic, into: &output) }
/// output += stream.closing()
/// ```
public struct DiagnosticJSONStream: Sendable {
  /// The renderer whose document is written.
  public let renderer: DiagnosticJSONRenderer
  /// How many diagnostics were written.
  public private(set) var count = 0

  /// The writer, in the renderer's style.
  private var writer: CanonicalJSONWriter { CanonicalJSONWriter(style: renderer.style) }

  /// A stream of `renderer`'s document that has written nothing yet.
  public init(renderer: DiagnosticJSONRenderer) {
    self.renderer = renderer
  }

  /// The bytes of the document up to the first diagnostic: its opening brace, the members
  /// before `diagnostics`, and the opening bracket of `diagnostics`.
  public func opening() -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "{")]
    for (key, value) in renderer.leadingMembers {
      appendKey(key, to: &output)
      writer.write(value, depth: 1, into: &output)
      output.append(UInt8(ascii: ","))
    }
    appendKey("diagnostics", to: &output)
    output.append(UInt8(ascii: "["))
    return output
  }

  /// Appends the bytes of `diagnostic`, the next element of `diagnostics`, to `output`.
  public mutating func write(_ diagnostic: Diagnostic, into output: inout [UInt8]) {
    if count > 0 { output.append(UInt8(ascii: ",")) }
    writer.appendLineBreak(depth: 2, to: &output)
    writer.write(DiagnosticJSONRenderer.node(for: diagnostic), depth: 2, into: &output)
    count += 1
  }

  /// The bytes that end the document: the closing bracket of `diagnostics`, then `members`
  /// in order, the closing brace and a newline.
  public func closing(appending members: [(key: String, value: ValueNode)] = []) -> [UInt8] {
    var output: [UInt8] = []
    if count > 0 { writer.appendLineBreak(depth: 1, to: &output) }
    output.append(UInt8(ascii: "]"))
    for member in members {
      output.append(UInt8(ascii: ","))
      appendKey(member.key, to: &output)
      writer.write(member.value, depth: 1, into: &output)
    }
    writer.appendLineBreak(depth: 0, to: &output)
    output.append(UInt8(ascii: "}"))
    output.append(UInt8(ascii: "\n"))
    return output
  }

  /// Appends a member's line break, its key and the colon after it (and a space, in pretty
  /// output), as the writer writes them inside the document's object.
  private func appendKey(_ key: String, to output: inout [UInt8]) {
    writer.appendLineBreak(depth: 1, to: &output)
    writer.write(ValueNode(.string(key)), depth: 1, into: &output)
    output.append(UInt8(ascii: ":"))
    if renderer.style != .compact { output.append(UInt8(ascii: " ")) }
  }
}
