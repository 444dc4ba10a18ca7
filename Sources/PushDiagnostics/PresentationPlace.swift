/// A place in presentation order (``Diagnostic/presentationOrder(_:_:)``, whose first two keys it
/// is): a file name (`""` for no file) and a byte offset in it. A diagnostic sorts before a place
/// when its own place is less.
package struct PresentationPlace: Comparable {
  /// The file name, `""` for none.
  package var file: String
  /// The byte offset in the file.
  package var offset: Int

  /// The place of `diagnostic`: a diagnostic without a range after every offset of its file.
  package init(of diagnostic: Diagnostic) {
    self.init(file: diagnostic.file ?? "", offset: diagnostic.range?.start.offset ?? .max)
  }

  /// The place at `offset` in `file`.
  package init(file: String, offset: Int) {
    self.file = file
    self.offset = offset
  }

  package static func < (lhs: PresentationPlace, rhs: PresentationPlace) -> Bool {
    lhs.file != rhs.file ? lhs.file < rhs.file : lhs.offset < rhs.offset
  }
}
