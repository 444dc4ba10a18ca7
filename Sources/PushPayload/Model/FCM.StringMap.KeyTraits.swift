extension FCM.StringMap {
  /// What the checks look for among a map's keys, noted key by key: whether any is one FCM
  /// reserves, one that collides with the APNs payload's own keys, or one a check of the
  /// lowered payload reads as a top-level key, and the keys' lengths.
  ///
  /// The reader notes them as it reads a `data` map whose values it defers
  /// (``keyTraits``), in the pass over the keys it makes anyway: the `data` rule and lowering
  /// then judge a map of ordinary keys (nearly every one) from these bits, where each went
  /// over the keys' bytes again.
  package struct KeyTraits: Hashable, Sendable {
    /// Some key is one FCM reserves or may reserve
    /// (``FCMDataRule/isPossiblyReserved(utf8:)``).
    package private(set) var hasPossiblyReservedKey = false
    /// Some key is `aps` or `fcm_options` (``FCMDataRule/collidesWithAPNS(utf8:)``).
    package private(set) var hasAPNSCollidingKey = false
    /// Some key is one a check of the lowered payload reads as a top-level key
    /// (``DataKeyClassifier/isCheckedAtTopLevel(_:)``).
    package private(set) var hasKeyCheckedAtTopLevel = false
    /// Bit `n % 64` set for every key of `n` bytes.
    package private(set) var lengthBits: UInt64 = 0

    /// The traits of no key.
    init() {}

    /// The traits of the keys of `map`, each read in place.
    package init(keysOf map: FCM.StringMap) {
      let classifier = DataKeyClassifier()
      _ = map.allKeysSatisfy { key in
        note(key, classifier: classifier)
        return true
      }
    }

    /// Notes the key whose UTF-8 bytes are `key`, classified by `classifier`.
    @inline(__always)
    mutating func note(_ key: UnsafeBufferPointer<UInt8>, classifier: DataKeyClassifier) {
      lengthBits |= 1 << UInt64(truncatingIfNeeded: key.count & 63)
      if FCMDataRule.isPossiblyReserved(utf8: key) { hasPossiblyReservedKey = true }
      if FCMDataRule.collidesWithAPNS(utf8: key) { hasAPNSCollidingKey = true }
      // The costliest test, made until a key passes it.
      if !hasKeyCheckedAtTopLevel && classifier.isCheckedAtTopLevel(key) {
        hasKeyCheckedAtTopLevel = true
      }
    }
  }
}
