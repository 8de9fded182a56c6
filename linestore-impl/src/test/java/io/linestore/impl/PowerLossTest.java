package io.linestore.impl;

import static io.linestore.impl.StoreAfterWrite.assertNoLeftOvers;
import static io.linestore.impl.StoreAfterWrite.concat;
import static io.linestore.impl.StoreAfterWrite.lines;
import static io.linestore.impl.StoreAfterWrite.linesOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.Compression;
import io.linestore.ExistingStore;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreNotFoundException;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.powerloss.PowerLossFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The power-loss half of the atomic-write promise: with {@code fsync}, a build, a replacement, an
 * append, an index in place and a re-index of a grown file, cut at any operation that changes the
 * disk and followed by a power cut, leave the store before the write or the store after it; it opens,
 * passes {@code verify}, holds exactly the old lines or exactly the new ones, and the next writer
 * leaves nothing behind. A write that returned keeps its store through a power cut.
 *
 * <p>Each write runs in this JVM on a {@link PowerLossFileSystem}, once to its end to count its
 * operations, then once per cut with operation N (drawn from [1, count]) failing as if the process
 * died there; the power cut keeps what was forced, and in half the cuts some of what was not. The
 * store is then read through the default file system. Cuts rotate over the single and sharded
 * layouts and the dense, compact and sparse indexes.
 *
 * <p>{@code ./mvnw verify} cuts each write {@value #DEFAULT_CUTS} times with {@code fsync} and as many
 * without; {@code -Pchaos} 1,000 times each ({@code linestore.powerloss.cuts}). Without {@code fsync}
 * nothing is promised at a power cut: that run only prints what it found. A failure names the seed
 * and the operation cut; {@code -Dlinestore.powerloss.seed=N} replays the draws.
 */
class PowerLossTest {

    static final int DEFAULT_CUTS = 6;

    private static final int CUTS = Integer.getInteger("linestore.powerloss.cuts", DEFAULT_CUTS);
    private static final long SEED = Long.getLong("linestore.powerloss.seed", System.nanoTime());
    private static final int OLD_LINES = 120;
    private static final int NEW_LINES = 150;
    /** Small, so that a write makes dozens of operations to cut between. */
    private static final int WRITE_BUFFER = 256;

    /** The writes that are cut. */
    enum Write {
        /** A store built where there was none. */
        BUILD,
        /** A store built over an existing one ({@code build --force}). */
        REPLACE,
        /** Lines appended to a store. */
        APPEND,
        /** A text file indexed in place for the first time. */
        INDEX,
        /** A text file that grew, indexed again: only its new lines. */
        INDEX_GROWN;

        boolean inPlace() {
            return this == INDEX || this == INDEX_GROWN;
        }

        /** The shapes its cuts rotate over: a file indexed in place is always one shard. */
        List<Shape> shapes() {
            return inPlace()
                    ? List.of(new Shape(Layout.SINGLE, IndexKind.DENSE), new Shape(Layout.SINGLE, IndexKind.compact(2)),
                            new Shape(Layout.SINGLE, IndexKind.sparse(5)))
                    : List.of(new Shape(Layout.SINGLE, IndexKind.DENSE), new Shape(Layout.SHARDED, IndexKind.DENSE),
                            new Shape(Layout.SINGLE, IndexKind.compact(2)),
                            new Shape(Layout.SHARDED, IndexKind.compact(2)),
                            new Shape(Layout.SINGLE, IndexKind.DENSE, ZSTD),
                            new Shape(Layout.SHARDED, IndexKind.compact(2), ZSTD));
        }
    }

    /** zstd blocks of 256 bytes: the stores of these tests span several. */
    private static final Compression ZSTD = Compression.zstd(1, 256);

    /** A store's layout (shards of 50 lines when sharded), index and compression. */
    record Shape(Layout layout, IndexKind index, Compression compression) {
        Shape(Layout layout, IndexKind index) {
            this(layout, index, Compression.NONE);
        }

        StoreOptions storeOptions() {
            return StoreOptions.builder().layout(layout).linesPerShard(50).index(index).compression(compression)
                    .build();
        }

        IndexOptions indexOptions() {
            return IndexOptions.builder().index(index).build();
        }

        @Override
        public String toString() {
            return layout.name().toLowerCase(Locale.ROOT) + " " + index
                    + (compression.compressed() ? " " + compression : "");
        }
    }

    /**
     * One write, set up in a directory: what it changes, what may be there after it, how to run it on
     * a power-loss file system, and what the next writer does.
     */
    private record Scenario(Path storeDir, Path target, List<String> before, List<String> after, Writer writer,
            Runnable nextWriter) {
    }

    /** Runs a write through the paths of a power-loss file system. */
    @FunctionalInterface
    private interface Writer {
        void write(PowerLossFileSystem fs);
    }

    @TempDir
    Path tmp;

    private final Map<String, Long> operationCounts = new HashMap<>();

    @ParameterizedTest
    @EnumSource(Write.class)
    void withFsyncAPowerCutAtAnyOperationLeavesTheOldOrTheNewStore(Write write) throws IOException {
        SplittableRandom random = random(write, true);
        for (int cut = 0; cut < CUTS; cut++) {
            Shape shape = write.shapes().get(cut % write.shapes().size());
            long count = operations(write, shape, true);
            long operation = random.nextLong(1, count + 1);
            long survivalSeed = random.nextLong();
            boolean someUnforcedSurvive = random.nextBoolean();
            String where = write + " " + shape + " with fsync, cut " + cut + " at operation " + operation + " of "
                    + count + (someUnforcedSurvive ? ", some unforced changes kept" : ", only forced changes kept")
                    + ", seed " + SEED;
            Path dir = tmp.resolve("cut-" + write + "-" + cut);
            Scenario scenario = prepare(write, shape, dir, true);
            runCut(scenario, dir, operation, someUnforcedSurvive ? new SplittableRandom(survivalSeed) : null);

            List<String> found = linesOf(scenario.target(), where);
            if (scenario.before() == null) {
                assertThat(found).as(where).isIn(null, scenario.after());
            } else {
                assertThat(found).as(where).isNotNull().isIn(scenario.before(), scenario.after());
            }
            scenario.nextWriter().run();
            assertNoLeftOvers(scenario.storeDir(), where);
            deleteRecursively(dir);
        }
        System.out.printf("power loss %s with fsync: %d cuts, seed %d, operations per write %s%n", write, CUTS, SEED,
                operationCounts);
    }

    /**
     * Without {@code fsync} nothing is promised when the power goes: the same cuts, and a cut after the
     * write returned, only tallied (store kept old or new, lost, unreadable and why) and printed.
     */
    @ParameterizedTest
    @EnumSource(Write.class)
    void withoutFsyncWhatAPowerCutLeavesIsTallied(Write write) throws IOException {
        SplittableRandom random = random(write, false);
        Map<String, Integer> tally = new TreeMap<>();
        for (int cut = 0; cut < CUTS; cut++) {
            Shape shape = write.shapes().get(cut % write.shapes().size());
            long count = operations(write, shape, false);
            boolean afterReturn = cut % 4 == 3;
            long operation = afterReturn ? count + 1 : random.nextLong(1, count + 1);
            SplittableRandom survival = new SplittableRandom(random.nextLong());
            Path dir = tmp.resolve("nofsync-" + write + "-" + cut);
            Scenario scenario = prepare(write, shape, dir, false);
            runCut(scenario, dir, operation, survival);
            tally.merge((afterReturn ? "after the write returned: " : "cut during the write: ")
                    + outcome(scenario), 1, Integer::sum);
            deleteRecursively(dir);
        }
        System.out.printf("power loss %s without fsync, %d cuts, seed %d:%n", write, CUTS, SEED);
        tally.forEach((outcome, times) -> System.out.printf("  %5d  %s%n", times, outcome));
        assertThat(tally.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(CUTS);
    }

    /** The draws of one write's cuts, with or without fsync: the seed replays them. */
    private static SplittableRandom random(Write write, boolean fsync) {
        return new SplittableRandom(SEED + 2L * write.ordinal() + (fsync ? 0 : 1));
    }

    /**
     * Runs the write to its end on a power-loss file system and returns how many operations it made;
     * with {@code fsync}, checks that the new store survives a power cut right after the write returned.
     */
    private long operations(Write write, Shape shape, boolean fsync) throws IOException {
        String key = write + " " + shape + " " + fsync;
        Long known = operationCounts.get(key);
        if (known != null) {
            return known;
        }
        Path dir = tmp.resolve("count-" + operationCounts.size());
        Scenario scenario = prepare(write, shape, dir, fsync);
        PowerLossFileSystem fs = PowerLossFileSystem.over(dir);
        scenario.writer().write(fs);
        long count = fs.operations();
        if (fsync) {
            fs.powerCut();
            assertThat(linesOf(scenario.target(), key + ", power cut after the write returned"))
                    .as(key + ", power cut after the write returned, seed " + SEED).isEqualTo(scenario.after());
        }
        deleteRecursively(dir);
        operationCounts.put(key, count);
        return count;
    }

    /** Runs the write with the operation cut, then cuts the power. */
    private static void runCut(Scenario scenario, Path dir, long operation, SplittableRandom survival)
            throws IOException {
        PowerLossFileSystem fs = PowerLossFileSystem.over(dir);
        fs.cutAt(operation);
        try {
            scenario.writer().write(fs);
        } catch (RuntimeException e) {
            if (!fs.wasCut()) {
                throw e;
            }
        }
        if (survival == null) {
            fs.powerCut();
        } else {
            fs.powerCut(survival);
        }
    }

    private Scenario prepare(Write write, Shape shape, Path dir, boolean fsync) throws IOException {
        Files.createDirectories(dir);
        WriteOptions options = WriteOptions.builder().writeBufferSize(WRITE_BUFFER).fsync(fsync).build();
        // The store before the write, and the next writer, use the default file system: no fsync needed.
        WriteOptions plain = WriteOptions.builder().writeBufferSize(WRITE_BUFFER).build();
        List<String> old = lines("old", OLD_LINES);
        List<String> fresh = lines("new", NEW_LINES);
        Path oldLines = textFile("old.txt", old);
        Path newLines = textFile("new.txt", fresh);
        Path noLines = textFile("empty.txt", List.of());
        Path store = dir.resolve("store");
        StoreOptions shapeOptions = shape.storeOptions();
        Runnable appendNothing = () -> LineStores.append(store, noLines, plain);
        return switch (write) {
            case BUILD -> new Scenario(store, store, null, fresh,
                    fs -> LineStores.build(newLines, fs.path(store), shapeOptions, options), () -> {
                        if (Files.exists(store.resolve(StoreFiles.MANIFEST))) {
                            appendNothing.run();
                        } else {
                            LineStores.build(newLines, store, shapeOptions, plain);
                        }
                    });
            case REPLACE -> {
                LineStores.build(oldLines, store, shapeOptions, plain);
                yield new Scenario(store, store, old, fresh,
                        fs -> LineStores.build(newLines, fs.path(store), shapeOptions, options, ExistingStore.REPLACE),
                        appendNothing);
            }
            case APPEND -> {
                LineStores.build(oldLines, store, shapeOptions, plain);
                yield new Scenario(store, store, old, concat(old, fresh),
                        fs -> LineStores.append(fs.path(store), newLines, options), appendNothing);
            }
            case INDEX -> {
                Path file = Files.copy(newLines, dir.resolve("app.log"));
                yield new Scenario(StoreFiles.sidecarDir(file), file, null, fresh,
                        fs -> LineStores.index(fs.path(file), shape.indexOptions(), options),
                        () -> LineStores.index(file, shape.indexOptions(), plain));
            }
            case INDEX_GROWN -> {
                Path file = Files.copy(oldLines, dir.resolve("app.log"));
                LineStores.index(file, shape.indexOptions(), plain);
                Files.write(file, Files.readAllBytes(newLines), StandardOpenOption.APPEND);
                yield new Scenario(StoreFiles.sidecarDir(file), file, old, concat(old, fresh),
                        fs -> LineStores.index(fs.path(file), shape.indexOptions(), options),
                        () -> LineStores.index(file, shape.indexOptions(), plain));
            }
        };
    }

    /** What a cut left, in a few words: the old or new lines, none, or why the store cannot be read. */
    private static String outcome(Scenario scenario) {
        try (LineStore store = LineStores.open(scenario.target())) {
            if (!store.verify().problems().isEmpty()) {
                return "opens, fails verify: " + words(store.verify().problems().getFirst().toString());
            }
            List<String> found = store.read(0, Integer.MAX_VALUE);
            return found.equals(scenario.after()) ? "the new store"
                    : found.equals(scenario.before()) ? "the old store" : "other lines: " + found.size();
        } catch (StoreNotFoundException e) {
            return scenario.before() == null ? "no store, as before" : "the store lost: " + words(e.getMessage());
        } catch (RuntimeException e) {
            return "does not open: " + e.getClass().getSimpleName() + ": " + words(e.getMessage());
        }
    }

    /** A message without its paths and numbers, so that alike outcomes tally together. */
    private static String words(String message) {
        return String.valueOf(message).replaceAll("\\S*/\\S*", "PATH").replaceAll("[0-9a-f]*[0-9][0-9a-f]*", "N");
    }

    private Path textFile(String name, List<String> lines) throws IOException {
        Path file = tmp.resolve(name);
        if (!Files.exists(file)) {
            Files.write(file, lines);
        }
        return file;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        MoreFiles.deleteRecursively(dir, RecursiveDeleteOption.ALLOW_INSECURE);
    }
}
