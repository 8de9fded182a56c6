package io.linestore.bench.config;

/**
 * How the SQLite peer is set up for reads: as it comes, or given what a tuned reader would give it.
 * Both are shown, so that linestore is never measured against a handicapped peer alone.
 */
public enum SqliteSettings {

    /** SQLite's defaults: reads through its page cache of about 2 MB, no memory mapping. */
    DEFAULTS,

    /**
     * {@code PRAGMA mmap_size} and {@code PRAGMA cache_size} as large as the database file, so that
     * SQLite reads the pages through a memory mapping and keeps every page it has read.
     */
    MAPPED
}
