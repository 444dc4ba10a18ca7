extension FCM.AndroidConfig {
  /// The fields of an Android configuration that few messages set (the three delivery
  /// permissions), held in ``SeldomSetFields``, each `nil` until set.
  struct SeldomSetValues: PushPayload.SeldomSetValues {
    var directBootOK: Optional<Located<Bool>>
    var bandwidthConstrainedOK: Optional<Located<Bool>>
    var restrictedSatelliteOK: Optional<Located<Bool>>

    init() {
      directBootOK = nil
      bandwidthConstrainedOK = nil
      restrictedSatelliteOK = nil
    }
  }

  /// The box of ``SeldomSetValues``. See `OutOfLineBox`.
  final class SeldomSetBox: OutOfLineBox, @unchecked Sendable {
    @exclusivity(unchecked) var value: SeldomSetValues

    init(_ value: SeldomSetValues) {
      self.value = value
    }
  }
}
