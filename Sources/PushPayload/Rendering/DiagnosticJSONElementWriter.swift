import PushDiagnostics
import PushJSON

/// Writes the element of ``DiagnosticJSONRenderer``'s `diagnostics` array for one diagnostic
/// straight to bytes: the bytes `CanonicalJSONWriter` writes for
/// ``DiagnosticJSONRenderer/node(for:)``, which stays the shape's definition (and the tests'
/// reference), without building that tree.
///
/// ``DiagnosticJSONStream`` writes a report with it, one diagnostic at a time: building each
/// diagnostic's tree, writing it and tearing it down cost about 35,000 instructions, most of
/// `pushc lint --format json`'s time on an input with a finding in every message.
struct DiagnosticJSONElementWriter {
  /// The writer whose layout the bytes follow.
  let writer: CanonicalJSONWriter

  /// Appends the element for `diagnostic`, an object `depth` containers deep.
  func write(_ diagnostic: Diagnostic, depth: Int, into output: inout [UInt8]) {
    var object = ObjectBytes(writer: writer, depth: depth)
    object.string("id", diagnostic.id.rawValue, into: &output)
    object.string("severity", diagnostic.severity.rawValue, into: &output)
    object.string("message", diagnostic.message, into: &output)
    object.string("file", diagnostic.file, into: &output)
    object.position(diagnostic.range, into: &output)
    object.string("pointer", diagnostic.pointer?.description, into: &output)
    object.array("notes", diagnostic.notes, into: &output) { note, depth, output in
      write(note, depth: depth, into: &output)
    }
    object.array("fixIts", diagnostic.fixIts, into: &output) { fixIt, depth, output in
      write(fixIt, depth: depth, into: &output)
    }
    if !diagnostic.properties.isEmpty {
      for (key, value) in diagnostic.properties.sorted(by: { $0.key < $1.key })
      where !DiagnosticJSONRenderer.standardKeys.contains(key) {
        object.string(key, value, into: &output)
      }
    }
    object.close(into: &output)
  }

  private func write(_ note: Diagnostic.Note, depth: Int, into output: inout [UInt8]) {
    var object = ObjectBytes(writer: writer, depth: depth)
    object.string("message", note.message, into: &output)
    object.string("file", note.file, into: &output)
    object.position(note.range, into: &output)
    object.string("pointer", note.pointer?.description, into: &output)
    object.close(into: &output)
  }

  private func write(_ fixIt: Diagnostic.FixIt, depth: Int, into output: inout [UInt8]) {
    var object = ObjectBytes(writer: writer, depth: depth)
    object.string("message", fixIt.message, into: &output)
    object.array("edits", fixIt.edits, into: &output) { edit, depth, output in
      var object = ObjectBytes(writer: writer, depth: depth)
      object.position(edit.range, into: &output)
      object.string("replacement", edit.replacement, into: &output)
      object.close(into: &output)
    }
    object.close(into: &output)
  }

  /// The members of one object `depth` containers deep, written as they come, with the
  /// separators and line breaks `CanonicalJSONWriter` writes between them.
  private struct ObjectBytes {
    let writer: CanonicalJSONWriter
    let depth: Int
    private var memberCount = 0

    init(writer: CanonicalJSONWriter, depth: Int) {
      self.writer = writer
      self.depth = depth
    }

    /// Appends what comes before the value of the member `key`.
    private mutating func key(_ key: String, into output: inout [UInt8]) {
      output.append(memberCount == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
      writer.appendMemberKey(key, depth: depth, to: &output)
      memberCount += 1
    }

    /// Appends the member `key` whose value is `value` as a string, or `null`.
    mutating func string(_ key: String, _ value: String?, into output: inout [UInt8]) {
      self.key(key, into: &output)
      if let value {
        CanonicalJSONWriter.writeString(value, into: &output)
      } else {
        output.append(contentsOf: "null".utf8)
      }
    }

    /// Appends the member `key` whose value is `value` as a number, or `null`.
    mutating func number(_ key: String, _ value: Int?, into output: inout [UInt8]) {
      self.key(key, into: &output)
      guard let value else {
        output.append(contentsOf: "null".utf8)
        return
      }
      DecimalDigits.append(value, to: &output)
    }

    /// Appends the six members that place `range`, each `null` without one.
    mutating func position(_ range: SourceRange?, into output: inout [UInt8]) {
      number("line", range?.start.line, into: &output)
      number("column", range?.start.column, into: &output)
      number("endLine", range?.end.line, into: &output)
      number("endColumn", range?.end.column, into: &output)
      number("offset", range?.start.offset, into: &output)
      number("endOffset", range?.end.offset, into: &output)
    }

    /// Appends the member `key` whose value is an array of `elements`, each written by
    /// `element` one container deeper than the array.
    mutating func array<Element>(
      _ key: String, _ elements: [Element], into output: inout [UInt8],
      _ element: (Element, _ depth: Int, _ output: inout [UInt8]) -> Void
    ) {
      self.key(key, into: &output)
      output.append(UInt8(ascii: "["))
      guard !elements.isEmpty else {
        output.append(UInt8(ascii: "]"))
        return
      }
      for index in elements.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writer.appendLineBreak(depth: depth + 2, to: &output)
        element(elements[index], depth + 2, &output)
      }
      writer.appendLineBreak(depth: depth + 1, to: &output)
      output.append(UInt8(ascii: "]"))
    }

    /// Appends the end of the object: `{}` for one without members.
    func close(into output: inout [UInt8]) {
      guard memberCount > 0 else {
        output.append(contentsOf: "{}".utf8)
        return
      }
      writer.appendLineBreak(depth: depth, to: &output)
      output.append(UInt8(ascii: "}"))
    }
  }
}
