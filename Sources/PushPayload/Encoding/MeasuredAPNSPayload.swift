package import PushJSON

/// `apns.payload` as the measuring encoder leaves it for lowering: the Admin SDKs'
/// normalisation of it, or `apns.payload` itself when the normalisation would change only its
/// positions and source texts (``FCMRequestEncoder/FreeForm/isSentAsWritten(_:)``), so that no
/// copy is built for nearly every message.
package struct MeasuredAPNSPayload: Sendable {
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every message measured.
  /// What lowering takes as the normalised payload, which it compares with `apns.payload`
  /// anyway: the normalisation, or `apns.payload` as written (``isAsWritten``); `nil` when the
  /// message has none or it was emptied.
  package var forLowering: Optional<ValueNode>
  /// Whether ``forLowering`` is `apns.payload` as written.
  package var isAsWritten: Bool

  /// A payload measured as `forLowering`, as written or normalised.
  package init(forLowering: ValueNode? = nil, isAsWritten: Bool = false) {
    self.forLowering = forLowering
    self.isAsWritten = isAsWritten
  }

  /// The normalised payload (without source positions), built when read for a payload kept
  /// as written; setting it stores a normalised payload.
  package var normalized: ValueNode? {
    get { isAsWritten ? forLowering.map(FCMRequestEncoder.FreeForm.payload) : forLowering }
    set {
      forLowering = newValue
      isAsWritten = false
    }
  }
}
