/// Tells which `data` keys the checks of a lowered payload read as its own top-level keys:
/// `aps`, `mdm`, `fcm_options`, and the spellings of the distinctive `aps` keys
/// (``APNSAPSRules/distinctiveAPSKey(normalizedLike:)``), which ``APNSAPSRules`` reports when
/// written beside `aps`.
///
/// It holds the lookup tables, read once from their statics by whoever classifies many keys
/// (each read of a static checks its initialisation).
struct DataKeyClassifier {
  private let table = APNSAPSRules.distinctiveAPSKeysByLength
  private let ends = APNSAPSRules.distinctiveAPSKeyEnds
  private let minimumLength = APNSAPSRules.minimumDistinctiveAPSKeyLength

  /// Whether a check of the lowered payload reads the key whose UTF-8 bytes are `key` as a
  /// top-level key of the payload.
  @inline(__always)
  func isCheckedAtTopLevel(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = key.count
    if length == 3 && (key.isSpelled("aps") || key.isSpelled("mdm")) { return true }
    if length == 11 && key.isSpelled("fcm_options") { return true }
    // Nearly every key is ruled out by its ends, tested here before the call.
    return length >= minimumLength && !APNSAPSRules.isRuledOutByEnds(key, ends: ends)
      && APNSAPSRules.distinctiveAPSKey(normalizedLikeUTF8: key, table: table, ends: ends) != nil
  }
}
