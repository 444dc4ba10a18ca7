import PushJSON

extension JSONObject {
  /// The index of the last member named `key` (the one ``JSONObject/member(named:)`` finds),
  /// comparing UTF-8 lengths before text and copying no member.
  func lastIndex(ofMemberNamed key: String) -> Int? {
    let length = key.utf8.count
    return members.lastIndex { $0.key.utf8.count == length && $0.key == key }
  }
}
