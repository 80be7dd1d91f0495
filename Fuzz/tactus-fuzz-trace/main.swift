// SPDX-License-Identifier: MIT
// libFuzzer's entry for the trace reader: the input's bytes, as UTF-8 text (invalid sequences repaired), are read as a
// JSON Lines trace, and a trace read is written and read back. Any outcome but a trace or an error (a crash, a trap, a
// hang, which libFuzzer reports) is a bug, and so is a written trace that does not read back, or that reads back as
// another (the writer rounds positions to six decimals, so the first reading may differ; the written text may not).
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import FuzzerDriver
import TactusTrace

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let trace = try? Trace(jsonLines: text, source: "fuzz.jsonl") else { return 0 }
    let written = trace.jsonLines
    guard let again = try? Trace(jsonLines: written, source: "written.jsonl") else {
        fatalError("a trace the reader took does not read back:\n\(written)")
    }
    if again.jsonLines != written { fatalError("a written trace reads back as another:\n\(written)") }
    return 0
}

#if FUZZING
runFuzzer(fuzzTrace)
#endif
