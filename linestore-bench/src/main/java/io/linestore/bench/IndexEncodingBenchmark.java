package io.linestore.bench;

import io.linestore.bench.data.BenchData;
import io.linestore.bench.index.IndexEncoding;
import io.linestore.bench.index.IndexLookup;
import io.linestore.bench.index.LineLengths;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.Locale;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The start of a random line from each encoding of a dense index, mapped and in warm page cache:
 * the lookup alone, without reading data, so that the encodings' differences are not drowned by
 * I/O. Setup prints each index's bytes per line, the other half of the comparison.
 */
public class IndexEncodingBenchmark extends FileWrites {

    private static final int MASK = (1 << 12) - 1;

    /** Lines indexed: 10,000,000, the size the compact index is judged at. */
    @Param({"10000000"})
    public long lines;

    /** How the line starts are coded. */
    @Param
    public IndexEncoding encoding;

    /** How long the lines are. */
    @Param
    public LineLengths lengths;

    private Arena arena;
    private IndexLookup index;
    private long[] probes;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public IndexEncodingBenchmark() {
    }

    /**
     * Writes and maps the index, checks it against the line starts at random lines, and draws the lines
     * to look up.
     *
     * @throws IOException if the index cannot be written
     */
    @Setup(Level.Trial)
    public void write() throws IOException {
        long[] starts = lengths.starts(Math.toIntExact(lines), BenchData.SEED);
        arena = Arena.ofShared();
        index = encoding.write(starts, scratch("index-" + encoding).resolve("index"), arena);
        SplittableRandom random = new SplittableRandom(BenchData.SEED);
        probes = new long[MASK + 1];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = random.nextLong(lines + 1);
            if (index.start(probes[i]) != starts[(int) probes[i]]) {
                throw new IllegalStateException(encoding + " gives " + index.start(probes[i]) + " for line "
                        + probes[i] + ", expected " + starts[(int) probes[i]]);
            }
        }
        System.out.printf(Locale.ROOT, "%n%s %s: %.3f bytes per line%n", encoding, lengths,
                (double) index.bytes() / lines);
    }

    /**
     * Looks up the start of the next random line.
     *
     * @return its byte offset
     */
    @Benchmark
    public long lookup() {
        return index.start(probes[next++ & MASK]);
    }

    /** Unmaps the index; {@link FileWrites} deletes it. */
    @TearDown(Level.Trial)
    public void unmap() {
        arena.close();
    }
}
