// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
@testable import TactusSimulation
import RepositoryPrograms


@Suite struct ScenarioSuiteTests {
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/simulator/scenarios"))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test func theSuiteCoversEveryRecognizer() throws {
        #expect(Self.files.count >= 25)
        var kinds = Set<String>()
        for file in Self.files {
            let text = try String(contentsOfFile: repositoryRoot + "/simulator/scenarios/" + file, encoding: .utf8)
            // Every kind the core ships, so that a new kind comes with its scenario.
            for kind in GestureKind.allCases.map({ "\"\($0.externalName)\"" })
            where text.contains("\"kind\": \(kind)") { kinds.insert(kind) }
        }
        #expect(kinds.count == GestureKind.allCases.count)
    }

    @Test(arguments: files)
    func everyScenarioHolds(file: String) throws {
        let result = try Scenario(path: repositoryRoot + "/simulator/scenarios/" + file).run(corpus: nil)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(!result.session.records.isEmpty)
    }
}

/// The shared recordings, replayed through the standard set, must give what simulator/corpus says.
/// The corpus comes from $TACTUS_EVEMU_CORPUS or ../shared/data/evemu beside the checkout; without it this
/// fails: it never passes vacuously.
@Suite struct CorpusManifestTests {
    static let corpus = ProcessInfo.processInfo.environment["TACTUS_EVEMU_CORPUS"]
        ?? (repositoryRoot as NSString).deletingLastPathComponent + "/shared/data/evemu"
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/simulator/corpus"))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test func theCorpusIsThereAndTheManifestNamesEveryRecording() throws {
        let recordings = try ["touchscreens", "tablets"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.corpus + "/" + folder).filter { $0.hasSuffix(".events") }
        }
        #expect(recordings.count == 21, "corpus at \(Self.corpus)")
        let named = Set(Self.files.map { ($0 as NSString).deletingPathExtension + ".events" })
        #expect(Set(recordings) == named)
    }

    @Test(arguments: files)
    func everyRecordingGivesWhatTheManifestSays(file: String) throws {
        let result = try Scenario(path: repositoryRoot + "/simulator/corpus/" + file).run(corpus: Self.corpus)
        #expect(result.failures.isEmpty, "\(result.failures)")
    }
}

@Suite struct DeterminismTests {
    @Test func theSameScenarioGivesTheSameBytes() throws {
        let path = repositoryRoot + "/simulator/scenarios/pan-beats-pinch.json"
        let first = try Scenario(path: path).run(corpus: nil).session
        let second = try Scenario(path: path).run(corpus: nil).session
        #expect(Report.jsonLines(first) == Report.jsonLines(second))
        #expect(Report.explanation(first) == Report.explanation(second))
        #expect(Picture.svg(first, title: "t") == Picture.svg(second, title: "t"))
        #expect(Report.jsonLines(first).split(separator: "\n").count == first.records.count)
    }

    @Test func outputLinesCarryTheDocumentedKeys() throws {
        let session = try Scenario(path: repositoryRoot + "/simulator/scenarios/touchpad-swipe.json").run(corpus: nil).session
        let line = try #require(Report.summary(session).split(separator: "\n").first)
        #expect(line == #"{"time_us":250000,"gesture":"swipe","name":"swipe3","phase":"recognized","fingers":3,"direction":"left","translation":[-40,0]}"#)
        let failed = try #require(Report.jsonLines(session).split(separator: "\n").first { $0.contains("failed") })
        #expect(failed.contains(#""reason":"wrongFingerCount""#))
    }

    @Test func pinchAndRotateLinesSayWhereTheyStarted() throws {
        let session = try Scenario(path: repositoryRoot + "/simulator/scenarios/start-anchor.json").run(corpus: nil).session
        #expect(Report.summary(session).split(separator: "\n") == [
            #"{"time_us":400000,"gesture":"pinch","name":"zoom","phase":"ended","fingers":2,"scale":2,"start_location":[600,400],"start_anchor":[0.46875,0.5]}"#,
            #"{"time_us":400000,"gesture":"rotate","name":"turn","phase":"ended","fingers":2,"rotation_deg":30,"start_location":[800,500],"start_anchor":[0.4,0.5]}"#,
        ])
    }
}
