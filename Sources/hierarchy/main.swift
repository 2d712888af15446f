import HierarchyCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(HierarchyCommand.run(Array(CommandLine.arguments.dropFirst())))
