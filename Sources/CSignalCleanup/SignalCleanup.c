#include "CSignalCleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS_PER_BLOCK = 256 };

/// A block of slots; blocks are chained and never freed, so the handler can walk them at any time.
struct block {
    _Atomic(char *) paths[SLOTS_PER_BLOCK];
    _Atomic int folders[SLOTS_PER_BLOCK];
    _Atomic(struct block *) next;
};

static struct block first_block;
/// Set by the handler before it reads a slot: from then on, unregistering leaves the strings allocated.
static atomic_int in_handler;
static atomic_int critical_depth;
static atomic_int pending_signal;

long sb_cleanup_register(const char *path, int is_folder) {
    char *copy = strdup(path);
    if (copy == NULL) return -1;
    long base = 0;
    struct block *block = &first_block;
    for (;;) {
        for (int index = 0; index < SLOTS_PER_BLOCK; index++) {
            if (atomic_load(&block->paths[index]) != NULL) continue;
            atomic_store(&block->folders[index], is_folder);
            char *expected = NULL;
            if (atomic_compare_exchange_strong(&block->paths[index], &expected, copy)) return base + index;
        }
        struct block *next = atomic_load(&block->next);
        if (next == NULL) {
            struct block *fresh = calloc(1, sizeof(struct block));
            if (fresh == NULL) {
                free(copy);
                return -1;
            }
            struct block *expected = NULL;
            if (atomic_compare_exchange_strong(&block->next, &expected, fresh)) {
                next = fresh;
            } else {
                free(fresh);
                next = expected;
            }
        }
        block = next;
        base += SLOTS_PER_BLOCK;
    }
}

void sb_cleanup_unregister(long handle) {
    if (handle < 0) return;
    struct block *block = &first_block;
    while (handle >= SLOTS_PER_BLOCK && block != NULL) {
        block = atomic_load(&block->next);
        handle -= SLOTS_PER_BLOCK;
    }
    if (block == NULL) return;
    char *path = atomic_exchange(&block->paths[handle], NULL);
    // The handler marks itself before reading any slot: when it has not, it will read this slot as empty.
    if (path != NULL && atomic_load(&in_handler) == 0) free(path);
}

void sb_cleanup_remove_all(void) {
    atomic_store(&in_handler, 1);
    int folders = 0;
    for (struct block *block = &first_block; block != NULL; block = atomic_load(&block->next)) {
        for (int index = 0; index < SLOTS_PER_BLOCK; index++) {
            char *path = atomic_load(&block->paths[index]);
            if (path == NULL) continue;
            if (atomic_load(&block->folders[index])) {
                folders++;
            } else {
                unlink(path);
            }
        }
    }
    // Folders inside folders: remove what is empty until nothing more goes.
    for (int removed = folders > 0; removed;) {
        removed = 0;
        for (struct block *block = &first_block; block != NULL; block = atomic_load(&block->next)) {
            for (int index = 0; index < SLOTS_PER_BLOCK; index++) {
                char *path = atomic_load(&block->paths[index]);
                if (path == NULL || !atomic_load(&block->folders[index])) continue;
                if (rmdir(path) == 0) {
                    atomic_store(&block->paths[index], NULL);
                    removed = 1;
                }
            }
        }
    }
}

static void end_by(int signal_number) {
    sb_cleanup_remove_all();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

static void handle(int signal_number) {
    if (atomic_load(&critical_depth) > 0) {
        atomic_store(&pending_signal, signal_number);
        return;
    }
    end_by(signal_number);
}

void sb_cleanup_install(void) {
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction previous;
        if (sigaction(signals[index], NULL, &previous) != 0) continue;
        if (previous.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = handle;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(signals[index], &action, NULL);
    }
}

void sb_cleanup_begin_critical(void) {
    atomic_fetch_add(&critical_depth, 1);
}

void sb_cleanup_end_critical(void) {
    if (atomic_fetch_sub(&critical_depth, 1) == 1) {
        int signal_number = atomic_exchange(&pending_signal, 0);
        if (signal_number != 0) end_by(signal_number);
    }
}
