import Glibc

/// A mutex and a condition variable (pthread_mutex_t, pthread_cond_t), as
/// Foundation's `NSCondition`: `lock`, then `wait` while there is nothing
/// to do, `signal` a waiter when there is, `unlock`.
public final class Condition: @unchecked Sendable {
    // @unchecked: the pthread objects are made for sharing between threads;
    // they live at fixed addresses of their own, never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the mutex (pthread_mutex_lock).
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Gives the mutex back (pthread_mutex_unlock).
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Gives the mutex back until another thread signals, then takes it
    /// again (pthread_cond_wait); it may also wake for nothing, so wait in
    /// a loop on what you wait for.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes one waiting thread (pthread_cond_signal).
    public func signal() {
        pthread_cond_signal(condition)
    }
}
