package io.linestore.impl;

import static io.linestore.impl.StoreAfterWrite.assertNoLeftOvers;
import static io.linestore.impl.StoreAfterWrite.concat;
import static io.linestore.impl.StoreAfterWrite.lineText;
import static io.linestore.impl.StoreAfterWrite.lines;
import static io.linestore.impl.StoreAfterWrite.linesOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreReplacedException;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Crash and race tests in the manner of SQLite's: each write runs in a child JVM ({@link CrashChild})
 * that is killed with SIGKILL at a random moment; the store must then open, pass {@code verify}, and
 * hold exactly its lines before the write or exactly those after; the next writer must leave no file
 * the manifest does not name. Races run two writers, or a writer and readers, at once.
 *
 * <p>{@code ./mvnw verify} runs {@value #DEFAULT_KILLS} kills of each write and {@value #DEFAULT_RACES}
 * races of each kind; {@code ./mvnw verify -Pchaos} runs many more (system properties
 * {@code linestore.crash.kills}, per write, and {@code linestore.crash.races}). A failure prints the
 * seed; {@code -Dlinestore.crash.seed=N} replays its timings.
 */
class CrashTest {

    static final int DEFAULT_KILLS = 1;
    static final int DEFAULT_RACES = 2;

    private static final int KILLS = Integer.getInteger("linestore.crash.kills", DEFAULT_KILLS);
    private static final int RACES = Integer.getInteger("linestore.crash.races", DEFAULT_RACES);
    private static final long SEED = Long.getLong("linestore.crash.seed", System.nanoTime());
    private static final int OLD_LINES = 20_000;
    private static final int NEW_LINES = 60_000;
    /** A child still running after this long is stuck, not slow. */
    private static final long CHILD_TIMEOUT_SECONDS = 120;
    private static final int SIGKILL_EXIT = 128 + 9;

    /** The writes that are killed. */
    enum Write {
        /** A store built where there was none. */
        BUILD,
        /** A store built over an existing one. */
        REPLACE,
        /** Lines appended to a store. */
        APPEND,
        /** A file that grew, indexed again: only its new lines. */
        INDEX_GROWN,
        /** A gzip file that grew by a member, indexed again: only the new member, into a new generation. */
        INDEX_GROWN_GZIP,
        /** A file indexed again with another stride: a new index replaces the old. */
        INDEX_RESTRIDE
    }

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(Write.class)
    void aKilledWriterLeavesTheStoreBeforeOrAfterAndTheNextWriterCleansUp(Write write) throws Exception {
        Random random = new Random(SEED + write.ordinal());
        Path newLines = textFile("new.txt", "new", NEW_LINES);
        long fullRunNanos = runOnce(write, tmp.resolve("calibration"), newLines);
        int kills = 0;
        int finished = 0;
        for (int round = 0; kills < KILLS; round++) {
            if (round >= KILLS * 5) {
                fail("only " + kills + " of " + KILLS + " children were killed before they finished; seed " + SEED);
            }
            Path dir = tmp.resolve("round-" + round);
            Scenario scenario = prepare(write, dir, newLines);
            Process child = start(scenario.args());
            // Within the first 80% of a whole run's time: the child is then most often still writing.
            Thread.sleep(random.nextLong(fullRunNanos * 4 / 5) / 1_000_000);
            child.destroyForcibly();
            boolean killed = waitFor(child) == SIGKILL_EXIT;
            if (killed) {
                kills++;
            } else {
                finished++;
            }
            String where = write + " round " + round + (killed ? " killed" : " finished") + ", seed " + SEED;
            List<String> found = linesOf(scenario.target(), where);
            assertThat(found).as(where).isIn(scenario.before(), scenario.after());
            scenario.nextWriter().run();
            assertNoLeftOvers(scenario.storeDir(), where);
            deleteQuietly(dir);
        }
        System.out.printf("crash %s: %d kills, %d finished before the kill, seed %d%n", write, kills, finished, SEED);
    }

    /** Two writers of one store, started at random moments, commit one after the other or one is refused. */
    @Test
    void anAppendAndAReplacementRacingCommitInOneOrderOrOneIsRefused() throws Exception {
        Random random = new Random(SEED);
        Path appended = textFile("appended.txt", "app", NEW_LINES);
        Path replacement = textFile("replacement.txt", "new", NEW_LINES);
        long fullRunNanos = runOnce(Write.APPEND, tmp.resolve("calibration"), replacement);
        for (int race = 0; race < RACES; race++) {
            Path dir = tmp.resolve("race-" + race);
            buildInProcess(dir, "old", OLD_LINES);
            Process append = start("append", dir.toString(), appended.toString());
            Thread.sleep(random.nextLong(fullRunNanos) / 2_000_000);
            Process replace = start("replace", dir.toString(), replacement.toString());
            boolean appendCommitted = waitFor(append) == 0;
            boolean replaceCommitted = waitFor(replace) == 0;
            String where = "race " + race + ", seed " + SEED;
            assertThat(appendCommitted || replaceCommitted).as(where).isTrue();
            List<String> old = lines("old", OLD_LINES);
            List<String> app = lines("app", NEW_LINES);
            List<String> fresh = lines("new", NEW_LINES);
            List<String> found = linesOf(dir, where);
            if (!replaceCommitted) {
                assertThat(found).as(where).isEqualTo(concat(old, app));
            } else if (!appendCommitted) {
                assertThat(found).as(where).isEqualTo(fresh);
            } else {
                assertThat(found).as(where).isIn(fresh, concat(fresh, app));
            }
            appendInProcess(dir);
            assertNoLeftOvers(dir, where);
            deleteQuietly(dir);
        }
        System.out.printf("race append-vs-replace: %d races, seed %d%n", RACES, SEED);
    }

    /** Readers of a store that other processes keep replacing read one store or are told it was replaced. */
    @Test
    void readersOfAStoreBeingReplacedReadOneStoreOrAreToldItWasReplaced() throws Exception {
        Path dir = tmp.resolve("store");
        buildInProcess(dir, "a", OLD_LINES);
        Path[] inputs = {textFile("b.txt", "b", OLD_LINES), textFile("a.txt", "a", OLD_LINES)};
        AtomicBoolean done = new AtomicBoolean();
        long[] replacedErrors = new long[2];
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            List<Future<Long>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                int reader = r;
                readers.add(pool.submit(() -> {
                    Random random = new Random(SEED + reader);
                    long reads = 0;
                    while (!done.get()) {
                        try (LineStore store = LineStores.open(dir)) {
                            String prefix = null;
                            for (int i = 0; i < 50; i++) {
                                long offset = random.nextLong(OLD_LINES);
                                List<String> got = store.read(offset, 1 + random.nextInt(12_000));
                                for (int k = 0; k < got.size(); k++) {
                                    String line = got.get(k);
                                    String linePrefix = line.substring(0, line.indexOf(' '));
                                    prefix = prefix == null ? linePrefix : prefix;
                                    assertThat(line).as("seed " + SEED).isEqualTo(lineText(prefix, offset + k));
                                }
                                reads++;
                            }
                        } catch (StoreReplacedException e) {
                            replacedErrors[reader]++;
                        }
                    }
                    return reads;
                }));
            }
            try {
                for (int race = 0; race < RACES; race++) {
                    assertThat(waitFor(start("replace", dir.toString(), inputs[race % 2].toString())))
                            .as("replacement " + race).isZero();
                }
            } finally {
                done.set(true);
            }
            for (Future<Long> reader : readers) {
                assertThat(reader.get()).isPositive();
            }
        }
        assertNoLeftOvers(dir, "after the replacements");
        System.out.printf("race replace-under-readers: %d replacements, %d reads told the store was replaced,"
                + " seed %d%n", RACES, replacedErrors[0] + replacedErrors[1], SEED);
    }

    /** What a round starts from, what the child is told to do, and what the store may hold after. */
    private record Scenario(Path storeDir, Path target, List<String> before, List<String> after, String[] args,
            Runnable nextWriter) {
    }

    private Scenario prepare(Write write, Path dir, Path newLines) throws IOException {
        Files.createDirectories(dir);
        Path store = dir.resolve("store");
        List<String> old = lines("old", OLD_LINES);
        List<String> fresh = lines("new", NEW_LINES);
        return switch (write) {
            case BUILD -> new Scenario(store, store, null, fresh,
                    new String[] {"build", store.toString(), newLines.toString()}, () -> {
                        if (Files.exists(store.resolve(StoreFiles.MANIFEST))) {
                            appendInProcess(store);
                        } else {
                            LineStores.build(newLines, store, CrashChild.SHAPE, CrashChild.WRITE);
                        }
                    });
            case REPLACE -> {
                buildInProcess(store, "old", OLD_LINES);
                yield new Scenario(store, store, old, fresh,
                        new String[] {"replace", store.toString(), newLines.toString()}, () -> appendInProcess(store));
            }
            case APPEND -> {
                buildInProcess(store, "old", OLD_LINES);
                yield new Scenario(store, store, old, concat(old, fresh),
                        new String[] {"append", store.toString(), newLines.toString()}, () -> appendInProcess(store));
            }
            case INDEX_GROWN -> {
                Path file = Files.copy(textFile("old.txt", "old", OLD_LINES), dir.resolve("app.log"));
                IndexOptions same = IndexOptions.builder().indexStride(1).build();
                LineStores.index(file, same, CrashChild.WRITE);
                Files.write(file, Files.readAllBytes(newLines), StandardOpenOption.APPEND);
                yield new Scenario(StoreFiles.sidecarDir(file), file, old, concat(old, fresh),
                        new String[] {"index", file.toString(), "1"}, () -> LineStores.index(file, same, CrashChild.WRITE));
            }
            case INDEX_GROWN_GZIP -> {
                Path file = Files.write(dir.resolve("app.log.gz"), gzip(textFile("old.txt", "old", OLD_LINES)));
                IndexOptions same = IndexOptions.builder().indexStride(1).build();
                LineStores.index(file, same, CrashChild.WRITE);
                Files.write(file, gzip(newLines), StandardOpenOption.APPEND);
                yield new Scenario(StoreFiles.sidecarDir(file), file, old, concat(old, fresh),
                        new String[] {"index", file.toString(), "1"}, () -> LineStores.index(file, same, CrashChild.WRITE));
            }
            case INDEX_RESTRIDE -> {
                Path file = dir.resolve("app.log");
                Files.write(file, Files.readAllBytes(textFile("old.txt", "old", OLD_LINES)));
                Files.write(file, Files.readAllBytes(newLines), StandardOpenOption.APPEND);
                LineStores.index(file, IndexOptions.builder().indexStride(1).build(), CrashChild.WRITE);
                IndexOptions sparse = IndexOptions.builder().indexStride(8).build();
                List<String> all = concat(old, fresh);
                yield new Scenario(StoreFiles.sidecarDir(file), file, all, all,
                        new String[] {"index", file.toString(), "8"}, () -> LineStores.index(file, sparse, CrashChild.WRITE));
            }
        };
    }

    /** Runs a write to its end, checking it commits; returns how long the child took. */
    private long runOnce(Write write, Path dir, Path newLines) throws Exception {
        Scenario scenario = prepare(write, dir, newLines);
        long started = System.nanoTime();
        assertThat(waitFor(start(scenario.args()))).as(write + " run to its end").isZero();
        long took = System.nanoTime() - started;
        assertThat(linesOf(scenario.target(), write + " run to its end")).isEqualTo(scenario.after());
        deleteQuietly(dir);
        return took;
    }

    /**
     * The test's own classes and every library it sees. Surefire runs this module's tests on the
     * module path, where the libraries are on {@code jdk.module.path} and the test classes are
     * patched into the module; the child runs them all on the class path instead.
     */
    static String childClassPath() {
        List<String> entries = new ArrayList<>();
        try {
            entries.add(Path.of(CrashChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the test classes' location is no path", e);
        }
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property, "");
            if (!value.isEmpty()) {
                entries.add(value);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "-XX:TieredStopAtLevel=1", "-cp", childClassPath(), CrashChild.class.getName()));
        command.addAll(List.of(args));
        // Refused writers say so on standard error: kept in a file, not in the build's output.
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(tmp.resolve("children.err").toFile())).start();
    }

    private static int waitFor(Process child) throws InterruptedException {
        if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("a writer did not finish in " + CHILD_TIMEOUT_SECONDS + " s");
        }
        return child.exitValue();
    }

    private static void buildInProcess(Path store, String prefix, int count) {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < count; n++) {
            text.append(lineText(prefix, n)).append('\n');
        }
        LineStores.build(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.US_ASCII)), store,
                CrashChild.SHAPE, CrashChild.WRITE);
    }

    private static void appendInProcess(Path store) {
        LineStores.append(store, new ByteArrayInputStream(new byte[0]), CrashChild.WRITE);
    }

    private Path textFile(String name, String prefix, int count) throws IOException {
        Path file = tmp.resolve(name);
        if (!Files.exists(file)) {
            Files.write(file, lines(prefix, count));
        }
        return file;
    }

    private static byte[] gzip(Path file) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            Files.copy(file, gzip);
        }
        return out.toByteArray();
    }

    private static void deleteQuietly(Path dir) {
        try {
            com.google.common.io.MoreFiles.deleteRecursively(dir,
                    com.google.common.io.RecursiveDeleteOption.ALLOW_INSECURE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
