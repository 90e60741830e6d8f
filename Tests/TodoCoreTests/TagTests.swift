import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

/// A task's tags (`TaskTags`): every CATEGORIES value, the first the category.
@Suite("Tags")
struct TagTests {
    @Test("Tags are trimmed and kept once, without regard to case, spelled as first given, in order")
    func normalized() throws {
        #expect(try TaskTags.normalized([" home", "Weekend ", "HOME", "weekend", "garden"]) == ["home", "Weekend", "garden"])
        #expect(throws: TaskFieldError.emptyTag) { try TaskTags.normalized(["home", "  "]) }
        // A file's empty value is no tag.
        #expect(TaskTags.lenient(["", "home", " ", "Home"]) == ["home"])
    }

    @Test("A tag's key is its lower case in one canonical form, ASCII or not; separators and whitespace at either end go, whatever the text")
    func keysAndTrimming() throws {
        for byte in UInt8(0)..<128 {
            let tag = "A" + String(UnicodeScalar(byte)) + "z"
            #expect(TaskTags.key(tag) == tag.lowercased().precomposedStringWithCanonicalMapping, "\(byte)")
        }
        #expect(TaskTags.key("CAFE\u{301}") == TaskTags.key("café"))
        #expect(try TaskTags.normalized(["\thome\n", "Home\u{1F}", "\u{1F}x\u{1F}", "a b", "\u{85}work\u{A0}", "\r\nend"]) == ["home", "x", "a b", "work", "end"])
        #expect(try TaskFields.title(" Buy milk ") == "Buy milk")
        #expect(try TaskFields.title("Buy milk") == "Buy milk")
        #expect(try TaskFields.title("Buy milk\u{2003}") == "Buy milk")
    }

    @Test("The category is the first tag: setting it replaces the first and keeps the others; the default on no tags adds none")
    func category() {
        var task = F.task(due: nil)
        #expect(task.tags.isEmpty && task.category == TodoTask.defaultCategory)
        task.category = TodoTask.defaultCategory
        #expect(task.tags.isEmpty)
        task.tags = ["Home", "Errands", "work"]
        task.category = "Work"
        #expect(task.tags == ["Work", "Errands"])
        #expect(task.category == "Work")
    }

    @Test("A draft's category comes first and its tags after it; the default category alone is no tag")
    func draft() throws {
        #expect(try TaskDraft(title: "Paint", category: "Home", tags: ["weekend", "home"]).tags == ["Home", "weekend"])
        #expect(try TaskDraft(title: "Paint", tags: ["home", "weekend"]).category == "home")
        #expect(try TaskDraft(title: "Paint", category: "General").tags.isEmpty)
        #expect(try TaskDraft(title: "Paint", category: "General", tags: ["home"]).tags == ["General", "home"])
    }

    @Test("Tagging adds only what the task lacks; untagging takes tags off in any case, and refuses one it does not have, changing nothing")
    func tagAndUntag() throws {
        var task = F.task(due: nil)
        task.tag(["home", "weekend"])
        task.tag(["Home", "garden"])
        #expect(task.tags == ["home", "weekend", "garden"])
        try task.untag(["HOME"])
        #expect(task.tags == ["weekend", "garden"] && task.category == "weekend")
        let before = task
        #expect(throws: TagRefusal.notTagged(taskID: 1, title: task.title, tag: "office", tags: ["weekend", "garden"])) {
            try task.untag(["garden", "office"])
        }
        #expect(task == before)
        let refusal = TagRefusal.notTagged(taskID: 7, title: "Paint", tag: "office", tags: ["weekend"])
        #expect(refusal.localizedDescription == "Task 7 “Paint” has no tag “office”, so nothing was changed: its tags are weekend.")
    }
}
