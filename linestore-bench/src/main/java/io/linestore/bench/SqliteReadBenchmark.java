package io.linestore.bench;

import io.linestore.bench.config.SqliteSettings;
import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.SqliteLines;
import org.openjdk.jmh.annotations.Param;

/**
 * The peer: the same lines in SQLite through sqlite-jdbc, read with
 * {@code SELECT line FROM lines WHERE rowid BETWEEN ? AND ?} into Strings, with SQLite's defaults and
 * with a memory mapping and a page cache as large as the database ({@link SqliteSettings}).
 */
public class SqliteReadBenchmark extends RangeReads {

    /** How SQLite is set up; reports that show one SQLite figure take the first, the tuned one. */
    @Param({"MAPPED", "DEFAULTS"})
    public SqliteSettings settings;

    /** Creates the benchmark state; JMH calls it. */
    public SqliteReadBenchmark() {
    }

    /** Opens the database, building it on first use. */
    @Override
    protected LineRanges open(long[] firstLines) {
        return SqliteLines.open(data().sqlite(lines), settings);
    }

    @Override
    protected String reader() {
        return "SQLite " + settings;
    }
}
