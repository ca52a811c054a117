// stringbridge — the command-line tool: argument parsing, printing diagnostics, exit statuses.
// Door: the `stringbridge` executable and its subcommands (README, "Command line").
// Imports the model and the workflow modules only, never a format.
