package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linestore.ReadMethod;
import io.linestore.cli.common.OptionNames;
import io.linestore.gen.Generator;
import io.linestore.gen.LengthDistribution;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mvnw -Pbig verify} only (never in the default build): a store of 2^31 + 1,000,000 short
 * generated lines, piped from {@code gen} into {@code build --index compact} without a text file,
 * once single and once in shards of 1,000,000 lines. Every reader reads the last lines, the lines
 * around 2^31 and random lines in a JVM of {@code -Xmx64m}, checked against data-gen's
 * {@code expectedLine}; {@code verify} passes; the test prints index bytes per line, build time and
 * the peak resident memory of the build and of the readers, and deletes the store. Needs about
 * 55 GB free under {@code linestore.big.dir} (default {@code target/big}); it says so and fails
 * when there is less.
 */
class BillionsOfLinesBigIT {

    private static final long LINES = (1L << 31) + 1_000_000;
    private static final LengthDistribution SHORT = LengthDistribution.fixed(0);
    private static final Path JAR = Path.of(System.getProperty("linestore.jar"));
    private static final String JAVA = ProcessHandle.current().info().command().orElse("java");
    private static final Path DIR = Path.of(System.getProperty("linestore.big.dir", "target/big"));

    @Test
    void singleStoreOfMoreThanTwoToThe31Lines() throws IOException, InterruptedException {
        buildReadVerify("single", List.of());
    }

    @Test
    void shardedStoreOfMoreThanTwoToThe31Lines() throws IOException, InterruptedException {
        buildReadVerify("sharded", List.of("--layout", "sharded", "--shard-lines", "1000000"));
    }

    private static void buildReadVerify(String name, List<String> shape) throws IOException, InterruptedException {
        Generator generator = Generator.builder().lines(LINES).lengths(SHORT).build();
        Files.createDirectories(DIR);
        long needed = generator.byteCount() + generator.byteCount() / 8;
        long free = Files.getFileStore(DIR).getUsableSpace();
        assertThat(free).as("free bytes under %s for a store of %,d bytes", DIR.toAbsolutePath(), needed)
                .isGreaterThan(needed);
        Path store = DIR.resolve(name);
        deleteTree(store);
        try {
            long started = System.nanoTime();
            List<String> build = new ArrayList<>(List.of(JAVA, "-jar", JAR.toString(), "build", "-",
                    store.toString(), "--index", "compact"));
            build.addAll(shape);
            List<Process> pipeline = ProcessBuilder.startPipeline(List.of(
                    new ProcessBuilder(JAVA, "-jar", JAR.toString(), "gen", "--lines", Long.toString(LINES),
                            "--length", SHORT.toString()).redirectError(ProcessBuilder.Redirect.INHERIT),
                    new ProcessBuilder(build).redirectError(ProcessBuilder.Redirect.INHERIT)
                            .redirectOutput(ProcessBuilder.Redirect.INHERIT)));
            long buildPeak = waitMeasuringPeak(pipeline.getLast());
            assertThat(pipeline.getFirst().waitFor()).as("gen exit code").isZero();
            assertThat(pipeline.getLast().exitValue()).as("build exit code").isZero();
            Duration buildTime = Duration.ofNanos(System.nanoTime() - started);

            long readPeak = 0;
            for (ReadMethod method : ReadMethod.values()) {
                for (long[] range : ranges()) {
                    readPeak = Math.max(readPeak, checkRead(generator, store, method, range[0], (int) range[1]));
                }
            }
            Run verify = run(List.of(JAVA, "-Xmx64m", "-jar", JAR.toString(), "verify", store.toString()));
            assertThat(verify.exitCode()).as(verify.out()).isZero();
            Run info = run(List.of(JAVA, "-jar", JAR.toString(), "info", store.toString(), "--json"));
            JsonNode json = new ObjectMapper().readTree(info.out());
            assertThat(json.get("lineCount").asLong()).isEqualTo(LINES);
            System.out.printf(Locale.ROOT, "big %s: %,d lines, %,d data bytes, %.3f index bytes per line, build %s,"
                    + " build peak RSS %,d KiB, reader peak RSS %,d KiB (-Xmx64m)%n", name, LINES,
                    json.get("dataBytes").asLong(), json.get("indexBytesPerLine").asDouble(), buildTime,
                    buildPeak, readPeak);
        } finally {
            deleteTree(store);
        }
    }

    /** The last lines, the lines around 2^31 and 2^32 - 1 bytes' worth, and random lines. */
    private static List<long[]> ranges() {
        List<long[]> ranges = new ArrayList<>(List.of(new long[] {LINES - 3, 3},
                new long[] {(1L << 31) - 2, 4}, new long[] {Integer.MAX_VALUE, 1}, new long[] {0, 2}));
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 5; i++) {
            ranges.add(new long[] {random.nextLong(LINES - 10), 10});
        }
        return ranges;
    }

    /** Reads a range in a JVM of -Xmx64m and compares each line; returns the reader's peak RSS in KiB. */
    private static long checkRead(Generator generator, Path store, ReadMethod method, long offset, int count)
            throws IOException, InterruptedException {
        ProcessBuilder read = new ProcessBuilder(JAVA, "-Xmx64m", "-jar", JAR.toString(), "read", store.toString(),
                Long.toString(offset), Integer.toString(count), "--reader", OptionNames.of(method))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = read.start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
            try (var stdout = process.getInputStream()) {
                return stdout.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        long peak = waitMeasuringPeak(process);
        assertThat(process.exitValue()).as("read %d %d with %s", offset, count, method).isZero();
        List<String> lines = new String(out.join(), StandardCharsets.UTF_8).lines().toList();
        List<String> expected = new ArrayList<>();
        for (long i = offset; i < offset + count; i++) {
            expected.add(generator.expectedLine(i));
        }
        assertThat(lines).as("lines %d..%d with %s", offset, offset + count, method).isEqualTo(expected);
        return peak;
    }

    /** Waits for a process, polling its peak resident set size (VmHWM) meanwhile; returns it in KiB. */
    private static long waitMeasuringPeak(Process process) throws InterruptedException {
        long peak = 0;
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        while (!process.waitFor(200, TimeUnit.MILLISECONDS)) {
            try (Stream<String> lines = Files.lines(status)) {
                peak = Math.max(peak, lines.filter(line -> line.startsWith("VmHWM:"))
                        .mapToLong(line -> Long.parseLong(line.replaceAll("\\D", ""))).max().orElse(0));
            } catch (IOException | UncheckedIOException e) {
                // The process ended between two polls: its last reading stands.
            }
        }
        return peak;
    }

    private record Run(int exitCode, String out) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), out);
    }

    private static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
