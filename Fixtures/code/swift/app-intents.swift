import AppIntents

struct PostIntent: AppIntent {
    static let title: LocalizedStringResource = "Compose a post to Mastodon"
    static var description = IntentDescription("Posts a status", categoryName: "Posting")

    @Parameter(title: "Account", requestValueDialog: IntentDialog("Which account?"))
    var account: String

    @Parameter(title: "Toggle")
    var toggle: Bool

    @Parameter(title: "State", default: true)
    var state: Bool

    static var parameterSummary: some ParameterSummary {
        Summary("\(\.$toggle) Emoji Search \(\.$state)")
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let status = account
        return .result(dialog: "\(status) was posted on Mastodon")
    }
}

enum Visibility: String, AppEnum {
    case pub, priv

    static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Visibility")
    static var caseDisplayRepresentations: [Visibility: DisplayRepresentation] = [
        .pub: DisplayRepresentation(title: "Public", subtitle: "Everyone"),
        .priv: "Private",
    ]
}
