package io.linestore.bench;

import io.linestore.bench.naive.NaiveRead;
import io.linestore.bench.naive.NaiveReader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The naive baselines over the plain generated text file: {@code FileReader.skip} +
 * {@code readLine}, and {@code RandomAccessFile.seek} + {@code readLine}. Warm page cache.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class NaiveReadBenchmark extends RangeReads {

    /** Which naive approach reads. */
    @Param
    public NaiveRead approach;

    private NaiveReader reader;

    /** Creates the benchmark state; JMH calls it. */
    public NaiveReadBenchmark() {
    }

    /** Opens the text file (generating it on first use), finds where the read lines start, checks one read. */
    @Setup(Level.Trial)
    public void open() {
        drawOffsets(lines);
        reader = approach.open(data().textFile(lines), offsets());
        checkRead(this::read, lines, "naive " + approach);
    }

    /**
     * Reads {@code rangeSize} lines at the next offset.
     *
     * @return the lines
     */
    @Benchmark
    public List<String> read() {
        return reader.read(nextOffset(), rangeSize);
    }

    /** Closes the file. */
    @TearDown(Level.Trial)
    public void close() {
        reader.close();
    }
}
