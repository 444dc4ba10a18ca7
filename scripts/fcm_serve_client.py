#!/usr/bin/env python3
"""End-to-end client for `pushc serve`'s FCM side: the Firebase Admin Python SDK, authenticated
with the service-account file `pushc serve --emit-service-account` wrote, its messaging endpoint
pointed at the server.

Reads on stdin:

  {"service_account": "/path/sa.json", "endpoint": "http://127.0.0.1:PORT",
   "calls": [{"name": str, "op": "send" | "send_each" | "subscribe" | "unsubscribe",
              "message": {...} | "messages": [{...}, ...], "dry_run": bool,
              "tokens": [str], "topic": str}, ...]}

where a message is {"token" | "topic" | "condition": str, "title": str, "body": str,
"data": {str: str}, "apns_headers": {str: str}}. Writes a JSON array with one result per call:

  {"name": ..., "ok": <message name | [results of send_each] | {"success": n, "failure": n}>}
  {"name": ..., "error": <exception class>, "code": <FirebaseError code>, "message": str}

Only the SDK's public API is used, plus the two attributes the SDK itself offers no option for:
`_MessagingService.FCM_URL` (the messaging endpoint) and the service's `_fcm_topic_url`.
"""

import json
import sys
import warnings

import firebase_admin
from firebase_admin import credentials, exceptions, messaging

warnings.simplefilter("ignore")  # Message(token=...) is deprecated in favour of fid.


def build(spec):
    notification = None
    if "title" in spec or "body" in spec:
        notification = messaging.Notification(title=spec.get("title"), body=spec.get("body"))
    apns = None
    if "apns_headers" in spec:
        apns = messaging.APNSConfig(headers=spec["apns_headers"])
    return messaging.Message(
        token=spec.get("token"), topic=spec.get("topic"), condition=spec.get("condition"),
        notification=notification, data=spec.get("data"), apns=apns)


def failure(name, error):
    return {"name": name, "error": type(error).__name__,
            "code": getattr(error, "code", None), "message": str(error)}


def main():
    request = json.load(sys.stdin)
    endpoint = request["endpoint"]
    app = firebase_admin.initialize_app(
        credentials.Certificate(request["service_account"]), {"httpTimeout": 20})
    messaging._MessagingService.FCM_URL = endpoint + "/v1/projects/{0}/messages:send"
    service = messaging._get_messaging_service(app)
    service._fcm_topic_url = f"{endpoint}/v1/projects/{app.project_id}/registrations"
    results = []
    for call in request["calls"]:
        name = call["name"]
        try:
            if call["op"] == "send":
                ok = messaging.send(build(call["message"]), dry_run=call.get("dry_run", False))
            elif call["op"] == "send_each":
                batch = messaging.send_each([build(m) for m in call["messages"]])
                ok = [{"ok": r.message_id} if r.success else failure(name, r.exception)
                      for r in batch.responses]
            elif call["op"] in ("subscribe", "unsubscribe"):
                manage = (messaging.subscribe_to_topic if call["op"] == "subscribe"
                          else messaging.unsubscribe_from_topic)
                answer = manage(call["tokens"], call["topic"])
                ok = {"success": answer.success_count, "failure": answer.failure_count,
                      "errors": [{"index": e.index, "reason": e.reason} for e in answer.errors]}
            else:
                raise ValueError("unknown op " + call["op"])
            results.append({"name": name, "ok": ok})
        except exceptions.FirebaseError as error:
            results.append(failure(name, error))
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
