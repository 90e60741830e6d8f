import Foundation
import Testing
import TodoCore

/// Which tasks are shown under which (`SubtaskTree`), and the parent rule.
@Suite("Subtasks")
struct SubtaskTreeTests {
    static func node(_ id: Int64, _ parent: Int64?, list: String? = nil, done: Bool = false) -> SubtaskTree.Node {
        .init(id: id, parentID: parent, list: list, isCompleted: done)
    }

    @Test("Subtasks are under their parent, theirs under them; progress counts the direct ones")
    func tree() {
        let tree = SubtaskTree([
            Self.node(1, nil), Self.node(2, 1, done: true), Self.node(3, 1), Self.node(4, 3), Self.node(5, nil),
        ])
        #expect(tree.children(of: 1) == [2, 3])
        #expect(tree.descendants(of: 1) == [2, 3, 4])
        #expect(tree.depth(of: 4) == 2 && tree.depth(of: 5) == 0)
        #expect(tree.progress(of: 1).map { [$0.done, $0.total] } == [1, 2])
        #expect(tree.progress(of: 5) == nil)
    }

    @Test("A subtask whose parent is missing, in another list or in a cycle is shown at the top level, and says why")
    func problems() {
        let tree = SubtaskTree([
            Self.node(1, 99), Self.node(2, 3, list: "/work"), Self.node(3, nil, list: "/home"),
            Self.node(4, 5), Self.node(5, 4), Self.node(6, 4),
        ])
        #expect(tree.problem(of: 1) == .missing(parentID: 99))
        #expect(tree.problem(of: 2) == .otherList(parentID: 3))
        #expect(tree.problem(of: 4) == .cycle && tree.problem(of: 5) == .cycle)
        #expect([1, 2, 4, 5].allSatisfy { tree.shownParent(of: $0) == nil })
        // Below a cycle, a task is under its parent, which is shown at the top level.
        #expect(tree.shownParent(of: 6) == 4 && tree.problem(of: 6) == nil)
        #expect(tree.children(of: 3).isEmpty)
    }

    @Test("The links of the subtasks alone answer as the tree does when asked with the parent, as list asks them")
    func linksAlone() {
        let nodes = [
            Self.node(7, 1), Self.node(1, nil), Self.node(3, 1, done: true), Self.node(4, 3), Self.node(2, 9, list: "/work"),
            Self.node(9, nil, list: "/home"), Self.node(5, 6), Self.node(6, 5), Self.node(8, 6), Self.node(10, 11), Self.node(11, nil),
        ]
        let tree = SubtaskTree(nodes)
        // The parents without a parent of their own are not given: list meets them as it reads the tasks.
        let links = SubtaskLinks(nodes.filter { $0.parentID != nil })
        for parent in nodes {
            #expect(links.children(of: parent) == tree.children(of: parent.id))
            #expect(links.progress(of: parent).map { [$0.done, $0.total] } == tree.progress(of: parent.id).map { [$0.done, $0.total] })
        }
        for child in nodes {
            guard let parentID = child.parentID else { continue }
            #expect(links.problem(of: child.id, parent: nodes.first { $0.id == parentID }) == tree.problem(of: child.id))
        }
        // Children in id order, whatever order the store reads them in (by parent).
        #expect(tree.children(of: 1) == [3, 7])
        #expect(tree.progress(of: 1).map { [$0.done, $0.total] } == [1, 2])
        #expect(links.problem(of: 12, parent: nil) == nil)
    }

    @Test("Of several nodes with one id, the last counts")
    func repeatedNodes() {
        let tree = SubtaskTree([Self.node(2, 1), Self.node(1, nil), Self.node(2, nil)])
        #expect(tree.shownParent(of: 2) == nil && tree.children(of: 1).isEmpty && tree.progress(of: 1) == nil)
        let again = SubtaskTree([Self.node(2, nil), Self.node(1, nil), Self.node(2, 1, done: true)])
        #expect(again.shownParent(of: 2) == 1 && again.progress(of: 1).map { [$0.done, $0.total] } == [1, 1])
    }

    @Test("A task cannot be its own parent, nor a subtask of its own subtask")
    func parentRule() {
        let paint = TodoTask(id: 1, title: "Paint", createdAt: Date(timeIntervalSince1970: 0))
        let buy = TodoTask(id: 2, title: "Buy paint", createdAt: Date(timeIntervalSince1970: 0))
        #expect(throws: ParentRefusal.itself(taskID: 1, title: "Paint")) { try ParentRule.check(child: paint, parent: paint, ancestors: []) }
        #expect(throws: ParentRefusal.descendant(taskID: 1, title: "Paint", parentID: 2, parentTitle: "Buy paint")) {
            try ParentRule.check(child: paint, parent: buy, ancestors: [1])
        }
        #expect(throws: Never.self) { try ParentRule.check(child: buy, parent: paint, ancestors: []) }
    }
}
