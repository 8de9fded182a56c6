package io.linestore.bench.recommend;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.StoreOptions;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Decides the layout and reader for a user's file within a time budget: copies its first lines
 * once as the sample, builds each {@link Candidates candidate} from it once, checks that every
 * candidate and reader return the same lines, opens each candidate once per reader, measures them
 * all in interleaved trials ({@link TrialRunner}) in the time that is left, and lets the
 * {@link Decider} choose. Measured: every candidate through memory mapping and the file channel at
 * the start, middle and end, 1, 100 and 10,000 lines per read; and the single file with a dense
 * index in the middle at 1 to 100,000 lines per read (powers of ten) for the crossover. Sizes above
 * half the sample are left out. Not thread-safe.
 */
public final class Recommender {

    private static final List<Integer> RANGE_SIZES = List.of(1, 100, 10_000);
    private static final List<Integer> CROSSOVER_SIZES = List.of(1, 10, 100, 1_000, 10_000, 100_000);
    private static final int CHECK_SIZE = 100;

    /**
     * How much {@code recommend} samples, and how long it may take.
     *
     * @param sampleLines the most lines to sample, {@code >= 1}
     * @param budget the whole run's time: sampling, building, checking and measuring
     */
    public record Settings(long sampleLines, Duration budget) {

        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException naming the value if one is out of range
         */
        public Settings {
            if (sampleLines < 1) {
                throw new IllegalArgumentException("sample lines must be >= 1: " + sampleLines);
            }
            if (budget.toMillis() < 1) {
                throw new IllegalArgumentException("time must be at least 1 ms: " + budget);
            }
        }
    }

    private final Settings settings;
    private final Path workDir;
    private final Progress progress;

    /**
     * Makes a recommender that works in a directory.
     *
     * @param settings how much to sample and how long to take
     * @param workDir an empty or missing directory for the sample and the candidates
     * @param progress hears each step
     */
    public Recommender(Settings settings, Path workDir, Progress progress) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.workDir = Objects.requireNonNull(workDir, "workDir");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /**
     * Samples {@code input}, measures the candidates and decides.
     *
     * @param input the user's text file
     * @return the recommendation and its measurements
     * @throws IllegalArgumentException naming the file if it has no lines, or the work directory
     *     if it exists and is not empty (nothing of the user's is ever deleted)
     * @throws IllegalStateException if two candidates or readers disagree on a line
     * @throws java.io.UncheckedIOException naming the file if reading or writing fails
     */
    public Recommendation recommend(Path input) {
        long start = System.nanoTime();
        createWorkDir();
        progress.step("sampling");
        Path sample = workDir.resolve("sample.txt");
        long sampleLines = Sample.copyHead(input, settings.sampleLines(), sample);
        if (sampleLines == 0) {
            throw new IllegalArgumentException("no lines to measure in " + input);
        }
        Map<String, Path> stores = new LinkedHashMap<>();
        List<BuiltCandidate> built = new ArrayList<>();
        for (Candidate candidate : Candidates.forSample(sampleLines)) {
            progress.step("building " + candidate.name());
            Path store = build(sample, candidate);
            StoreInfo info = info(store);
            stores.put(candidate.name(), store);
            built.add(new BuiltCandidate(candidate, 2 * info.shardCount() + 1, info.indexBytesPerLine(),
                    (double) (info.dataBytes() + info.indexBytes()) / Math.max(1, info.lineCount())));
        }
        StoreInfo reference = info(stores.get(built.getFirst().name()));
        progress.step("checking that every candidate reads the same lines");
        checkAgree(stores, reference.lineCount());
        Duration left = settings.budget().minusNanos(System.nanoTime() - start);
        Duration measuring = left.compareTo(settings.budget().dividedBy(10)) > 0 ? left : settings.budget().dividedBy(10);
        return Decider.decide(measure(input, built, stores, reference, measuring));
    }

    private Measurements measure(Path input, List<BuiltCandidate> built, Map<String, Path> stores,
            StoreInfo reference, Duration budget) {
        long lines = reference.lineCount();
        double bytesPerLine = (double) reference.dataBytes() / lines;
        List<Integer> rangeSizes = fitting(RANGE_SIZES, lines);
        List<Integer> crossoverSizes = fitting(CROSSOVER_SIZES, lines);
        String referenceName = built.getFirst().name();
        List<Cell> cells = new ArrayList<>();
        for (BuiltCandidate candidate : built) {
            for (ReadMethod reader : Measurements.READERS) {
                for (Position position : Position.WINDOWS) {
                    for (int size : rangeSizes) {
                        cells.add(cell(candidate.name(), reader, position, size, bytesPerLine));
                    }
                }
                if (candidate.name().equals(referenceName)) {
                    crossoverSizes.stream().filter(size -> !rangeSizes.contains(size))
                            .forEach(size -> cells.add(cell(referenceName, reader, Position.MIDDLE, size, bytesPerLine)));
                }
            }
        }
        Map<String, LineStore> open = new LinkedHashMap<>();
        try {
            List<TrialRunner.Target> targets = new ArrayList<>();
            for (Cell cell : cells) {
                LineStore store = open.computeIfAbsent(cell.candidate() + " " + cell.reader(),
                        key -> LineStores.open(stores.get(cell.candidate()), cell.reader()));
                targets.add(new TrialRunner.Target(store, cell.position().offsets(lines, cell.linesPerRead(),
                        BenchData.SEED), cell.linesPerRead()));
            }
            List<List<Double>> trials = new TrialRunner(targets, progress).run(budget);
            List<Cell> measured = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                Cell cell = cells.get(i);
                measured.add(new Cell(cell.candidate(), cell.reader(), cell.position(), cell.linesPerRead(),
                        cell.bytesPerRead(), trials.get(i)));
            }
            return new Measurements(input.toString(), lines, reference.dataBytes(), built, rangeSizes, crossoverSizes,
                    trials.getFirst().size(), measured);
        } finally {
            open.values().forEach(LineStore::close);
        }
    }

    private static Cell cell(String candidate, ReadMethod reader, Position position, int size, double bytesPerLine) {
        return new Cell(candidate, reader, position, size, Math.max(1, Math.round(size * bytesPerLine)), List.of());
    }

    /** The sizes a sample of {@code lines} lines can take without every read running off its end. */
    private static List<Integer> fitting(List<Integer> sizes, long lines) {
        return sizes.stream().filter(size -> size == 1 || size <= lines / 2).toList();
    }

    private Path build(Path sample, Candidate candidate) {
        Path store = workDir.resolve("stores").resolve(candidate.name().replace('/', '-'));
        LineStores.build(sample, store, candidate.options(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES));
        return store;
    }

    /** Reads the same lines from every candidate with every reader and compares them. */
    private static void checkAgree(Map<String, Path> stores, long lines) {
        List<List<String>> expected = null;
        for (Map.Entry<String, Path> store : stores.entrySet()) {
            for (ReadMethod reader : ReadMethod.values()) {
                try (LineStore open = LineStores.open(store.getValue(), reader)) {
                    List<List<String>> read = Position.WINDOWS.stream()
                            .map(p -> open.read(p.offsets(lines, CHECK_SIZE, BenchData.SEED)[0], CHECK_SIZE)).toList();
                    if (expected == null) {
                        expected = read;
                    } else if (!expected.equals(read)) {
                        throw new IllegalStateException("candidate " + store.getKey() + " read with " + reader
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
}
