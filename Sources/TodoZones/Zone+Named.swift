import TodoCore

extension Zone {
    /// The system's zone named `identifier` (`ZoneDirectory.system`); nil
    /// when there is none.
    public init?(identifier: String) {
        guard let zone = ZoneDirectory.system.zone(named: identifier) else { return nil }
        self = zone
    }
}
