package io.linestore.bench.recommend;

import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.StoreOptions;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.report.JmhResults;
import io.linestore.bench.report.Results;
import io.linestore.bench.report.Table;
import io.linestore.bench.run.JmhRun;
import io.linestore.bench.run.JmhRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Decides the layout and reader for a user's file: samples its first lines, builds candidate
 * layouts (one file with a dense or a 64-line sparse index, shards of a tenth of the sample with a
 * dense index), checks that every candidate and reader return the same lines, measures them
 * briefly with JMH at the start, middle and end, and picks the candidate and reader with the best
 * geometric mean throughput (fewest files on a tie). It also measures memory mapping against the
 * file channel on growing ranges to find the {@link ReadMethod#AUTO} threshold; when mapping wins
 * small reads and the channel big ones, it recommends {@code AUTO} with that threshold.
 * Not thread-safe.
 */
public final class Recommender {

    private static final String BENCHMARK = "SampleReadBenchmark.read";
    private static final List<ReadMethod> READERS = List.of(
            ReadMethod.BUFFERED_READER, ReadMethod.RANDOM_ACCESS_FILE, ReadMethod.FILE_CHANNEL, ReadMethod.MMAP);
    private static final List<Integer> RANGE_SIZES = List.of(1, 100, 10_000);
    private static final List<Integer> CROSSOVER_SIZES = List.of(1, 10, 100, 1_000, 10_000, 100_000);
    private static final int SPARSE_STRIDE = 64;
    private static final int CHECK_SIZE = 100;

    /**
     * How much {@code recommend} samples and measures.
     *
     * @param sampleLines the most lines to sample, {@code >= 1}
     * @param iteration the time of the warmup iteration and of the measured one
     * @param forks JVM forks per measurement; 0 measures in this JVM
     */
    public record Settings(long sampleLines, Duration iteration, int forks) {

        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException naming the value if one is out of range
         */
        public Settings {
            if (sampleLines < 1) {
                throw new IllegalArgumentException("sample lines must be >= 1: " + sampleLines);
            }
            if (iteration.toMillis() < 1) {
                throw new IllegalArgumentException("iteration must be at least 1 ms: " + iteration);
            }
            if (forks < 0) {
                throw new IllegalArgumentException("forks must be >= 0: " + forks);
            }
        }
    }

    private final Settings settings;
    private final Path workDir;

    /**
     * Makes a recommender that works in a directory.
     *
     * @param settings how much to sample and measure
     * @param workDir an empty or missing directory for the sample, the candidates and the results
     */
    public Recommender(Settings settings, Path workDir) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.workDir = Objects.requireNonNull(workDir, "workDir");
    }

    /**
     * Samples {@code input}, measures the candidates and decides.
     *
     * @param input the user's text file
     * @return the recommendation and its measurements
     * @throws IllegalArgumentException naming the file if it has no lines, or the work directory
     *     if it exists and is not empty (nothing of the user's is ever deleted)
     * @throws IllegalStateException if two candidates or readers disagree on a line, or a
     *     benchmark fails
     * @throws java.io.UncheckedIOException naming the file if reading or writing fails
     */
    public Recommendation recommend(Path input) {
        Path sample = workDir.resolve("sample.txt");
        createWorkDir();
        Sample.copyHead(input, settings.sampleLines(), sample);
        Candidate reference = new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, 1);
        Map<Candidate, Path> stores = new LinkedHashMap<>();
        stores.put(reference, build(sample, reference));
        long lines = info(stores.get(reference)).lineCount();
        if (lines == 0) {
            throw new IllegalArgumentException("no lines to measure in " + input);
        }
        for (Candidate candidate : List.of(new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD,
                SPARSE_STRIDE), new Candidate(Layout.SHARDED, Math.max(1, lines / 10), 1))) {
            stores.put(candidate, build(sample, candidate));
        }
        checkAgree(stores, lines);
        Results results = measure(stores, stores.get(reference), lines);
        return decide(stores, results, info(stores.get(reference)), lines);
    }

    private Results measure(Map<Candidate, Path> stores, Path reference, long lines) {
        List<String> storeDirs = stores.values().stream().map(Path::toString).toList();
        JmhRun candidates = run("candidates", Map.of(
                "store", storeDirs,
                "method", READERS.stream().map(Enum::name).toList(),
                "position", Stream.of(Position.values()).map(Enum::name).toList(),
                "rangeSize", RANGE_SIZES.stream().map(String::valueOf).toList()));
        JmhRun crossover = run("crossover", Map.of(
                "store", List.of(reference.toString()),
                "method", List.of(ReadMethod.MMAP.name(), ReadMethod.FILE_CHANNEL.name()),
                "position", List.of(Position.MIDDLE.name()),
                "rangeSize", crossoverSizes(lines).stream().map(String::valueOf).toList()));
        Path json = JmhRunner.run(List.of(candidates, crossover), name -> true, workDir.resolve("results"),
                VerboseMode.SILENT);
        return new Results(JmhResults.read(json));
    }

    private JmhRun run(String name, Map<String, List<String>> params) {
        return new JmhRun(name, List.of(SampleReadBenchmark.class), Mode.Throughput, params, settings.forks(),
                1, settings.iteration(), 1, settings.iteration());
    }

    private Recommendation decide(Map<Candidate, Path> stores, Results results, StoreInfo referenceInfo, long lines) {
        List<List<String>> rows = new ArrayList<>();
        Candidate best = null;
        ReadMethod bestReader = null;
        double bestScore = -1;
        int bestFiles = Integer.MAX_VALUE;
        for (Map.Entry<Candidate, Path> store : stores.entrySet()) {
            StoreInfo info = info(store.getValue());
            int files = 2 * info.shardCount() + 1;
            for (ReadMethod reader : READERS) {
                double logSum = 0;
                for (int size : RANGE_SIZES) {
                    List<String> row = new ArrayList<>(List.of(store.getKey().name(), reader.name(), String.valueOf(size)));
                    for (Position position : Position.values()) {
                        double score = results.throughput(BENCHMARK, Map.of("store", store.getValue().toString(),
                                "method", reader.name(), "position", position.name(), "rangeSize", String.valueOf(size)));
                        logSum += Math.log(score);
                        row.add(format(score));
                    }
                    row.add(String.format(Locale.ROOT, "%.2f", info.indexBytesPerLine()));
                    row.add(String.valueOf(files));
                    rows.add(row);
                }
                double score = Math.exp(logSum / (RANGE_SIZES.size() * Position.values().length));
                if (score > bestScore || score == bestScore && files < bestFiles) {
                    best = store.getKey();
                    bestReader = reader;
                    bestScore = score;
                    bestFiles = files;
                }
            }
        }
        double bytesPerLine = (double) referenceInfo.dataBytes() / referenceInfo.lineCount();
        List<Crossover.Point> points = new ArrayList<>();
        List<List<String>> crossoverRows = new ArrayList<>();
        String reference = stores.values().iterator().next().toString();
        for (int size : crossoverSizes(lines)) {
            Map<String, String> params = Map.of("store", reference, "position", Position.MIDDLE.name(),
                    "rangeSize", String.valueOf(size));
            double mmap = results.throughput(BENCHMARK, with(params, ReadMethod.MMAP));
            double channel = results.throughput(BENCHMARK, with(params, ReadMethod.FILE_CHANNEL));
            long bytes = Math.round(size * bytesPerLine);
            points.add(new Crossover.Point(bytes, mmap, channel));
            crossoverRows.add(List.of(String.valueOf(size), format(bytes), format(mmap), format(channel),
                    channel >= mmap ? "FILE_CHANNEL" : "MMAP"));
        }
        OptionalLong threshold = Crossover.threshold(points);
        boolean auto = threshold.isPresent() && (bestReader == ReadMethod.MMAP || bestReader == ReadMethod.FILE_CHANNEL);
        return new Recommendation(best, auto ? ReadMethod.AUTO : bestReader, threshold, lines,
                new Table("Candidates (reads per second)", "Each candidate built from the sample and read briefly"
                        + " at the start, middle and end; the choice has the best geometric mean.",
                        List.of("layout", "reader", "lines per read", "start", "middle", "end", "index B/line", "files"),
                        rows),
                new Table("Memory mapping vs file channel (single file, middle)", "",
                        List.of("lines per read", "bytes per read", "MMAP", "FILE_CHANNEL", "faster"), crossoverRows));
    }

    private static Map<String, String> with(Map<String, String> params, ReadMethod method) {
        Map<String, String> all = new LinkedHashMap<>(params);
        all.put("method", method.name());
        return all;
    }

    private static List<Integer> crossoverSizes(long lines) {
        return CROSSOVER_SIZES.stream().filter(size -> size <= Math.max(1, lines / 2)).toList();
    }

    private Path build(Path sample, Candidate candidate) {
        Path store = workDir.resolve("stores").resolve(candidate.name().replace('/', '-'));
        LineStores.build(sample, store, candidate.options(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES));
        return store;
    }

    /** Reads the same lines from every candidate with every reader and compares them. */
    private static void checkAgree(Map<Candidate, Path> stores, long lines) {
        List<List<String>> expected = null;
        for (Map.Entry<Candidate, Path> store : stores.entrySet()) {
            for (ReadMethod reader : READERS) {
                try (LineStore open = LineStores.open(store.getValue(), reader)) {
                    List<List<String>> read = Stream.of(Position.values())
                            .map(p -> open.read(p.offsets(lines, CHECK_SIZE, BenchData.SEED)[0], CHECK_SIZE)).toList();
                    if (expected == null) {
                        expected = read;
                    } else if (!expected.equals(read)) {
                        throw new IllegalStateException("candidate " + store.getKey().name() + " read with " + reader
                                + " returns other lines than the first candidate");
                    }
                }
            }
        }
    }

    private static StoreInfo info(Path store) {
        try (LineStore open = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            return open.info();
        }
    }

    private void createWorkDir() {
        try {
            if (Files.isDirectory(workDir)) {
                try (Stream<Path> entries = Files.list(workDir)) {
                    if (entries.findAny().isPresent()) {
                        throw new IllegalArgumentException("work directory is not empty: " + workDir);
                    }
                }
            }
            Files.createDirectories(workDir.resolve("stores"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + workDir, e);
        }
    }

    private static String format(double opsPerSecond) {
        return Double.isNaN(opsPerSecond) ? "n/a" : String.format(Locale.ROOT, "%,.0f", opsPerSecond);
    }
}
