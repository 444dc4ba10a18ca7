import Testing

@testable import PushPayload

/// The lookups the checks use on every key and header name agree with the plain ones they
/// replace: `init(rawValue:)`, `lowercased()` and ``EditDistance/normalized(_:)``.
@Suite struct KeyLookupTests {
  /// Names that are keys, near misses, other cases, separators and non-ASCII spellings.
  static let names =
    APNS.APS.Key.allCases.map(\.rawValue) + APNS.AlertDictionary.Key.allCases.map(\.rawValue)
    + [
      "", "a", "Alert", "ALERT", "alerts", "aler", "thread_id", "threadId", "MUTABLE-CONTENT",
      "mutable_content", "-badge", "badge_", "b-a-d-g-e", "title-loc", "loc-args-x", "bädge",
      "\u{212A}ey", "content-available ", "apns-priority", "APNS-Priority", "apns-\u{212A}",
      "_badge", "Badge_", "_-_", "__", "SOUND", "s0und", "Sound-", "_Alert_", "alerT",
      "dismissal_Date", "relevance-score-", "ba\u{212A}ge", "badge\u{301}", "badg\u{E9}",
      "9adge", "badg5",
    ]

  @Test func keyNameTableFindsWhatRawValueFinds() {
    let apsKeys = KeyNameTable<APNS.APS.Key>()
    let alertKeys = KeyNameTable<APNS.AlertDictionary.Key>()
    for name in Self.names {
      #expect(apsKeys.key(named: name) == APNS.APS.Key(rawValue: name), "\(name)")
      #expect(alertKeys.key(named: name) == APNS.AlertDictionary.Key(rawValue: name), "\(name)")
    }
  }

  @Test func apsKeyTableFindsWhatRawValueFindsWithTheKeysOwnPushTypes() {
    let table = APNSAPSRules.keyTable
    for name in Self.names {
      let position = table.position(of: name)
      #expect(position.map { table.keys[$0] } == APNS.APS.Key(rawValue: name), "\(name)")
      if let position {
        let key = table.keys[position]
        #expect(table.names[position] == name, "\(name)")
        // The mask has the bit of each push type the key is for, and no other.
        let mask = table.pushTypeMasks[position]
        for pushType in APNS.PushType.known {
          let bit = try! #require(APNSAPSRules.pushTypeBit(pushType))
          #expect((mask & bit != 0) == key.pushTypes.contains(pushType), "\(name) \(pushType)")
        }
        #expect(mask.nonzeroBitCount == key.pushTypes.count, "\(name)")
      }
    }
    #expect(table.names.count == APNS.APS.Key.allCases.count)
    #expect(APNSAPSRules.pushTypeBit(APNS.PushType(rawValue: "unknown")) == nil)
  }

  @Test func lowercaseASCIIIsExactlyWhatLowercasingKeeps() {
    for name in Self.names {
      let expected = name.unicodeScalars.allSatisfy { $0.isASCII } && name.lowercased() == name
      #expect(name.isLowercaseASCII == expected, "\(name)")
      #expect(name.lowercasedIfNeeded == name.lowercased(), "\(name)")
    }
  }

  @Test func distinctiveKeysAreFoundByTheirNormalizedSpelling() {
    for name in Self.names {
      #expect(
        APNSAPSRules.distinctiveAPSKey(normalizedLike: name)
          == APNSAPSRules.distinctiveAPSKeysByNormalized[EditDistance.normalized(name)],
        "\(name)")
    }
  }

  @Test func headerNamesAreRecognizedInAnyCase() {
    for name in Self.names + FCMAPNSPayloadRule.headerNames.map({ $0.uppercased() }) {
      #expect(
        FCMAPNSPayloadRule.isHeaderName(name)
          == FCMAPNSPayloadRule.headerNames.contains(name.lowercased()),
        "\(name)")
    }
  }

  /// Bytes compare with a literal as the strings of both would.
  @Test(arguments: ["", "a", "aps", "apss", "ap", "fcm_options", "fcm_option", "가"])
  func bytesAreComparedWithLiterals(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes in
      #expect(bytes.isSpelled("aps") == (text == "aps"))
      #expect(bytes.isSpelled("fcm_options") == (text == "fcm_options"))
      #expect(bytes.starts(with: "ap") == text.hasPrefix("ap"))
      #expect(bytes.starts(with: "") == true)
    }
  }
}
