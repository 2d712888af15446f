// HierarchyDevice's platform file: starting a program with posix_spawn, whose attribute and
// file-action types differ between glibc (structs) and Darwin (opaque pointers). The only file of
// the target that names Glibc or Darwin (scripts/check-platform.sh).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum Platform {
    #if canImport(Darwin)
    typealias FileActions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?
    #else
    typealias FileActions = posix_spawn_file_actions_t
    typealias Attributes = posix_spawnattr_t
    #endif

    /// Starts `executable` with `arguments` (no shell, the environment inherited) in a process group
    /// of its own, standard input from /dev/null, standard output and error into `output` and
    /// `errors`, SIGPIPE, SIGINT, SIGTERM and SIGHUP at their defaults. Returns the process id, or the `errno` of the failure.
    static func spawn(_ executable: String, _ arguments: [String], output: Int32, errors: Int32) -> Result<pid_t, SpawnFailure> {
        var actions = FileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        #if canImport(Glibc)
        // No other descriptor of the tool's (an output file, a socket) reaches it or what it starts.
        if let closeFrom = addCloseFrom { _ = closeFrom(&actions, 3) }
        #endif
        var attributes = Attributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group: what it starts (adb's server) can be told apart, and stopped with it.
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // The tool ignores these (it watches them to clean up before it ends): the program must not inherit that.
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        return code == 0 ? .success(pid) : .failure(SpawnFailure(code: code))
    }

    /// A pipe whose two ends are closed in any program started later (FD_CLOEXEC), the read end
    /// non-blocking: (read, write), or nil.
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard systemPipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// `waitpid` without blocking (or blocking with `block`): the raw status once the process has
    /// ended and been reaped, nil while it runs.
    static func reap(_ pid: pid_t, block: Bool = false) -> Int32? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, block ? 0 : WNOHANG)
            if reaped == pid { return status }
            if reaped == -1, errno == EINTR { continue }
            // 0: still running; -1 (ECHILD): already reaped, which cannot happen here.
            return reaped == 0 ? nil : status
        }
    }

    /// Sends `signal` to every process of the group `group`.
    static func signalGroup(_ group: pid_t, _ signal: Int32) {
        _ = killpg(group, signal)
    }

    /// Waits at most `milliseconds` for one of `descriptors` to be readable (or closed).
    static func waitReadable(_ descriptors: [Int32], milliseconds: Int32) {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polled, nfds_t(polled.count), milliseconds)
    }

    /// Reads what `descriptor` holds now (non-blocking) into `bytes`: false at its end of file.
    static func drain(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { bytes += buffer[0..<count]; continue }
            if count == 0 { return false }
            if errno == EINTR { continue }
            // EAGAIN: nothing more for now; any other error ends the reading as an end of file would.
            return errno == EAGAIN || errno == EWOULDBLOCK
        }
    }

    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The exit status of a raw `waitpid` status: its code, or 128 + the signal that ended it (as a shell says).
    static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}

/// posix_spawn's error number, said in words.
struct SpawnFailure: Error {
    var code: Int32
    var text: String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; its header hides it from
/// Swift), looked up at run time so that an older glibc runs the tool without it.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
#endif

// The C calls whose names the platform enum's own methods shadow.
@inline(__always) private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
@inline(__always) private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
