import Testing
import TodoExchange

@Suite("Recognising an import's format")
struct ImportFormatTests {
    @Test("the format is told from the content, todo.txt from the file's name", arguments: [
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", nil, ImportFormat.ics),
        ("\u{FEFF}  begin:vcalendar\n", nil, .ics),
        ("[\n{\"id\":1,\"description\":\"Pay rent\",\"uuid\":\"a\"}\n]", nil, .taskwarrior),
        ("{\"description\":\"Pay rent\",\"uuid\":\"a\"}\n", nil, .taskwarrior),
        ("[{\"title\": \"Pay rent\", \"notes\": \"uuid\"}]", nil, .todoRemind),
        ("[]", nil, .todoRemind),
        ("(A) Call Mom +Family", "todo.txt", .todotxt),
        ("(A) Call Mom +Family", nil, .todoRemind),
    ] as [(String, String?, ImportFormat)])
    func recognised(text: String, name: String?, format: ImportFormat) {
        #expect(ImportFormat.recognise(Array(text.utf8), name: name) == format)
    }
}
