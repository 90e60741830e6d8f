import Foundation
import Testing

/// Runs each test of a suite on a thread of its own rather than on Swift's
/// shared pool.
///
/// The end-to-end tests wait on the wall clock, processes and pipes
/// synchronously (a reminder a few seconds ahead, dunst's bubble, a
/// vdirsyncer run). On Linux the pool that runs test bodies has one thread
/// per processor and adds none while they block: on this 2-core machine two
/// waiting tests held the whole run, and a suite's test marked started at
/// 3 s ran at 300 s. On threads of their own they wait side by side;
/// `make test` bounds how many run at once
/// (`SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH`).
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope holds no test body.
        guard testCase != nil else { return try await function() }
        let executor = ThreadExecutor(name: test.name)
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor, operation: function)
    }
}

extension Trait where Self == OwnThread {
    /// Each test runs on a thread of its own (`OwnThread`).
    public static var ownThread: Self { OwnThread() }
}

/// A task executor with one thread, which runs its jobs in order until
/// `finish()`.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        if finished {
            // Past the test's end (a task it left behind): a thread of the
            // shared pool runs it, as if this executor did.
            let executor = asUnownedTaskExecutor()
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
            return
        }
        jobs.append(job)
        condition.signal()
    }

    /// Lets the thread end once the jobs it holds have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
