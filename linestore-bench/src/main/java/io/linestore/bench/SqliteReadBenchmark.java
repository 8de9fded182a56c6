package io.linestore.bench;

import io.linestore.bench.data.LineRanges;
import io.linestore.bench.data.SqliteLines;

/**
 * The peer: the same lines in SQLite through sqlite-jdbc, read with
 * {@code SELECT line FROM lines WHERE rowid BETWEEN ? AND ?} into Strings. SQLite's own settings
 * are its defaults.
 */
public class SqliteReadBenchmark extends RangeReads {

    /** Creates the benchmark state; JMH calls it. */
    public SqliteReadBenchmark() {
    }

    /** Opens the database, building it on first use. */
    @Override
    protected LineRanges open(long[] firstLines) {
        return SqliteLines.open(data().sqlite(lines));
    }

    @Override
    protected String reader() {
        return "SQLite";
    }
}
