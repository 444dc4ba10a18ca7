import PushDiagnostics
import PushJSON

extension PushContract {
  /// The contract of the Kuring iOS app (ku-ring/ios-app): how `Message.init(userInfo:)` and
  /// `Notice.init(userInfo:)` read a received push.
  ///
  /// The same contract ships as `contracts/kuring.contract.json`; a test checks that the file
  /// reads as exactly this value. It is built in code rather than loaded from a resource
  /// bundle, so it needs no file at run time on any platform.
  ///
  /// | `type` | kind | required | optional |
  /// |---|---|---|---|
  /// | `notice` | `notice` | `id` (integer), `articleId`, `postedDate`, `subject`, `category`, `baseUrl` | `categoryKorName`, `important` (Boolean, `false`), `commentCount` (integer, `0`) |
  /// | `admin` | `custom` | `title` | `body` (`""`), `url` |
  /// | `academic` | `academic` | `title`, `body` | |
  /// | none | `default` | | `title`, `body`, falling back to `aps.alert` |
  public static let kuring = PushContract(
    name: "kuring",
    description:
      "How the Kuring iOS app (ku-ring/ios-app) parses a received push: Message.init(userInfo:) and Notice.init(userInfo:) read top-level keys, chosen by 'type'.",
    discriminator: "type",
    kinds: [
      Kind(
        name: "notice",
        discriminatorValues: ["notice"],
        description: "A new notice of a subscribed category or department; Message.notice(Notice).",
        fields: [
          Field(
            key: "id",
            type: .integer,
            isRequired: true,
            description:
              "The notice's database id, read with 'as? Int'. The server sends FCM data, whose values are strings, so a received \"76473\" fails here."
          ),
          Field(
            key: "articleId",
            type: .string,
            isRequired: true,
            description: "The article's id on the university site."
          ),
          Field(
            key: "postedDate",
            type: .string,
            format: .date,
            datePatterns: [
              DatePattern(builtIn: "yyyy-MM-dd"), DatePattern(builtIn: "yyyy-MM-dd HH:mm:ss"),
              DatePattern(builtIn: "yyyyMMdd"),
            ],
            isRequired: true,
            formatSeverity: .warning,
            description:
              "The posting date, kept as text by the app; the server sends 'yyyy-MM-dd' ('yyyy-MM-dd HH:mm:ss' for test notices, 'yyyyMMdd' before 2024-03)."
          ),
          Field(
            key: "subject", type: .string, isRequired: true, description: "The notice's title."),
          Field(
            key: "category",
            type: .string,
            isRequired: true,
            description:
              "The category or department name, which is also the topic, such as 'student'."
          ),
          Field(
            key: "baseUrl",
            type: .string,
            format: .url,
            isRequired: true,
            formatSeverity: .warning,
            description: "The article's full URL; stored as Notice.url."
          ),
          Field(
            key: "categoryKorName",
            type: .string,
            description: "The category's Korean name; sent by the server, not read by the app."
          ),
          Field(
            key: "important",
            type: .boolean,
            defaultValue: ValueNode(.bool(false)),
            description: "Read with 'as? Bool', false when absent or not a Boolean."
          ),
          Field(
            key: "commentCount",
            type: .integer,
            defaultValue: ValueNode(.number(JSONNumber(0))),
            description: "Read with 'as? Int', 0 when absent or not an integer."
          ),
        ]
      ),
      Kind(
        name: "custom",
        discriminatorValues: ["admin"],
        description:
          "A message from the administrators, optionally with a link; Message.custom(title:body:url:). Shown only while the app's custom-notification setting is on.",
        fields: [
          Field(key: "title", type: .string, isRequired: true, description: "The message's title."),
          Field(
            key: "body",
            type: .string,
            defaultValue: ValueNode(.string("")),
            description: "The message's text, empty when absent."
          ),
          Field(
            key: "url",
            type: .string,
            format: .url,
            allowsEmpty: true,
            formatSeverity: .warning,
            description: "The link the app opens; scheduled alerts send an empty string."
          ),
        ]
      ),
      Kind(
        name: "academic",
        discriminatorValues: ["academic"],
        description: "An academic calendar event; Message.academic(title:body:).",
        fields: [
          Field(key: "title", type: .string, isRequired: true, description: "The event's title."),
          Field(key: "body", type: .string, isRequired: true, description: "The event's text."),
        ]
      ),
    ],
    defaultKind: Kind(
      name: "default",
      description:
        "A push without 'type'; Message.default(title:body:). The app reads only the top-level keys and shows empty strings for a notification-only push; this contract falls back to the alert instead.",
      fields: [
        Field(
          key: "title",
          type: .string,
          defaultValue: ValueNode(.string("")),
          fallbacks: [JSONPointer(tokens: ["aps", "alert", "title"])],
          description: "The title; from the alert when the data has none."
        ),
        Field(
          key: "body",
          type: .string,
          defaultValue: ValueNode(.string("")),
          fallbacks: [
            JSONPointer(tokens: ["aps", "alert", "body"]), JSONPointer(tokens: ["aps", "alert"]),
          ],
          description: "The text; from the alert (or a string alert) when the data has none."
        ),
      ]
    )
  )
}
