// SPDX-License-Identifier: MIT
// libFuzzer's entry for the configuration reader: the input's bytes, as UTF-8 text (invalid sequences repaired), are
// read as a configuration file. Any outcome but a configuration or a `ConfigurationError` (a crash, a trap, a hang,
// which libFuzzer reports) is a bug: a bad file must only be reported.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import FuzzerDriver
import TactusConfiguration

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let configuration = try Configuration(text: text, file: "fuzz.toml")
        _ = configuration.bindings.count
    } catch {
        _ = error.description
    }
    return 0
}

#if FUZZING
runFuzzer(fuzzConfiguration)
#endif
