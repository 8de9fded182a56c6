package io.linestore.bench;

import io.linestore.bench.data.SqliteLines;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The peer: the same lines in SQLite through sqlite-jdbc, read with
 * {@code SELECT line FROM lines WHERE rowid BETWEEN ? AND ?} into Strings. Warm page cache;
 * SQLite's own settings are its defaults.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SqliteReadBenchmark extends RangeReads {

    private SqliteLines sqlite;

    /** Creates the benchmark state; JMH calls it. */
    public SqliteReadBenchmark() {
    }

    /** Opens the database (building it on first use) and checks one read. */
    @Setup(Level.Trial)
    public void open() {
        sqlite = SqliteLines.open(data().sqlite(lines));
        drawOffsets(lines);
        checkRead(this::read, lines, "SQLite");
    }

    /**
     * Reads {@code rangeSize} lines at the next offset.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> read() {
        return sqlite.read(nextOffset(), rangeSize);
    }

    /** Closes the database. */
    @TearDown(Level.Trial)
    public void close() {
        sqlite.close();
    }
}
