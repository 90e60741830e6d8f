/// A file's path taken apart and put together as text, as `NSString`'s
/// path methods did it (`deletingLastPathComponent`, `lastPathComponent`,
/// `appendingPathComponent`): nothing is resolved against the file system.
enum PathText {
    /// The folder part of a path: "/a/b" for "/a/b/c", "/" for "/a", empty
    /// for a bare name. Repeated and trailing slashes are not parts.
    static func folder(of path: String) -> String {
        let path = tidied(path)
        if path == "/" || path.isEmpty { return path }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path: "c" for "/a/b/c" and for "/a/b/c/".
    static func name(of path: String) -> String {
        let path = tidied(path)
        guard path.count > 1, let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `name` in `folder`: joined by one slash unless the folder ends with
    /// one; the name alone in no folder.
    static func joining(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path with each run of slashes made one, and without a trailing
    /// slash unless it is the root.
    private static func tidied(_ path: String) -> String {
        var tidied = ""
        for character in path where !(character == "/" && tidied.hasSuffix("/")) {
            tidied.append(character)
        }
        if tidied.count > 1, tidied.hasSuffix("/") { tidied.removeLast() }
        return tidied
    }
}
