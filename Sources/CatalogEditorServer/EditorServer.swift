import CatalogChecks
import FlyingFox
import FlyingSocks
import Foundation
import LocalizationCatalog

/// `stringbridge edit`: the report's page with editing, served on 127.0.0.1 (docs/editor.md).
///
/// Every request must carry the token (the `?token=` of the URL printed, then a cookie: HttpOnly, SameSite=Strict),
/// name this server's own `Host` (`127.0.0.1:PORT`: no DNS rebinding), and a request that changes anything must come
/// from the page's own origin (`Origin`, else `Sec-Fetch-Site`). Tables are addressed by ids the server assigned;
/// no request names a file. The page fetches nothing but this server (its Content-Security-Policy says so).
package final class EditorServer: Sendable {
    package let project: EditorProject
    package let token: String
    let server: HTTPServer
    let handler: Handler

    /// Prepares a server for `project` on 127.0.0.1:`port` (0: a free port).
    package init(project: EditorProject, port: UInt16 = 0, token: String = EditorServer.makeToken()) throws {
        self.project = project
        self.token = token
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        let handler = Handler(project: project, token: token)
        self.handler = handler
        server = HTTPServer(
            config: HTTPServer.Configuration(address: address, timeout: 60, logger: DisabledLogger.disabled),
            handler: handler)
    }

    /// 32 random bytes as hex.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    /// Starts listening; returns the port.
    package func start() async throws -> UInt16 {
        Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port) = await server.listeningAddress else {
            throw EditorProject.Failure(status: 500, message: "the server is not listening on 127.0.0.1")
        }
        handler.setPort(port)
        return port
    }

    /// The URL to open: `http://127.0.0.1:PORT/?token=…`.
    package func url(port: UInt16) -> String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Stops the server.
    package func stop() async {
        await server.stop(timeout: 1)
    }
}

/// The one handler every request goes through: the checks first, then the routes.
final class Handler: HTTPHandler, Sendable {
    let project: EditorProject
    let token: String
    private let state = PortBox()

    init(project: EditorProject, token: String) {
        self.project = project
        self.token = token
    }

    func setPort(_ port: UInt16) { state.set(port) }

    var cookieName: String { "stringbridge-\(state.get())" }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let port = state.get()
        let origin = "http://127.0.0.1:\(port)"
        // DNS rebinding: the page must have been reached as 127.0.0.1:PORT, nothing else.
        guard request.headers[.host] == "127.0.0.1:\(port)" else {
            return Self.refuse(421, "wrong Host: this server answers only to 127.0.0.1:\(port)")
        }
        let fetchSite = request.headers[HTTPHeader("Sec-Fetch-Site")]?.lowercased()
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            return Self.refuse(403, "cross-site request refused")
        }
        let changes = request.method != .GET && request.method != .HEAD
        if changes {
            if let requestOrigin = request.headers[HTTPHeader("Origin")] {
                guard requestOrigin == origin else { return Self.refuse(403, "foreign Origin refused") }
            } else if fetchSite != "same-origin" {
                return Self.refuse(403, "a request that changes anything must come from the editor's own page")
            }
            guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
                return Self.refuse(415, "send JSON")
            }
        }
        let query = request.query
        let cookieToken = Self.cookie(named: cookieName, in: request.headers[HTTPHeader("Cookie")] ?? "")
        if request.method == .GET, request.path == "/", let given = query.first(where: { $0.name == "token" })?.value {
            guard Self.same(given, token) else { return Self.refuse(403, "wrong token") }
            // The token moves into a cookie, and out of the address bar and history.
            var headers = Self.securityHeaders
            headers[.location] = "/"
            headers[HTTPHeader("Set-Cookie")] = "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
            return HTTPResponse(statusCode: .seeOther, headers: headers)
        }
        guard let cookieToken, Self.same(cookieToken, token) else {
            return Self.refuse(
                403, "missing or wrong token: open the URL `stringbridge edit` printed (it holds the token)")
        }
        do {
            return try await route(request, query: query)
        } catch let failure as EditorProject.Failure {
            return Self.json(failure.status, Self.errorBody(failure.message, files: failure.files))
        } catch {
            return Self.json(500, Self.errorBody("\(error)", files: []))
        }
    }

    private func route(_ request: HTTPRequest, query: [HTTPRequest.QueryItem]) async throws -> HTTPResponse {
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch (request.method, request.path) {
        case (.GET, "/"), (.HEAD, "/"):
            let page = try await project.page()
            var headers = Self.securityHeaders
            headers[.contentType] = "text/html; charset=utf-8"
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(page.utf8))
        case (.GET, "/api/table"):
            guard let id = parameter("table"), let language = parameter("language") else {
                throw EditorProject.Failure(status: 400, message: "name a table and a language")
            }
            return Self.json(200, try await project.tableJSON(id: id, language: language))
        case (.POST, "/api/check"):
            let body = try await Self.body(request)
            guard let id = body["table"] as? String, let language = body["language"] as? String,
                let key = body["key"] as? String, let slots = body["slots"] as? [[String: Any]]
            else { throw EditorProject.Failure(status: 400, message: "name a table, a language, a key and slots") }
            let values = slots.compactMap { slot -> (path: String, value: String?)? in
                guard let path = slot["path"] as? String else { return nil }
                return (path, slot["value"] as? String)
            }
            return Self.json(200, try await project.check(id: id, language: language, key: key, values: values))
        case (.POST, "/api/save"):
            let body = try await Self.body(request)
            guard let id = body["table"] as? String, let revision = body["revision"] as? String else {
                throw EditorProject.Failure(status: 400, message: "name a table and its revision")
            }
            let changes = (body["changes"] as? [[String: Any]] ?? []).compactMap { item -> EditorProject.Change? in
                guard let key = item["key"] as? String, let language = item["language"] as? String,
                    let path = item["path"] as? String
                else { return nil }
                return EditorProject.Change(key: key, language: language, path: path, value: item["value"] as? String)
            }
            let reviewed = (body["reviewed"] as? [[String: Any]] ?? []).compactMap {
                item -> (key: String, language: String)? in
                guard let key = item["key"] as? String, let language = item["language"] as? String else { return nil }
                return (key, language)
            }
            let saved = try await project.save(id: id, revision: revision, changes: changes, reviewed: reviewed)
            var out = JSONOutput()
            out.raw("{\"revision\":")
            out.string(saved.revision)
            out.raw(",\"files\":[")
            for (index, file) in saved.files.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(file)
            }
            out.raw("]}")
            return Self.json(200, out.bytes)
        case (.POST, "/api/reload"):
            let body = try await Self.body(request)
            guard let id = body["table"] as? String else {
                throw EditorProject.Failure(status: 400, message: "name a table")
            }
            try await project.reload(id)
            return Self.json(200, Array("{\"reloaded\":true}".utf8))
        default:
            return Self.json(404, Self.errorBody("not found", files: []))
        }
    }

    // MARK: - Helpers

    static func body(_ request: HTTPRequest) async throws -> [String: Any] {
        let data = try await request.bodyData
        guard data.count <= 16 << 20 else { throw EditorProject.Failure(status: 413, message: "request too large") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw EditorProject.Failure(status: 400, message: "the request is not a JSON object")
        }
        return object
    }

    static let securityHeaders: HTTPHeaders = [
        HTTPHeader("Content-Security-Policy"):
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
            + "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
        HTTPHeader("Referrer-Policy"): "no-referrer",
        HTTPHeader("Cache-Control"): "no-store",
        HTTPHeader("X-Frame-Options"): "DENY",
        HTTPHeader("Cross-Origin-Resource-Policy"): "same-origin",
    ]

    static func json(_ status: Int, _ bytes: [UInt8]) -> HTTPResponse {
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return HTTPResponse(statusCode: statusCode(status), headers: headers, body: Data(bytes))
    }

    static func refuse(_ status: Int, _ message: String) -> HTTPResponse {
        var headers = securityHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        return HTTPResponse(statusCode: statusCode(status), headers: headers, body: Data((message + "\n").utf8))
    }

    static func statusCode(_ status: Int) -> HTTPStatusCode {
        switch status {
        case 200: .ok
        case 400: .badRequest
        case 403: .forbidden
        case 404: .notFound
        case 409: .conflict
        case 413: .payloadTooLarge
        case 415: .unsupportedMediaType
        case 421: HTTPStatusCode(421, phrase: "Misdirected Request")
        default: .internalServerError
        }
    }

    static func errorBody(_ message: String, files: [String]) -> [UInt8] {
        var out = JSONOutput()
        out.raw("{\"error\":")
        out.string(message)
        out.raw(",\"files\":[")
        for (index, file) in files.enumerated() {
            if index > 0 { out.raw(",") }
            out.string(file)
        }
        out.raw("]}")
        return out.bytes
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookie(named name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals] == name { return String(pair[pair.index(after: equals)...]) }
        }
        return nil
    }

    /// Compares two tokens in time independent of where they differ.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// The port, set once the server listens.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: UInt16 = 0

    func set(_ value: UInt16) {
        lock.lock()
        port = value
        lock.unlock()
    }

    func get() -> UInt16 {
        lock.lock()
        defer { lock.unlock() }
        return port
    }
}
