import CLibNotify
import Dispatch
import FoundationEssentials
import TodoLinux

/// One thread that runs a GLib main loop, and a way for other threads to run
/// work on it and wait for the result.
///
/// libnotify is not thread-safe, and the signals of its D-Bus proxy (a
/// notification closed, next an action invoked) are delivered through the
/// thread-default main context of the thread that created the proxy. So every
/// libnotify and GLib call todo-remind makes runs here, on a GMainContext of our
/// own pushed as this thread's default before any of them: the proxy, created
/// lazily by the first libnotify call, then dispatches its signals on this very
/// thread, and nothing else in the process (a toolkit that iterates the global
/// default context, say) can run our callbacks elsewhere or starve this loop.
final class GLibLoopThread: @unchecked Sendable {
    // Written once in init, then only used through thread-safe GLib calls.
    private let context: OpaquePointer
    private let loop: OpaquePointer

    /// Starts the thread; it runs for the rest of the process.
    init(name: String) {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        SystemThread.start(name: name) { [self] in
            g_main_context_push_thread_default(context)
            g_main_loop_run(loop)
        }
    }

    /// Whether the caller is running on the loop thread, inside the loop.
    var isCurrent: Bool {
        g_main_context_is_owner(context) != 0
    }

    /// Runs `work` on the loop thread and returns its result, waiting as long
    /// as it takes. Called on the loop thread itself (from a signal handler),
    /// it runs `work` at once instead of waiting for itself.
    func perform<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Value {
        if isCurrent { return work() }
        let job = Job(work)
        // g_main_context_invoke_full queues the job as an idle source of our
        // context (thread-safe), and wakes the loop up.
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            guard let data else { return 0 }
            Unmanaged<AnyJob>.fromOpaque(data).takeRetainedValue().run()
            return 0 // G_SOURCE_REMOVE: run once.
        }, Unmanaged<AnyJob>.passRetained(job).toOpaque(), nil)
        return job.waitForResult()
    }
}

/// A unit of work handed to the loop thread; `run` is called there exactly once.
private class AnyJob: @unchecked Sendable {
    func run() {}
}

private final class Job<Value: Sendable>: AnyJob, @unchecked Sendable {
    private let work: @Sendable () -> Value
    // Written on the loop thread before `done` is signalled, read after waiting on it.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
    }

    override func run() {
        result = work()
        done.signal()
    }

    func waitForResult() -> Value {
        done.wait()
        guard let result else { preconditionFailure("The GLib loop thread signalled a job it did not run.") }
        return result
    }
}
