import ArgumentParser
import TOMLKit
@main struct Main { static func main() {} }
