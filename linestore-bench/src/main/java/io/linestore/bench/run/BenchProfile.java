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
 * The sets of benchmarks the {@code bench} command runs. The full profile is five runs: reads in
 * throughput mode, single-line reads of dense stores in sample-time mode (for p50/p99), sequential
 * I/O with builds, copies, block checksums and indexing in throughput mode, one thread against two,
 * and compressed against plain reads with the decompression floor in average time; the reads of the
 * embedded engines ({@link EngineReadBenchmark}) and the read paths against their floors
 * ({@link ReadPathBenchmark}) are in the reads. The quick profile keeps what its report shows: the
 * first three runs, without those two read benchmarks, block checksums and indexing.
 */
public enum BenchProfile {

    /**
     * About 3.5 minutes on two cores (measured, from an empty data directory): a 1,000,000-line
     * store, the single layout and 100,000-line shards with a dense index, every reader and range
     * size at the start and the end of the store, the naive reads and SQLite (mapped and cached);
     * sequential I/O, builds and copies in this JVM. Short iterations, one fork per read benchmark.
     */
    QUICK(1_000_000, 1, Duration.ofMillis(300), 1, 2, Map.of(
            "layout", List.of("SINGLE", "SHARDED_100K"),
            "stride", List.of("DENSE"),
            // End over start is the position figure, and the reader ranking comes out the same from
            // the two ends as from the middle or random starts (docs/benchmarks.md, "linestore bench").
            "position", List.of("START", "END"),
            // The tuned SQLite, the one every figure of the report compares with.
            "settings", List.of("MAPPED"),
            "fileBytes", List.of(String.valueOf(64L << 20)),
            "bufferSize", List.of("4096", "1048576"))),

    /**
     * Everything: a 10,000,000-line store (about 1 GiB), every benchmark and parameter value, one
     * fork per benchmark, half-second iterations. About 2 hours on two cores (measured: 2 h 12 min from an
     * empty data directory, which the first run fills with the stores of every layout and index and
     * the engines' copies; {@link DurationModel#FULL}).
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
     * Returns how long this profile's runs are expected to take: the full profile's model for it,
     * the quick profile's for the others.
     *
     * @return the model calibrated on a measured run of this profile, or of the quick one
     */
    public DurationModel durationModel() {
        return this == FULL ? DurationModel.FULL : DurationModel.QUICK;
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
        List<Class<?>> reads = new ArrayList<>(List.of(ReadBenchmark.class, NaiveReadBenchmark.class,
                SqliteReadBenchmark.class));
        List<Class<?>> io = new ArrayList<>(List.of(SequentialIoBenchmark.class, BuildBenchmark.class,
                CopyBenchmark.class));
        if (this != QUICK) {
            // No figure of the report reads these: the floors, the engines (whose copies of the store
            // take minutes to load on first use), block checksums and indexing are for the full run.
            reads.add(1, ReadPathBenchmark.class);
            reads.add(EngineReadBenchmark.class);
            io.addAll(List.of(BlockChecksumBenchmark.class, IndexBenchmark.class));
        }
        // Whole-file reads, writes and builds cost milliseconds of system calls and copies each, which
        // a JIT profile shared with the benchmark before cannot move: the quick profile saves a JVM
        // start per benchmark there. Reads keep their forks: in one JVM the readers would share call
        // sites, and the profile one reader left there would slow the next.
        int ioForks = this == QUICK ? 0 : forks;
        Map<String, List<String>> data = Map.of("dataDir", List.of(dataDir));
        Map<String, List<String>> sized = Map.of(LINES, List.of(String.valueOf(lines)));
        List<JmhRun> runs = new ArrayList<>(List.of(
                run("reads", reads, Mode.Throughput, forks).withParams(params, List.of())
                        .withParams(data, List.of()).withParams(sized, List.of()).withParams(overrides, List.of()),
                run("latency", reads, Mode.SampleTime, forks).withParams(params, List.of())
                        .withParams(data, List.of()).withParams(sized, List.of()).withParams(LATENCY, List.of())
                        .withParams(overrides, List.copyOf(LATENCY.keySet())),
                run("io", io, Mode.Throughput, ioForks).withParams(params, List.of()).withParams(data, List.of())
                        .withParams(overrides, List.of())));
        if (this != QUICK) {
            // Two threads against one and compressed stores: questions of their own, in no figure of
            // the report.
            runs.add(run("scaling", List.of(ScalingBenchmark.class), Mode.Throughput, forks)
                    .withParams(params, List.of()).withParams(data, List.of()).withParams(sized, List.of())
                    .withParams(overrides, List.of()));
            runs.add(run("compressed", List.of(CompressedReadBenchmark.class, DecompressFloorBenchmark.class,
                    CompressedBuildBenchmark.class, GzipInPlaceReadBenchmark.class), Mode.AverageTime, forks)
                    .withParams(params, List.of()).withParams(data, List.of()).withParams(sized, List.of())
                    .withParams(overrides, List.of()));
        }
        return List.copyOf(runs);
    }

    private JmhRun run(String name, List<Class<?>> benchmarks, Mode mode, int runForks) {
        return new JmhRun(name, benchmarks, mode, Map.of(), runForks, warmups, iteration, measurements, iteration);
    }
}
