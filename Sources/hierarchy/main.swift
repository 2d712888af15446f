import Foundation
import HierarchyCLI

Platform.tuneAllocator()
exit(HierarchyCommand.runAsProgram(Array(CommandLine.arguments.dropFirst())))
