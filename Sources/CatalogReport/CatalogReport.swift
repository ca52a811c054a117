// CatalogReport — what people see of their tables: CI reports (GitHub, Markdown, JUnit) and the one-file HTML page.
// Door: `CIReports`, `ProjectReport` (collected once), `ReportPage` (the page, for `report` and the editor).
// No server and no network: the page carries its CSS, script and pictures inline (docs/report.md).
