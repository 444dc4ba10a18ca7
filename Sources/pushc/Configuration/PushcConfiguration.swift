import PushDiagnostics
import PushPayload

/// The settings of one `.pushc.yaml` file, as read: every value with the place it was written,
/// so that diagnostics and `lint --print-config` can point at it.
///
/// ```yaml
/// bundle-id: com.example.app
/// warnings-as-errors: true
/// include: ["messages/**"]
/// exclude: ["messages/drafts"]
/// rules:
///   apns-device-token: disabled
///   fcm-size: warning
/// kinds:
///   "apns/*.json": apns
/// suppressions:
///   - path: messages/legacy.json
///     rule: apnsUnknownAPSKey
///     pointer: /aps/alertt
///     reason: kept misspelled on purpose for the decoder tests
/// ```
///
/// Globs are relative to the folder of the file (``directory``); see ``PathGlob``.
struct PushcConfiguration: Sendable {
  /// A value and where it was written.
  struct Located<Value: Sendable>: Sendable {
    /// The value.
    var value: Value
    /// Where it was written in the configuration file.
    var range: SourceRange?
  }

  /// One entry of `suppressions:`: a rule or diagnostic silenced at a pointer of one file.
  struct Suppression: Sendable {
    /// The files it applies to.
    var path: PathGlob
    /// The rule (`apns-aps`) or diagnostic (`apnsUnknownAPSKey`) it silences.
    var identifier: String
    /// The value it applies to, with everything inside it; the whole file when absent.
    var pointer: JSONPointer?
    /// Why, for the reader of the file.
    var reason: String?
    /// Where the entry was written.
    var range: SourceRange?
  }

  /// The file's path, absolute.
  var path: String
  /// The file's path as diagnostics name it: relative to the current folder when inside it.
  var displayName: String
  /// The folder globs are relative to, absolute.
  var directory: String
  /// `bundle-id`.
  var bundleID: Located<String>?
  /// `warnings-as-errors`.
  var warningsAsErrors: Located<Bool>?
  /// `include`: when not empty, only the paths matching one of them are checked.
  var include: [PathGlob] = []
  /// `exclude`: the paths matching one of them are skipped.
  var exclude: [PathGlob] = []
  /// `templates`: the paths matching one of them hold FCM message templates, checked as
  /// `--template` does.
  var templates: [PathGlob] = []
  /// `rules`: per-rule severities and disables, in file order.
  var rules: [(rule: RuleID, setting: Located<RuleConfiguration.Setting>)] = []
  /// `kinds`: the input kind per glob, the first match winning.
  var kinds: [(glob: PathGlob, kind: APNSInputKind)] = []
  /// `suppressions`.
  var suppressions: [Suppression] = []

  /// An empty configuration for the file at the absolute `path`, named `displayName` in
  /// diagnostics.
  init(path: String, displayName: String) {
    self.path = path
    self.displayName = displayName
    self.directory = FilePaths.parent(of: path)
  }

  /// The settings as the library's rule configuration.
  var ruleConfiguration: RuleConfiguration {
    var configuration = RuleConfiguration()
    for entry in rules { configuration[entry.rule] = entry.setting.value }
    return configuration
  }

  /// `path` (absolute, normalized) relative to ``directory``.
  func relativePath(of path: String) -> String {
    FilePaths.relative(path, to: directory)
  }

  /// Whether the file at the absolute `path` is checked: it matches an `include` glob (or there
  /// are none) and no `exclude` glob.
  func includes(_ path: String) -> Bool {
    let relative = relativePath(of: path)
    if !include.isEmpty, !include.contains(where: { $0.matches(relative) }) { return false }
    return !exclude.contains { $0.matches(relative) }
  }

  /// The kind the first matching `kinds` glob gives the file at the absolute `path`.
  func kind(of path: String) -> APNSInputKind? {
    let relative = relativePath(of: path)
    return kinds.first { $0.glob.matches(relative) }?.kind
  }
}
