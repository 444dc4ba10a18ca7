/// The Firebase Cloud Messaging HTTP v1 API: its message model and what pushc knows about it.
///
/// The types mirror the objects of the REST reference
/// (`firebase.google.com/docs/reference/fcm/rest/v1/projects.messages`): ``FCM/Message``,
/// ``FCM/Notification``, ``FCM/AndroidConfig``, ``FCM/WebpushConfig``, ``FCM/APNSConfig`` and
/// their parts. Every field is a ``Located`` value, so diagnostics can point at the input it was
/// read from. `apns.payload` and `webpush.notification` are free-form JSON in the API and stay
/// ``ValueNode`` trees, keys in source order.
///
/// Field names follow the REST reference in snake_case; each property's documentation gives the
/// wire key.
public enum FCM {}
