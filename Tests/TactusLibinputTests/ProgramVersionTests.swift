// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import Testing

/// Every program says the one version there is, the repository's VERSION file, and exits 0.
@Suite struct ProgramVersionTests {
    @Test(arguments: [(Artifact.simulator, "tactus-sim"), (.daemon, "tactusd"), (.compositor, "tactus-wlr"),
                      (.demoClient, "tactus-demo-client")])
    func everyProgramPrintsTheVersionOfTheVersionFile(_ program: Artifact, name: String) throws {
        let version = try String(contentsOfFile: repositoryRoot + "/VERSION", encoding: .utf8)
        #expect(version.split(separator: ".").count == 3)
        #expect(try runInRepository(program.path, ["--version"]) == "\(name) \(version)")
    }
}
