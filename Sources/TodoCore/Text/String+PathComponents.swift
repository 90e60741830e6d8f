extension String {
    /// The last component of a path, as `NSString.lastPathComponent` gave
    /// it: "/a/b/" → "b", "/" → "/", "" → "".
    public var lastPathComponent: String {
        let path = Self.fixingSlashes(self)
        guard path.utf8.count > 1, let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The path without its last component, as
    /// `NSString.deletingLastPathComponent` gave it: "/a/b" → "/a",
    /// "/a" → "/", "a" → "", "/" → "/".
    public var deletingLastPathComponent: String {
        let path = Self.fixingSlashes(self)
        if path == "/" || path.isEmpty { return path }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The path with `component` after it, as
    /// `NSString.appendingPathComponent` gave it: "/a" + "b" → "/a/b",
    /// "/a/" + "b" → "/a/b", "" + "b" → "b".
    public func appendingPathComponent(_ component: String) -> String {
        if component.isEmpty { return self }
        if isEmpty { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }

    /// `path` with each run of slashes made one and a trailing slash taken
    /// off (but for "/" itself); two slashes or more and nothing else are
    /// nothing, as NSString had it.
    private static func fixingSlashes(_ path: String) -> String {
        guard path.contains("//") || (path.utf8.count > 1 && path.hasSuffix("/")) else { return path }
        if path.utf8.allSatisfy({ $0 == UInt8(ascii: "/") }) { return "" }
        var fixed = ""
        var previousSlash = false
        for character in path {
            if character == "/" && previousSlash { continue }
            previousSlash = character == "/"
            fixed.append(character)
        }
        if fixed.utf8.count > 1 && fixed.hasSuffix("/") { fixed.removeLast() }
        return fixed
    }
}
