// Stand-in for Apple's CoreGraphics, for compiling HierarchyCapture's adapters on Linux
// (Tests/AppleSurface/README.md). Only what the adapters use, declared as Apple's SDK declares it
// for Swift; each declaration names its source. Linux's Foundation already has CGFloat, CGPoint,
// CGSize and CGRect (Apple's come from CoreGraphics, which Foundation re-exports there): they are
// re-exported one by one, so that a file importing only CoreGraphics sees them as on Apple.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
import Foundation

// Core Foundation's toll-free bridged types, which CoreGraphics re-exports on Apple platforms.
// On Linux `Data as NSData` and `String as NSString` bridge as `Data as CFData` does on Apple.
// Source: https://developer.apple.com/documentation/corefoundation/cfdata ,
// https://developer.apple.com/documentation/corefoundation/cfmutabledata ,
// https://developer.apple.com/documentation/corefoundation/cfstring (classes, toll-free bridged).
public typealias CFData = NSData
public typealias CFMutableData = NSMutableData
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary
