import CPushServerShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one thread that owns every socket: an epoll loop over the listening socket, a wake-up
/// pipe (for ``requestStop()``) and the connections, all non-blocking.
///
/// On a stop request it closes the listening socket, lets each connection finish the requests
/// in flight (HTTP/2 connections get a GOAWAY), and returns when all are closed or after
/// ``ServerLimits/shutdownGracePeriod``.
final class ServerLoop {
  private let listener: Int32
  private let epoll: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let router: RequestRouter
  private let tlsContext: TLSContext?
  private var connections: [Int32: Connection] = [:]
  private var interests: [Int32: UInt32] = [:]
  /// The connections holding back a response until its time (the rules' latency).
  private var deferring: Set<Int32> = []
  private var nextConnectionID = 1
  private var shutdownDeadline: Double?
  /// Seconds without bytes from the client after which a connection gets
  /// GOAWAY `IdleTimeout`.
  private let idleTimeout: Double
  /// When the connections were last checked for the handshake and idle timeouts.
  private var lastSweep = 0.0
  /// Whether the listening socket is left unwatched until the next sweep, because the process
  /// ran out of file descriptors (accepting again at once would spin).
  private var isListenerPaused = false

  init(
    listener: Int32, router: RequestRouter, tlsContext: TLSContext?, idleTimeout: Double
  ) throws(PushServerError) {
    self.listener = listener
    self.router = router
    self.tlsContext = tlsContext
    self.idleTimeout = idleTimeout
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    var pipeFDs: [Int32] = [-1, -1]
    guard epoll >= 0, pushc_pipe_nonblocking(&pipeFDs) == 0 else {
      throw PushServerError("cannot create the event loop: \(ServerSocket.errorText())")
    }
    wakeRead = pipeFDs[0]
    wakeWrite = pipeFDs[1]
    watch(listener, events: EPOLLIN.rawValue, add: true)
    watch(wakeRead, events: EPOLLIN.rawValue, add: true)
  }

  deinit {
    for fd in connections.keys { close(fd) }
    if shutdownDeadline == nil { close(listener) }
    close(wakeRead)
    close(wakeWrite)
    close(epoll)
  }

  /// Asks the loop to stop; safe from any thread and from a signal handler's thread.
  func requestStop() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Serves until a stop request has been handled.
  func run() {
    var events = [epoll_event](repeating: epoll_event(), count: 64)
    var buffer = [UInt8](repeating: 0, count: ServerLimits.readChunkByteCount)
    var ready: [Connection] = []
    while true {
      let count = epoll_wait(epoll, &events, Int32(events.count), waitMilliseconds())
      let now = ServerClock.monotonic()
      // First every connection's input, then the record lines of the requests read (one write),
      // then every connection's output.
      ready.removeAll(keepingCapacity: true)
      for index in 0..<max(0, Int(count)) {
        let fd = events[index].data.fd
        let flags = events[index].events
        if fd == listener {
          acceptConnections()
        } else if fd == wakeRead {
          var byte: UInt8 = 0
          while read(wakeRead, &byte, 1) > 0 {}
          beginShutdown()
        } else if let connection = connections[fd] {
          if flags & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            connection.lastReceivedAt = now
            readFrom(connection, buffer: &buffer)
          }
          ready.append(connection)
        }
      }
      router.recorder.flush()
      for connection in ready where connections[connection.fd] === connection {
        update(connection)
      }
      fireDeferred(now: ServerClock.monotonic())
      if now - lastSweep >= ServerLimits.sweepInterval {
        lastSweep = now
        sweep(now: now)
      }
      if let deadline = shutdownDeadline, connections.isEmpty || now > deadline {
        for connection in Array(connections.values) { drop(connection) }
        router.recorder.flush()
        return
      }
    }
  }

  // MARK: - Held-back responses

  /// How long to wait for events: a quarter second, or until the next held-back response is
  /// due.
  private func waitMilliseconds() -> Int32 {
    var wait = 250.0
    let now = ServerClock.monotonic()
    for fd in deferring {
      guard let deadline = connections[fd]?.nextDeadline else { continue }
      wait = min(wait, max(0, (deadline - now) * 1000))
    }
    return Int32(wait.rounded(.up))
  }

  /// Sends the held-back responses due at `now`.
  private func fireDeferred(now: Double) {
    for fd in Array(deferring) {
      guard let connection = connections[fd] else {
        deferring.remove(fd)
        continue
      }
      guard let deadline = connection.nextDeadline, deadline <= now else { continue }
      connection.fireDeferred(now: now)
      update(connection)
    }
  }

  // MARK: - Connections

  /// Closes the connections whose handshake takes too long and sends the idle ones away.
  private func sweep(now: Double) {
    if isListenerPaused && shutdownDeadline == nil {
      isListenerPaused = false
      watch(listener, events: EPOLLIN.rawValue, add: true)
    }
    for connection in Array(connections.values) {
      if !connection.isEstablished {
        if now - connection.acceptedAt > ServerLimits.handshakeTimeout { drop(connection) }
      } else if let timedOutAt = connection.timedOutAt {
        // Sent away but not closed (a client that does not read its GOAWAY).
        if now - timedOutAt > ServerLimits.handshakeTimeout { drop(connection) }
      } else if now - connection.lastReceivedAt > idleTimeout {
        connection.timeOut(now: now)
        update(connection)
      }
    }
  }

  private func acceptConnections() {
    // Bounded per turn so a flood of connections cannot starve the open ones.
    for _ in 0..<128 {
      guard let fd = ServerSocket.accept(listener) else {
        if errno == EMFILE || errno == ENFILE {
          epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
          isListenerPaused = true
        }
        return
      }
      guard connections.count < ServerLimits.maximumConnectionCount else {
        close(fd)
        continue
      }
      let connection = Connection(
        fd: fd, id: nextConnectionID, router: router, tlsContext: tlsContext,
        now: ServerClock.monotonic())
      nextConnectionID += 1
      connections[fd] = connection
      interests[fd] = EPOLLIN.rawValue
      watch(fd, events: EPOLLIN.rawValue, add: true)
    }
  }

  private func readFrom(_ connection: Connection, buffer: inout [UInt8]) {
    // Bounded: a few reads per turn, then the other connections get theirs.
    for _ in 0..<8 {
      guard connection.pendingOutputCount < ServerLimits.maximumPendingOutputByteCount else {
        return
      }
      let result = buffer.withUnsafeMutableBytes { ServerSocket.read(connection.fd, into: $0) }
      switch result {
      case .bytes(let count):
        buffer.withUnsafeBytes {
          connection.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
        }
      case .wouldBlock:
        return
      case .closed:
        connection.abort()
        return
      }
    }
  }

  /// Writes what the connection has, then closes it when done or adjusts what epoll watches.
  ///
  /// The responses go out only after the record file has the lines of their requests.
  private func update(_ connection: Connection) {
    if connection.pendingOutputCount > 0 {
      router.recorder.flush()
      guard
        let written = ServerSocket.write(
          connection.fd, connection.output, from: connection.outputOffset)
      else {
        drop(connection)
        return
      }
      connection.didWrite(written)
    }
    if connection.isDone {
      drop(connection)
      return
    }
    var wanted: UInt32 = 0
    if connection.pendingOutputCount < ServerLimits.maximumPendingOutputByteCount {
      wanted |= EPOLLIN.rawValue
    }
    if connection.pendingOutputCount > 0 { wanted |= EPOLLOUT.rawValue }
    if interests[connection.fd] != wanted {
      interests[connection.fd] = wanted
      watch(connection.fd, events: wanted, add: false)
    }
    if connection.nextDeadline != nil {
      deferring.insert(connection.fd)
    } else {
      deferring.remove(connection.fd)
    }
  }

  private func drop(_ connection: Connection) {
    epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil)
    close(connection.fd)
    connections[connection.fd] = nil
    interests[connection.fd] = nil
    deferring.remove(connection.fd)
  }

  private func beginShutdown() {
    guard shutdownDeadline == nil else { return }
    shutdownDeadline = ServerClock.monotonic() + ServerLimits.shutdownGracePeriod
    epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
    close(listener)
    for connection in Array(connections.values) {
      connection.beginShutdown()
      update(connection)
    }
  }

  private func watch(_ fd: Int32, events: UInt32, add: Bool) {
    var event = epoll_event()
    event.events = events
    event.data.fd = fd
    epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event)
  }
}
