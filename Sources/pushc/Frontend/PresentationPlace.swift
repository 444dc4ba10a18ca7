import PushDiagnostics

/// A place in presentation order (``Diagnostic/presentationOrder(_:_:)``): a file name (`""` for
/// no file) and a byte offset in it. A diagnostic sorts before a place when its own place is
/// less.
struct PresentationPlace: Comparable {
  /// The file name, `""` for none.
  var file: String
  /// The byte offset in the file.
  var offset: Int

  /// The place of `diagnostic`: a diagnostic without a range after every offset of its file.
  init(of diagnostic: Diagnostic) {
    self.init(file: diagnostic.file ?? "", offset: diagnostic.range?.start.offset ?? .max)
  }

  /// The place at `offset` in `file`.
  init(file: String, offset: Int) {
    self.file = file
    self.offset = offset
  }

  static func < (lhs: PresentationPlace, rhs: PresentationPlace) -> Bool {
    lhs.file != rhs.file ? lhs.file < rhs.file : lhs.offset < rhs.offset
  }
}
