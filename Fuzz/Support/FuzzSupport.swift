import PushDiagnostics
import PushJSON
import PushYAML

#if canImport(Glibc)
import Glibc
#endif

/// What every harness shares: turning libFuzzer's bytes into a file, and the properties checked
/// beyond "no crash". A failed property prints what failed and aborts, which libFuzzer reports
/// as a crash with the input that caused it.
enum FuzzSupport {
  /// The input as a file named `name`.
  static func file(_ data: UnsafePointer<UInt8>?, _ size: Int, name: String) -> SourceFile {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    return SourceFile(name: name, bytes: bytes)
  }

  /// Aborts with `message` when `condition` is false.
  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    let text = Array("property failed: \(message())\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
  }

  /// Every diagnostic, note and fix-it about `file` has a range inside it.
  static func checkPositions(_ diagnostics: [Diagnostic], in file: SourceFile) {
    let count = file.bytes.count
    func check(_ range: SourceRange?, _ what: String, of diagnostic: Diagnostic) {
      guard let range else { return }
      require(
        range.start.offset >= 0 && range.start.offset <= range.end.offset
          && range.end.offset <= count && range.start.line >= 1 && range.start.column >= 1,
        "\(what) of \(diagnostic.id) at \(range.start.offset)..<\(range.end.offset) is outside "
          + "the \(count)-byte input")
    }
    for diagnostic in diagnostics where diagnostic.file == nil || diagnostic.file == file.name {
      check(diagnostic.range, "range", of: diagnostic)
      for note in diagnostic.notes where note.file == nil || note.file == file.name {
        check(note.range, "note", of: diagnostic)
      }
      for fixIt in diagnostic.fixIts {
        for edit in fixIt.edits { check(edit.range, "fix-it", of: diagnostic) }
      }
    }
  }

  /// `fmt`'s properties on a read without errors: the canonical text of each document reads
  /// back without errors to the same canonical text (so the tree is the same and formatting is
  /// idempotent), compact and pretty.
  static func checkCanonicalRoundTrip(_ parsed: ParsedSource) {
    guard !parsed.hasErrors else { return }
    for style in [CanonicalJSONWriter.Style.compact, .pretty] {
      let writer = CanonicalJSONWriter(style: style)
      for document in parsed.documents {
        let canonical = writer.bytes(for: document)
        let reread = JSONReader.read(SourceFile(name: "canonical.json", bytes: canonical))
        require(
          !reread.hasErrors && reread.documents.count == 1,
          "canonical output does not read back: \(reread.diagnostics.map(\.message))")
        guard let again = reread.documents.first else { return }
        require(writer.bytes(for: again) == canonical, "formatting is not idempotent")
      }
    }
  }
}

extension FuzzSupport {
  /// Reads the input as JSON when it starts like JSON (after blanks), as YAML otherwise, as
  /// `pushc` does for standard input.
  static func read(_ file: SourceFile) -> ParsedSource {
    startsLikeJSON(file) ? JSONReader.read(file) : YAMLReader.read(file)
  }

  /// Whether the input starts like JSON after blanks, or is blank.
  static func startsLikeJSON(_ file: SourceFile) -> Bool {
    let first = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == nil
  }
}
