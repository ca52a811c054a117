// CSignalCleanup — removes a write's temporary files and folders when a signal ends the process.
// Door: `sb_cleanup_register`/`sb_cleanup_unregister`, used by `FileTransaction` and `TemporaryFile`.
// Async-signal-safe only: a preallocated lock-free table, unlink, rmdir, sigaction, raise.
#ifndef C_SIGNAL_CLEANUP_H
#define C_SIGNAL_CLEANUP_H

/// Paths removed when the process is ended by SIGINT, SIGTERM or SIGHUP: the temporary files of a write in
/// progress and the folders it created. The signal handler only reads a preallocated, lock-free table and calls
/// unlink, rmdir, sigaction and raise, all async-signal-safe.

/// Registers `path` (copied) to remove on a signal: a file, or an empty folder when `is_folder` is non-zero.
/// Returns a handle for `sb_cleanup_unregister`, or -1 when no memory is left (the path is then not covered).
long sb_cleanup_register(const char *path, int is_folder);

/// Forgets a registered path (it was renamed into place, or removed). A negative handle is ignored.
void sb_cleanup_unregister(long handle);

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP, except for a signal the process ignores (a background
/// job's SIGINT, nohup's SIGHUP). After cleaning up, the handler ends the process by the same signal.
void sb_cleanup_install(void);

/// Removes every registered path now (for another fatal signal's handler, such as SIGBUS). Async-signal-safe.
void sb_cleanup_remove_all(void);

/// Between these calls (nesting allowed) a signal is held back: files are being renamed into place, and the
/// rename of all of them is what must not be cut in two. The signal takes effect at the end.
void sb_cleanup_begin_critical(void);
void sb_cleanup_end_critical(void);

#endif
