import Foundation
import HierarchyCLI

Platform.tuneAllocator()
exit(HierarchyCommand.run(Array(CommandLine.arguments.dropFirst())))
