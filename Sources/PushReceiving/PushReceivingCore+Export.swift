// `import PushReceiving` gives an app the whole receiving side: the Foundation-free core
// (capture readers, contracts, the received-push decoder, payload diffs), which tools and
// servers import alone as `PushReceivingCore`, and the Foundation parts declared here
// (`userInfo` decoding and the Codable coders for FCM data maps).
@_exported public import PushReceivingCore
