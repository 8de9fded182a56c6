package io.linestore.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.bench.report.JmhResults;
import io.linestore.cli.common.ExitCodes;
import io.linestore.gen.Generator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The commands through {@code execute()}, as the launcher runs them from the benchmarks jar. */
class CommandsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine line = BenchMain.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return line.execute(args);
    }

    @Test
    void benchRejectsBadUsageWithExitTwo() {
        assertThat(execute("bench", "--lines", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--lines must be >= 1: 0");
        assertThat(execute("bench", "--include", "(")).isEqualTo(2);
        assertThat(execute("bench", "--include", "NoSuchBenchmark")).isEqualTo(2);
        assertThat(err.toString()).contains("--include matches no benchmark: NoSuchBenchmark");
        assertThat(execute("bench", "--iterations", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--iterations and --iteration-ms >= 1");
        assertThat(execute("bench", "-p", "lines=5")).isEqualTo(2);
        assertThat(err.toString()).contains("--lines");
    }

    @Test
    void withoutACommandPrintsUsageAsBadUsage() {
        assertThat(execute()).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("Usage: linestore").contains("bench", "recommend");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bench", "recommend"})
    void helpListsTheExitCodes(String command) {
        assertThat(execute(command, "--help")).isZero();
        assertThat(out.toString()).startsWith("Usage: linestore " + command).contains("Exit codes:", "2   bad usage");
    }

    /** picocli reports a description it cannot format (a lone {@code %}) on the JVM's standard error. */
    @ParameterizedTest
    @ValueSource(strings = {"bench", "recommend"})
    void helpFormatsWithoutAWarning(String command) {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            assertThat(execute(command, "--help")).isZero();
        } finally {
            System.setErr(original);
        }
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString()).doesNotContain("%%");
    }

    @Test
    void countsTakeSuffixesAndBadOnesAreNamed() {
        assertThat(execute("bench", "--lines", "lots")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("linestore bench: ").contains("'lots'").hasLineCount(1);
        assertThat(execute("bench", "--lines", "1k", "--include", "NoSuchBenchmark")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--include matches no benchmark");
    }

    @Test
    void benchRunsTheChosenBenchmarksAndWritesTheReport() {
        Path results = dir.resolve("results");

        int exit = execute("bench", "--include", "SequentialIo", "-p", "io=MMAP",
                "-p", "bufferSize=4096", "-p", "fileBytes=65536", "--data-dir", dir.resolve("data").toString(),
                "--warmups", "0", "--iterations", "1", "--iteration-ms", "50",
                "--out", results.toString(), "--quiet");

        assertThat(exit).as(err.toString()).isZero();
        // read, write and writeForced of one way, one buffer size and one file size, in this JVM.
        assertThat(out.toString()).contains("bench: 3 benchmarks in 1 runs, expected to take about ");
        assertThat(err.toString()).startsWith("bench: starting: 3 benchmarks in 1 runs; ETA ")
                .contains("bench: io (run 1 of 1): 0 of 3 done, at SequentialIoBenchmark.read; 3 benchmarks left; ETA ",
                        "bench: io (run 1 of 1): 2 of 3 done, at SequentialIoBenchmark.writeForced; 1 benchmarks left;");
        assertThat(JmhResults.read(results.resolve("jmh.json"))).hasSize(3);
        assertThat(results.resolve("results.csv")).content().contains("SequentialIoBenchmark.read", "MMAP");
        assertThat(results.resolve("results.md")).content().contains("### Sequential I/O (MB/s)");
        assertThat(out.toString()).contains("wrote " + results.resolve("results.md"));
    }

    @Test
    void theDryRunListsEachRunsBenchmarksAndTheirTimeAndRunsNothing() {
        Path results = dir.resolve("results");
        Path data = dir.resolve("data");

        int exit = execute("bench", "--dry-run", "--out", results.toString(), "--data-dir", data.toString());

        assertThat(exit).as(err.toString()).isZero();
        assertThat(results).doesNotExist();
        assertThat(data).doesNotExist();
        assertThat(err.toString()).isEmpty();
        // The quick profile by hand: see PlannedRunTest.
        assertThat(out.toString()).startsWith("bench --dry-run: quick profile, 1,000,000-line store; nothing is run\n")
                .containsPattern("run reads: Throughput, 1 fork, 1 x 300 ms warmup \\+ 2 x 300 ms measured: 78"
                        + " benchmarks, about \\d+m\\d\\ds\n  ReadBenchmark +60\n  NaiveReadBenchmark +12\n"
                        + "  SqliteReadBenchmark +6\n")
                .contains("run latency: SampleTime, 1 fork", ": 26 benchmarks, about ")
                .containsPattern("run io: Throughput, no fork \\(in this JVM\\), [^\n]*: 34 benchmarks")
                .containsPattern("in all: 138 benchmarks in 3 runs, expected to take about \\d+m\\d\\ds\n")
                .contains("model: each benchmark forks x (");
    }

    @Test
    void theDryRunAppliesTheOptionsToTheProfile() {
        String[] options = {"bench", "--include", "^ReadBenchmark$", "-p", "layout=SINGLE", "-p", "method=MMAP,FILE_CHANNEL",
            "-p", "rangeSize=1,100", "--full"};

        assertThat(execute(concat(options, "--dry-run"))).as(err.toString()).isZero();

        // 4 strides x 2 readers x 4 positions x 2 sizes; the latency run: 4 positions x 2 readers, dense, 1 line.
        assertThat(out.toString()).containsPattern("run reads: [^\n]*: 64 benchmarks")
                .containsPattern("run latency: [^\n]*: 8 benchmarks").contains("in all: 72 benchmarks in 2 runs")
                .doesNotContain("run io");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void recommendPrintsTheTablesTheReasonsAndTheBuildCommandAndWritesItsFiles() throws IOException {
        Path input = dir.resolve("input.txt");
        Generator.builder().lines(2_000).seed(4).build().writeTo(input);
        Path results = dir.resolve("results");

        int exit = execute("recommend", input.toString(), "--sample-lines", "1k", "--time", "2s",
                "--work-dir", dir.resolve("work").toString(), "--out", results.toString());

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Measured on the first 1,000 lines (", "of " + input,
                "| candidate | reader | lines per read | start | middle | end |",
                "| candidate | score | of the fastest | files | index B/line | stored B/line | standing |",
                "Recommended layout: ", "linestore build " + input + " STORE --layout ",
                "wrote " + results.resolve("recommend.json"), "wrote " + results.resolve("recommend-crossover.png"));
        assertThat(results.resolve("recommend-throughput.png")).isNotEmptyFile();
        assertThat(dir.resolve("work/sample.txt")).exists();
    }

    @Test
    void recommendRejectsAMissingInputAndBadOptionsWithExitTwo() throws IOException {
        assertThat(execute("recommend", dir.resolve("missing.txt").toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("linestore recommend: ").hasLineCount(1)
                .contains("INPUT is not a readable file: " + dir.resolve("missing.txt"));
        Path input = Files.writeString(dir.resolve("in.txt"), "a\n");
        assertThat(execute("recommend", input.toString(), "--sample-lines", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("sample lines must be >= 1: 0");
        assertThat(execute("recommend", input.toString(), "--time", "30")).isEqualTo(2);
        assertThat(err.toString()).contains("bad time '30': expected a whole number and ms, s, m or h");
        assertThat(execute("recommend", input.toString(), "--time", "0s")).isEqualTo(2);
        assertThat(err.toString()).contains("--time must be at least 1ms: PT0S");
        Path kept = Files.writeString(Files.createDirectories(dir.resolve("work")).resolve("mine.txt"), "keep");
        assertThat(execute("recommend", input.toString(), "--work-dir", dir.resolve("work").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--work-dir is not empty: " + dir.resolve("work"));
        assertThat(kept).hasContent("keep");
    }
}
