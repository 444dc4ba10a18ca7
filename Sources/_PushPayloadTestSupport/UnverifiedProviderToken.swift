import Foundation

/// An APNs provider token of the right shape and age, `age` seconds old, whose signature is not
/// a real one: `pushc serve` accepts it when it has no `--apns-key` to verify signatures with.
package func unverifiedProviderToken(age: Double = 0) -> String {
  func part(_ json: String) -> String {
    Data(json.utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
  let issuedAt = Int(Date().timeIntervalSince1970 - age)
  return part(#"{"alg":"ES256","kid":"ABC123DEFG"}"#) + "."
    + part(#"{"iss":"DEF123GHIJ","iat":\#(issuedAt)}"#) + ".c2lnbmF0dXJl"
}
