package import PushJSON

extension JSONObject {
  /// The value of the last member named by the `aps` key `key`, if any.
  package subscript(aps key: APNS.APS.Key) -> ValueNode? { self[key.rawValue] }

  /// The value of the last member named by the `alert` key `key`, if any.
  package subscript(alert key: APNS.AlertDictionary.Key) -> ValueNode? { self[key.rawValue] }

  /// The value of the last member named by the critical-sound key `key`, if any.
  package subscript(sound key: APNS.CriticalSound.Key) -> ValueNode? { self[key.rawValue] }

  /// The last member named by the `aps` key `key`, if any.
  package func member(aps key: APNS.APS.Key) -> Member? { member(named: key.rawValue) }

  /// The last member named by the `alert` key `key`, if any.
  package func member(alert key: APNS.AlertDictionary.Key) -> Member? {
    member(named: key.rawValue)
  }
}
