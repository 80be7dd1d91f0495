// SPDX-License-Identifier: MIT
// libFuzzer's entry for the evemu reader: the input's bytes, as UTF-8 text (invalid sequences repaired), are read as
// an evemu recording with its own description, and a recording read is turned into a trace for a 100 × 60 mm
// touchscreen. Any outcome but a recording (or trace) or an error (a crash, a trap, a hang, which libFuzzer reports)
// is a bug.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import FuzzerDriver
import TactusCore
import TactusSimulation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let recording = try? EvemuRecording(events: text, source: "fuzz.evemu") else { return 0 }
    _ = try? recording.trace(size: Size(width: 100, height: 60))
    return 0
}

#if FUZZING
runFuzzer(fuzzEvemu)
#endif
