import CatalogChecks
import CatalogReport

/// `check --format github|markdown|junit` (docs/report.md).
func ciReport(_ report: CheckReport, format: CheckCommand.ReportFormat) -> String {
    switch format {
    case .github: CIReports.github(report)
    case .markdown: CIReports.markdown(report)
    case .junit: CIReports.junit(report)
    case .text, .json, .sarif: ""
    }
}
