// SPDX-License-Identifier: MIT
import TactusTrace
import Testing

/// Sizes on the command line take the readers' bounds (`Trace.lengths`): a size no device has is a usage error,
/// never a trap when the size is multiplied or drawn.
@Suite struct SizeArgumentTests {
    @Test(arguments: [["generate", "tap", "--size", "1e308x1e308mm"], ["generate", "tap", "--pixels", "1e308x10"],
                      ["replay", "--trace", "/dev/null", "--size", "1e308x1e308mm"]])
    func aSizeBeyondAnyDeviceIsAUsageError(_ arguments: [String]) throws {
        let (status, errors) = try CommandLineTests.run(arguments)
        #expect(status == 64, "\(errors)")
        #expect(errors.contains("--"), "\(errors)")
    }
}
