/// The `apns-topic` suffix each push type needs after the bundle ID (Apple, "Sending
/// notification requests to APNs").
enum APNSPushTypeTopicSuffix {
  static func suffix(for pushType: String) -> String? {
    switch pushType {
    case "alert", "background": ""
    case "complication": ".complication"
    case "controls": ".push-type.controls"
    case "fileprovider": ".pushkit.fileprovider"
    case "liveactivity": ".push-type.liveactivity"
    case "location": ".location-query"
    case "pushtotalk": ".voip-ptt"
    case "voip": ".voip"
    case "widgets": ".push-type.widgets"
    default: nil
    }
  }
}
