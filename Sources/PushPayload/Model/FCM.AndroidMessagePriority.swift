extension FCM {
  /// The delivery priority of an Android message (`AndroidMessagePriority`).
  ///
  /// The REST enum names are `NORMAL` and `HIGH`; the Admin SDKs send the lower-case names,
  /// which FCM accepts too. pushc reads both and writes the lower-case names, as the SDKs do.
  public enum AndroidMessagePriority: String, Hashable, Sendable, CaseIterable {
    /// Delivery may be delayed to save battery. Wire value: `normal`.
    case normal
    /// Delivered immediately, waking the device. Wire value: `high`.
    case high
  }
}
