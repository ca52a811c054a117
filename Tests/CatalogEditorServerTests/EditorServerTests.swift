import CatalogChecks
import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

@testable import CatalogEditorServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The editor's server in this process, asked with plain HTTP requests (exact bytes, any Host).
@Suite("edit: token, Host, Origin, saving and conflicts over plain HTTP")
struct EditorServerTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/editor/Project")

    /// A copy of Fixtures/editor/Project; returns its App folder.
    static func copy() throws -> String {
        let folder = try StringBridgeProcess.temporaryFolder().appendingPathComponent("Project")
        try FileManager.default.copyItem(at: project, to: folder)
        return folder.appendingPathComponent("App").path
    }

    struct Response {
        var status: Int
        var head: String
        var body: String
    }

    /// Sends `request` (CRLF line ends added) to 127.0.0.1:`port` and reads the whole response, on a thread of
    /// its own (a blocking read on the cooperative pool could starve the server under test).
    static func send(_ port: UInt16, _ lines: [String], body: String = "") async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try sendNow(port, lines, body: body) })
            }
        }
    }

    static func sendNow(_ port: UInt16, _ lines: [String], body: String = "") throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        var text = lines.joined(separator: "\r\n") + "\r\n"
        text += "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
            let response = String(decoding: received, as: UTF8.self)
            if let end = response.range(of: "\r\n\r\n"),
                let lengthLine = response[..<end.lowerBound].split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-length:")
                }),
                let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                received.count >= response[..<end.upperBound].utf8.count + length
            {
                break
            }
        }
        let response = String(decoding: received, as: UTF8.self)
        let parts = response.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return Response(status: status, head: parts[0], body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test("requests without the token, with a foreign Host or a foreign Origin are refused; the page's own go through")
    func security() async throws {
        let root = try Self.copy()
        let catalog = root + "/Localizable.xcstrings"
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let project = try EditorProject(paths: [root])
        let server = try EditorServer(project: project)
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let host = "Host: 127.0.0.1:\(port)"
        let cookie = "Cookie: stringbridge-\(port)=\(server.token)"

        #expect(try await Self.send(port, ["GET / HTTP/1.1", host]).status == 403)
        #expect(
            try await Self.send(port, ["GET /?token=\(String(repeating: "0", count: 64)) HTTP/1.1", host]).status == 403
        )
        let login = try await Self.send(port, ["GET /?token=\(server.token) HTTP/1.1", host])
        #expect(login.status == 303)
        #expect(login.head.contains("HttpOnly; SameSite=Strict"))
        #expect(try await Self.send(port, ["GET / HTTP/1.1", host, cookie]).status == 200)
        for foreign in ["evil.example:\(port)", "localhost:\(port)", "127.0.0.1", "[::1]:\(port)"] {
            #expect(try await Self.send(port, ["GET / HTTP/1.1", "Host: \(foreign)", cookie]).status == 421)
        }
        let table = try await Self.send(port, ["GET /api/table?table=t0&language=ru HTTP/1.1", host, cookie])
        #expect(table.status == 200)
        let json = try JSONSerialization.jsonObject(with: Data(table.body.utf8)) as? [String: Any]
        let revision = try #require(json?["revision"] as? String)
        let save =
            "{\"table\":\"t0\",\"revision\":\"\(revision)\",\"changes\":[{\"key\":\"Welcome\",\"language\":\"ru\",\"path\":\"\",\"value\":\"Привет\"}]}"
        for headers in [
            ["Origin: http://evil.example"], ["Origin: http://127.0.0.1:\(port &+ 1)"], ["Origin: null"], [],
            ["Sec-Fetch-Site: cross-site"], ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-site"],
        ] {
            let response = try await Self.send(
                port, ["POST /api/save HTTP/1.1", host, cookie, "Content-Type: application/json"] + headers, body: save)
            #expect(response.status == 403, "\(headers)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
        let saved = try await Self.send(
            port,
            [
                "POST /api/save HTTP/1.1", host, cookie, "Content-Type: application/json",
                "Origin: http://127.0.0.1:\(port)",
            ],
            body: save)
        #expect(saved.status == 200, "\(saved.body)")
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: catalog)), as: UTF8.self).contains("Привет"))
        // The same revision again: the file changed since, so it is a conflict and nothing is written.
        let again = try await Self.send(
            port,
            [
                "POST /api/save HTTP/1.1", host, cookie, "Content-Type: application/json",
                "Origin: http://127.0.0.1:\(port)",
            ],
            body: save.replacingOccurrences(of: "Привет", with: "Здравствуйте"))
        #expect(again.status == 409)
        #expect(
            !String(decoding: try Data(contentsOf: URL(fileURLWithPath: catalog)), as: UTF8.self).contains(
                "Здравствуйте"))
    }

    @Test("a saved catalog is what convert writes for the same content; a legacy file changes only where edited")
    func savesAsTheCLI() async throws {
        let root = try Self.copy()
        let project = try EditorProject(paths: [root])
        let catalogJSON =
            try JSONSerialization.jsonObject(
                with: Data(try await project.tableJSON(id: "t0", language: "ru"))) as? [String: Any]
        let revision = try #require(catalogJSON?["revision"] as? String)
        _ = try await project.save(
            id: "t0", revision: revision,
            changes: [.init(key: "%lld files", language: "ru", path: "plural.few", value: "%lld файла")], reviewed: [])
        // The CLI's bytes for the same model.
        var diagnostics = Diagnostics()
        let table = try Converter().read(root + "/Localizable.xcstrings", diagnostics: &diagnostics)
        let written = try readSourceFile(root + "/Localizable.xcstrings").bytes
        let format = try #require(FormatRegistry.standard.format(named: "xcstrings"))
        let bytes = try #require(
            try format.writer?.write(table, options: WriteOptions(), diagnostics: &diagnostics).first?.bytes)
        #expect(bytes == written)
        #expect(String(decoding: written, as: UTF8.self).contains("%lld файла"))

        let legacyID = try #require(
            await project.tableIDs().first { $0.kind == .legacy }?.id)
        let legacy =
            try JSONSerialization.jsonObject(
                with: Data(try await project.tableJSON(id: legacyID, language: "ru"))) as? [String: Any]
        let legacyRevision = try #require(legacy?["revision"] as? String)
        let strings = root + "/Legacy/ru.lproj/Main.strings"
        let original = try String(contentsOfFile: strings, encoding: .utf8)
        _ = try await project.save(
            id: legacyID, revision: legacyRevision,
            changes: [
                .init(key: "Saved at %@", language: "ru", path: "", value: "Сохранено: %@"),
                .init(key: "%d pages", language: "ru", path: "substitutions.pages.plural.many", value: "%d страниц"),
            ], reviewed: [])
        #expect(
            try String(contentsOfFile: strings, encoding: .utf8)
                == original.replacingOccurrences(of: "\"Сохранено в %@\"", with: "\"Сохранено: %@\""))
        let dict = try String(contentsOfFile: root + "/Legacy/ru.lproj/Main.stringsdict", encoding: .utf8)
        #expect(dict.contains("<key>many</key>\n\t\t\t<string>%d страниц</string>"))
        // A stale revision is a conflict.
        await #expect(throws: EditorProject.Failure.self) {
            _ = try await project.save(
                id: legacyID, revision: legacyRevision,
                changes: [.init(key: "Save", language: "ru", path: "", value: "x")], reviewed: [])
        }
    }

    @Test("a key saved into a legacy translation keeps the NUL of its development-language comment (issue 31, 19)")
    func savedKeyKeepsCommentNUL() async throws {
        let root = try Self.copy()
        let english = root + "/Legacy/en.lproj/Main.strings"
        let text = try String(contentsOfFile: english, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "\"Cancel\" = ", with: "/* Dismisses \u{0} the sheet */\n\"Cancel\" = ").utf8
        ).write(to: URL(fileURLWithPath: english))
        let strings = root + "/Legacy/ru.lproj/Main.strings"
        let original = try String(contentsOfFile: strings, encoding: .utf8)
        let project = try EditorProject(paths: [root])
        let legacyID = try #require(await project.tableIDs().first { $0.kind == .legacy }?.id)
        let legacy =
            try JSONSerialization.jsonObject(
                with: Data(try await project.tableJSON(id: legacyID, language: "ru"))) as? [String: Any]
        let revision = try #require(legacy?["revision"] as? String)
        _ = try await project.save(
            id: legacyID, revision: revision,
            changes: [.init(key: "Cancel", language: "ru", path: "", value: "Отмена")], reviewed: [])
        #expect(
            try String(contentsOfFile: strings, encoding: .utf8)
                == original + "\n/* Dismisses \u{0} the sheet */\n\"Cancel\" = \"Отмена\";\n")
    }

    @Test("a save says what the writer could not keep: a NUL that would land in a UTF-8 file's first 64 bytes")
    func saveReturnsWriterWarnings() async throws {
        let root = try Self.copy()
        let english = root + "/Legacy/en.lproj/Main.strings"
        let text = try String(contentsOfFile: english, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "\"Cancel\" = ", with: "/* Dismisses \u{0} the sheet */\n\"Cancel\" = ").utf8
        ).write(to: URL(fileURLWithPath: english))
        let strings = root + "/Legacy/ru.lproj/Main.strings"
        try Data("\"Save\" = \"Сохранить\";\n".utf8).write(to: URL(fileURLWithPath: strings))
        let project = try EditorProject(paths: [root])
        let legacyID = try #require(await project.tableIDs().first { $0.kind == .legacy }?.id)
        let legacy =
            try JSONSerialization.jsonObject(
                with: Data(try await project.tableJSON(id: legacyID, language: "ru"))) as? [String: Any]
        let revision = try #require(legacy?["revision"] as? String)
        let saved = try await project.save(
            id: legacyID, revision: revision,
            changes: [.init(key: "Cancel", language: "ru", path: "", value: "Отмена")], reviewed: [])
        #expect(
            try String(contentsOfFile: strings, encoding: .utf8)
                == "\"Save\" = \"Сохранить\";\n\n/* Dismisses  the sheet */\n\"Cancel\" = \"Отмена\";\n")
        #expect(saved.warnings.count == 1, "\(saved.warnings)")
        #expect(saved.warnings.first?.hasPrefix(strings + ":") == true, "\(saved.warnings)")
        #expect(
            saved.warnings.first?.contains(": warning: \"Cancel\" (ru): the comment holds U+0000") == true,
            "\(saved.warnings)")
    }
}
