/// The namespace of the APNs payload model: the `aps` dictionary and its parts, as Apple defines
/// them in "Generating a remote notification" and the ActivityKit and WidgetKit references.
///
/// The types are plain values with one property per wire key (each documented with its key).
/// They are built leniently from a ``ValueNode`` with `APNS.APS.read(_:at:into:)` (in
/// PushReceiving), which reports keys of the wrong type instead of failing, and written back
/// with ``APNS/APS/valueNode``.
public enum APNS {}
