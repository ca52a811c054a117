// XcodeProjectSupport — Xcode projects: the one reader of `project.pbxproj` and its byte-range editor.
// Door: `ProjectFile`, `XcodeProject`, `ProjectGroupTree`, `ProjectFileEditor`, `BuildSettings`, `XCConfig`.
// All `package`; edits are byte replacements laid out as Xcode writes them, never a rewrite of the file.
