import ProjectDescription

let workspace = Workspace(name: "Birds", projects: ["."])
