// SPDX-License-Identifier: MIT
// The entry every fuzz target hands its program to. Only scripts/fuzz builds with FUZZING defined, along with the
// fuzzer's instrumentation, which links libFuzzer; built as part of the package, this module is empty.
#if FUZZING
import Glibc

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

/// Hands the program over to libFuzzer's driver, which runs `test` on inputs as the command line asks.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Never {
    var count = CommandLine.argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(runDriver(&count, &arguments, test))
}
#endif
