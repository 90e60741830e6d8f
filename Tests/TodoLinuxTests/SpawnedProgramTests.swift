import Foundation
import Synchronization
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// What replaced Foundation's `Process`, `Pipe` and `Thread`: a program
    /// run to its end, and threads that wait on a condition.
    @Suite("Spawned programs and threads")
    struct SpawnedProgramTests {
        @Test("A program's output, errors and exit status are read back apart")
        func outputErrorsAndStatus() throws {
            let program = try SpawnedProgram.run("/bin/sh", ["-c", "echo said; echo complained >&2; exit 3"])
            #expect(String(decoding: program.output, as: UTF8.self) == "said\n")
            #expect(String(decoding: program.errors, as: UTF8.self) == "complained\n")
            #expect(program.exited && program.status == 3)
        }

        @Test("A program ended by a signal says which, as terminationStatus did")
        func signal() throws {
            let program = try SpawnedProgram.run("/bin/sh", ["-c", "kill -TERM $$"])
            #expect(!program.exited && program.status == SIGTERM)
        }

        @Test("A program that is not there is a sentence naming posix_spawn and the path")
        func missing() {
            #expect(throws: SystemError.self) { try SpawnedProgram.run("/nonexistent/program", []) }
        }

        @Test("A thread started with a name runs, and a condition wakes its waiter")
        func threadAndCondition() {
            let condition = Condition()
            let done = Mutex(false)
            let name = Mutex("")
            SystemThread.start(name: "todo-test-thread-long-name") {
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                name.withLock { $0 = comm }
                condition.lock()
                done.withLock { $0 = true }
                condition.signal()
                condition.unlock()
            }
            condition.lock()
            while !done.withLock({ $0 }) { condition.wait() }
            condition.unlock()
            #expect(name.withLock { $0 } == "todo-test-threa\n")
        }
    }
}
