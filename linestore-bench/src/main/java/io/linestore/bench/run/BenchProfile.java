package io.linestore.bench.run;

import io.linestore.bench.BlockChecksumBenchmark;
import io.linestore.bench.BuildBenchmark;
import io.linestore.bench.CompressedBuildBenchmark;
import io.linestore.bench.CompressedReadBenchmark;
import io.linestore.bench.CopyBenchmark;
import io.linestore.bench.DecompressFloorBenchmark;
import io.linestore.bench.EngineReadBenchmark;
import io.linestore.bench.GzipInPlaceReadBenchmark;
import io.linestore.bench.IndexBenchmark;
import io.linestore.bench.NaiveReadBenchmark;
import io.linestore.bench.ReadBenchmark;
import io.linestore.bench.ReadPathBenchmark;
import io.linestore.bench.ScalingBenchmark;
import io.linestore.bench.SequentialIoBenchmark;
import io.linestore.bench.SqliteReadBenchmark;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;

/**
 * The sets of benchmarks the {@code bench} command runs. Each is five runs: reads in throughput
 * mode, single-line reads of dense stores in sample-time mode (for p50/p99), sequential I/O with
 * builds, copies and block checksums in throughput mode, one thread against two, and compressed
 * against plain reads with the decompression floor in average time. The reads of the embedded
 * engines ({@link EngineReadBenchmark}) are in every profile but {@link #QUICK}.
 */
public enum BenchProfile {

    /**
     * A few minutes: a 1,000,000-line store, the single layout and 100,000-line shards with a dense
     * index, every reader, position and range size; short iterations, one fork.
     */
    QUICK(1_000_000, 1, Duration.ofMillis(300), 1, 2, Map.of(
            "layout", List.of("SINGLE", "SHARDED_100K"),
            "stride", List.of("DENSE"),
            "fileBytes", List.of(String.valueOf(64L << 20)),
            "bufferSize", List.of("4096", "1048576"))),

    /**
     * Everything: a 10,000,000-line store (about 1 GiB) and every parameter value, 540 read
     * combinations; half-second iterations keep it within the hour on two cores.
     */
    FULL(10_000_000, 1, Duration.ofMillis(500), 2, 2, Map.of()),

    /**
     * Seconds: every benchmark class once on a 2,000-line store with one 10 ms iteration in this
     * JVM, every layout, stride and reader at one position and range size. The build's smoke test;
     * its figures mean nothing.
     */
    SMOKE(2_000, 0, Duration.ofMillis(10), 0, 1, Map.of(
            "lines", List.of("2000"),
            "position", List.of("END"),
            "rangeSize", List.of("100"),
            "fileBytes", List.of("65536"),
            "bufferSize", List.of("4096"),
            "blockBytes", List.of("4096")));

    /** What the sample-time run pins, whatever the overrides: single-line reads of dense stores. */
    private static final Map<String, List<String>> LATENCY = Map.of(
            "rangeSize", List.of("1"), "stride", List.of("DENSE"));

    /** The parameter that sets the store size; {@code bench} sets it with {@code --lines}. */
    public static final String LINES = "lines";

    private final long lines;
    private final int forks;
    private final Duration iteration;
    private final int warmups;
    private final int measurements;
    private final Map<String, List<String>> params;

    BenchProfile(long lines, int forks, Duration iteration, int warmups, int measurements,
            Map<String, List<String>> params) {
        this.lines = lines;
        this.forks = forks;
        this.iteration = iteration;
        this.warmups = warmups;
        this.measurements = measurements;
        this.params = params;
    }

    /**
     * Returns the store size of the read benchmarks in this profile.
     *
     * @return lines
     */
    public long lines() {
        return lines;
    }

    /**
     * Returns the runs of this profile.
     *
     * @param lines the read benchmarks' store size
     * @param dataDir where the data is kept
     * @param overrides parameter values that replace the profile's in every run (never the
     *     sample-time run's single-line range size and dense index)
     * @return the runs, in the order to run them
     */
    public List<JmhRun> runs(long lines, String dataDir, Map<String, List<String>> overrides) {
        List<Class<?>> reads = new ArrayList<>(List.of(ReadBenchmark.class, ReadPathBenchmark.class,
                NaiveReadBenchmark.class, SqliteReadBenchmark.class));
        if (this != QUICK) {
            // Each engine's copy of the big store takes minutes to load on first use: not for a quick run.
            reads.add(EngineReadBenchmark.class);
        }
        List<Class<?>> io = List.of(SequentialIoBenchmark.class, BuildBenchmark.class, CopyBenchmark.class,
                BlockChecksumBenchmark.class, IndexBenchmark.class);
        Map<String, List<String>> data = Map.of("dataDir", List.of(dataDir));
        Map<String, List<String>> sized = Map.of(LINES, List.of(String.valueOf(lines)));
        return List.of(
                run("reads", reads, Mode.Throughput).withParams(params, List.of()).withParams(data, List.of())
                        .withParams(sized, List.of()).withParams(overrides, List.of()),
                run("latency", reads, Mode.SampleTime).withParams(params, List.of()).withParams(data, List.of())
                        .withParams(sized, List.of()).withParams(LATENCY, List.of())
                        .withParams(overrides, List.copyOf(LATENCY.keySet())),
                run("io", io, Mode.Throughput).withParams(params, List.of()).withParams(data, List.of())
                        .withParams(overrides, List.of()),
                run("scaling", List.of(ScalingBenchmark.class), Mode.Throughput).withParams(params, List.of())
                        .withParams(data, List.of()).withParams(sized, List.of()).withParams(overrides, List.of()),
                run("compressed", List.of(CompressedReadBenchmark.class, DecompressFloorBenchmark.class,
                        CompressedBuildBenchmark.class, GzipInPlaceReadBenchmark.class),
                        Mode.AverageTime).withParams(params, List.of()).withParams(data, List.of())
                        .withParams(sized, List.of()).withParams(overrides, List.of()));
    }

    private JmhRun run(String name, List<Class<?>> benchmarks, Mode mode) {
        return new JmhRun(name, benchmarks, mode, Map.of(), forks, warmups, iteration, measurements, iteration);
    }
}
