#!/usr/bin/env python3
"""Differential-test oracle: encodes FCM v1 messages with the Firebase Admin Python SDK.

Reads {"cases": [{"name": str, "message": <REST Message JSON>}, ...]} on stdin and writes a JSON
array with one result per case:

  {"name": ..., "status": "ok", "request": {"message": {...}}}   the SDK's encoding
  {"name": ..., "status": "error", "error": "..."}               the SDK rejected the message
  {"name": ..., "status": "unsupported", "reason": "..."}        the SDK cannot express it

The message is given in the REST form pushc reads (snake_case wire names, enum names such as
PRIORITY_HIGH, Duration strings such as "3.5s"). It is translated into the SDK's classes
(firebase_admin.messaging.Message, AndroidConfig, APNSPayload, ...) without validating
anything: values the translation does not understand are passed to the SDK unchanged, so the
SDK's own checks (firebase_admin._messaging_encoder.MessageEncoder) decide. Only fields the
SDK has no way to express make a case "unsupported".

No network access and no credentials are needed: MessageEncoder is a json.JSONEncoder.
"""

import datetime
import json
import re
import sys
import warnings

from firebase_admin import messaging
from firebase_admin import _messaging_encoder

warnings.simplefilter("ignore")  # Message(token=...) is deprecated in favour of fid.


class Unsupported(Exception):
    """The REST message uses something the Python SDK cannot express."""


_DURATION = re.compile(r"^(-?)(\d+)(?:\.(\d{1,9}))?s$")
_TIMESTAMP = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$")


def _only(obj, allowed, where):
    for key in obj:
        if key not in allowed:
            raise Unsupported(f"{where}.{key} has no Python SDK equivalent")


def _duration(value):
    """A Duration string as a timedelta, or the value unchanged for the SDK to judge."""
    if not isinstance(value, str):
        return value
    match = _DURATION.match(value)
    if not match:
        return value
    sign, seconds, fraction = match.groups()
    nanos = int((fraction or "").ljust(9, "0")) if fraction else 0
    if nanos % 1000:
        raise Unsupported(f"duration {value} has sub-microsecond precision (timedelta cannot)")
    delta = datetime.timedelta(seconds=int(seconds), microseconds=nanos // 1000)
    return -delta if sign else delta


def _milliseconds(value):
    delta = _duration(value)
    if isinstance(delta, datetime.timedelta):
        return delta / datetime.timedelta(milliseconds=1)
    return delta


def _timestamp(value):
    if not isinstance(value, str):
        return value
    match = _TIMESTAMP.match(value)
    if not match:
        return value
    year, month, day, hour, minute, second, fraction, offset = match.groups()
    nanos = int(fraction.ljust(9, "0")) if fraction else 0
    if nanos % 1000:
        raise Unsupported(f"timestamp {value} has sub-microsecond precision")
    if offset == "Z":
        zone = datetime.timezone.utc
    else:
        sign = -1 if offset[0] == "-" else 1
        zone = datetime.timezone(sign * datetime.timedelta(
            hours=int(offset[1:3]), minutes=int(offset[4:6])))
    return datetime.datetime(int(year), int(month), int(day), int(hour), int(minute),
                             int(second), nanos // 1000, tzinfo=zone)


def _enum(value, rest_names, where):
    """REST enum names translated to the SDK's lower-case names; anything else unchanged."""
    if isinstance(value, str) and value in rest_names:
        sdk = rest_names[value]
        if sdk is None:
            raise Unsupported(f"{where} {value} cannot be expressed in the SDK")
        return sdk
    return value


def notification(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"title", "body", "image"}, "notification")
    return messaging.Notification(value.get("title"), value.get("body"), value.get("image"))


def light_settings(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"color", "light_on_duration", "light_off_duration"}, "light_settings")
    if isinstance(value.get("color"), dict):
        raise Unsupported("light_settings.color as a Color object (the SDK takes #RRGGBB[AA])")
    return messaging.LightSettings(
        color=value.get("color"),
        light_on_duration_millis=_milliseconds(value.get("light_on_duration")),
        light_off_duration_millis=_milliseconds(value.get("light_off_duration")))


def android_notification(value):
    if not isinstance(value, dict):
        return value
    simple = ["title", "body", "icon", "color", "sound", "tag", "click_action", "body_loc_key",
              "body_loc_args", "title_loc_key", "title_loc_args", "channel_id", "image",
              "ticker", "sticky", "local_only", "default_vibrate_timings", "default_sound",
              "default_light_settings", "notification_count"]
    _only(value, set(simple) | {"event_time", "notification_priority", "vibrate_timings",
                                "light_settings", "visibility", "proxy"},
          "android.notification")
    arguments = {key: value.get(key) for key in simple}
    arguments["event_timestamp"] = _timestamp(value.get("event_time"))
    arguments["priority"] = _enum(value.get("notification_priority"), {
        "PRIORITY_UNSPECIFIED": None, "PRIORITY_MIN": "min", "PRIORITY_LOW": "low",
        "PRIORITY_DEFAULT": "default", "PRIORITY_HIGH": "high", "PRIORITY_MAX": "max",
    }, "notification_priority")
    timings = value.get("vibrate_timings")
    arguments["vibrate_timings_millis"] = (
        [_milliseconds(item) for item in timings] if isinstance(timings, list) else timings)
    arguments["light_settings"] = light_settings(value.get("light_settings"))
    arguments["visibility"] = _enum(value.get("visibility"), {
        "VISIBILITY_UNSPECIFIED": None, "PRIVATE": "private", "PUBLIC": "public",
        "SECRET": "secret",
    }, "visibility")
    arguments["proxy"] = _enum(value.get("proxy"), {
        "PROXY_UNSPECIFIED": None, "ALLOW": "allow", "DENY": "deny",
        "IF_PRIORITY_LOWERED": "if_priority_lowered",
    }, "proxy")
    return messaging.AndroidNotification(**arguments)


def android(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"collapse_key", "priority", "ttl", "restricted_package_name", "data",
                  "notification", "fcm_options", "direct_boot_ok",
                  "bandwidth_constrained_ok", "restricted_satellite_ok"}, "android")
    options = value.get("fcm_options")
    if isinstance(options, dict):
        _only(options, {"analytics_label"}, "android.fcm_options")
        options = messaging.AndroidFCMOptions(options.get("analytics_label"))
    return messaging.AndroidConfig(
        collapse_key=value.get("collapse_key"),
        priority=_enum(value.get("priority"), {"NORMAL": "normal", "HIGH": "high"}, "priority"),
        ttl=_duration(value.get("ttl")),
        restricted_package_name=value.get("restricted_package_name"),
        data=value.get("data"),
        notification=android_notification(value.get("notification")),
        fcm_options=options,
        direct_boot_ok=value.get("direct_boot_ok"),
        bandwidth_constrained_ok=value.get("bandwidth_constrained_ok"),
        restricted_satellite_ok=value.get("restricted_satellite_ok"))


_WEBPUSH_NOTIFICATION = {
    "title": "title", "body": "body", "icon": "icon", "badge": "badge", "data": "data",
    "dir": "direction", "image": "image", "lang": "language", "renotify": "renotify",
    "requireInteraction": "require_interaction", "silent": "silent", "tag": "tag",
    "timestamp": "timestamp_millis", "vibrate": "vibrate",
}


def webpush_notification(value):
    if not isinstance(value, dict):
        return value
    arguments = {}
    custom = {}
    for key, item in value.items():
        if key in _WEBPUSH_NOTIFICATION:
            arguments[_WEBPUSH_NOTIFICATION[key]] = item
        elif key == "actions":
            if isinstance(item, list):
                actions = []
                for action in item:
                    if isinstance(action, dict):
                        _only(action, {"action", "title", "icon"}, "webpush.notification.actions")
                        action = messaging.WebpushNotificationAction(
                            action.get("action"), action.get("title"), action.get("icon"))
                    actions.append(action)
                item = actions
            arguments["actions"] = item
        else:
            custom[key] = item
    return messaging.WebpushNotification(custom_data=custom or None, **arguments)


def webpush(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"headers", "data", "notification", "fcm_options"}, "webpush")
    options = value.get("fcm_options")
    if isinstance(options, dict):
        _only(options, {"link"}, "webpush.fcm_options")
        options = messaging.WebpushFCMOptions(options.get("link"))
    return messaging.WebpushConfig(
        headers=value.get("headers"), data=value.get("data"),
        notification=webpush_notification(value.get("notification")), fcm_options=options)


_ALERT = {
    "title": "title", "subtitle": "subtitle", "body": "body", "loc-key": "loc_key",
    "loc-args": "loc_args", "title-loc-key": "title_loc_key",
    "title-loc-args": "title_loc_args", "action-loc-key": "action_loc_key",
    "launch-image": "launch_image",
}


def alert(value):
    if not isinstance(value, dict):
        return value
    arguments = {}
    custom = {}
    for key, item in value.items():
        if key in _ALERT:
            arguments[_ALERT[key]] = item
        else:
            custom[key] = item
    return messaging.ApsAlert(custom_data=custom or None, **arguments)


def sound(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"name", "critical", "volume"}, "aps.sound")
    critical = value.get("critical")
    if critical not in (None, True, False, 0, 1):
        raise Unsupported(f"aps.sound.critical {critical!r}")
    return messaging.CriticalSound(value.get("name"), critical=bool(critical) or None,
                                   volume=value.get("volume"))


def aps(value):
    if not isinstance(value, dict):
        return value
    arguments = {}
    custom = {}
    for key, item in value.items():
        if key == "alert":
            arguments["alert"] = alert(item)
        elif key == "sound":
            arguments["sound"] = sound(item)
        elif key in ("badge", "category"):
            arguments[key] = item
        elif key == "thread-id":
            arguments["thread_id"] = item
        elif key in ("content-available", "mutable-content"):
            name = key.replace("-", "_")
            if item is True or (item == 1 and item is not False and not isinstance(item, float)):
                arguments[name] = True
            elif item is False:
                pass  # The SDK cannot send false; it leaves the key out.
            else:
                custom[key] = item
        else:
            custom[key] = item
    return messaging.Aps(custom_data=custom or None, **arguments)


def apns_payload(value):
    if not isinstance(value, dict):
        return value
    custom = {key: item for key, item in value.items() if key != "aps"}
    return messaging.APNSPayload(aps(value.get("aps")), **custom)


def apns(value):
    if not isinstance(value, dict):
        return value
    _only(value, {"headers", "payload", "fcm_options", "live_activity_token"}, "apns")
    options = value.get("fcm_options")
    if isinstance(options, dict):
        _only(options, {"analytics_label", "image"}, "apns.fcm_options")
        options = messaging.APNSFCMOptions(options.get("analytics_label"), options.get("image"))
    return messaging.APNSConfig(
        headers=value.get("headers"), payload=apns_payload(value.get("payload")),
        fcm_options=options, live_activity_token=value.get("live_activity_token"))


def message(value):
    if not isinstance(value, dict):
        raise Unsupported("the message is not an object")
    _only(value, {"token", "fid", "topic", "condition", "data", "notification", "android",
                  "webpush", "apns", "fcm_options"}, "message")
    options = value.get("fcm_options")
    if isinstance(options, dict):
        _only(options, {"analytics_label"}, "fcm_options")
        options = messaging.FCMOptions(options.get("analytics_label"))
    return messaging.Message(
        data=value.get("data"), notification=notification(value.get("notification")),
        android=android(value.get("android")), webpush=webpush(value.get("webpush")),
        apns=apns(value.get("apns")), fcm_options=options, token=value.get("token"),
        topic=value.get("topic"), condition=value.get("condition"), fid=value.get("fid"))


def run(case):
    try:
        sdk_message = message(case["message"])
    except Unsupported as reason:
        return {"name": case["name"], "status": "unsupported", "reason": str(reason)}
    try:
        # What messaging.send() puts in the request body (_MessagingService.encode_message).
        encoded = json.loads(json.dumps(sdk_message, cls=_messaging_encoder.MessageEncoder))
    except (ValueError, TypeError) as error:
        return {"name": case["name"], "status": "error", "error": str(error)}
    return {"name": case["name"], "status": "ok", "request": {"message": encoded}}


def main():
    cases = json.load(sys.stdin)["cases"]
    json.dump([run(case) for case in cases], sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
