// SPDX-License-Identifier: MIT
// libFuzzer's entry for the readers of device recordings: the input's bytes, as UTF-8 text (invalid sequences
// repaired), are read as an evemu recording with its own description and as a `libinput record` recording, and what
// reads is turned into a trace for a 100 × 60 mm touchscreen. Any outcome but a recording (or trace) or an error (a
// crash, a trap, a hang, which libFuzzer reports) is a bug.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import FuzzerDriver
import TactusCore
import TactusSimulation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let screen = Size(width: 100, height: 60)
    if let recording = try? EvdevRecording(evemu: text, source: "fuzz.evemu") {
        _ = try? recording.trace(size: screen)
    }
    if let recording = try? LibinputRecord(yaml: text, source: "fuzz.yml") {
        _ = try? recording.trace { _ in screen }
    }
    return 0
}

#if FUZZING
runFuzzer(fuzzRecording)
#endif
