/// What a column number counts on its line.
///
/// ``SourcePosition/column`` counts UTF-8 bytes, which is exact for tools that index bytes.
/// Editors and CI systems count characters instead: most count Unicode scalars, SARIF and the
/// JavaScript-based GitHub interface count UTF-16 code units. ``SourceColumns`` converts a
/// position's column into each unit; on a line of ASCII text all three are the same.
public enum ColumnUnit: String, Hashable, Sendable, CaseIterable {
  /// UTF-8 bytes, as ``SourcePosition/column`` counts them.
  case utf8Bytes
  /// Unicode scalars (code points): `한` and `😀` are one column each.
  case unicodeScalars
  /// UTF-16 code units: `한` is one, `😀` (outside the Basic Multilingual Plane) two.
  case utf16CodeUnits
}
