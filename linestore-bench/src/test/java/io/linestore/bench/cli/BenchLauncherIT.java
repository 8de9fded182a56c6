package io.linestore.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.gen.Generator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./linestore bench} and {@code ./linestore recommend} run from the benchmarks jar through
 * the real launcher, after package made the jar. {@code LINESTORE_BUILD=never}: a stale jar fails
 * the test instead of starting Maven inside Maven.
 */
class BenchLauncherIT {

    private static final Path LAUNCHER = Path.of(System.getProperty("linestore.launcher"));

    @TempDir
    Path tmp;

    /** What a finished process printed and returned. */
    record Run(int exitCode, String stdout, String stderr) {
    }

    @Test
    void recommendRunsFromTheBenchmarksJar() throws IOException {
        Path input = tmp.resolve("input.txt");
        Generator.builder().lines(2_000).seed(3).build().writeTo(input);

        Run run = run("recommend", input.toString(), "--sample-lines", "1k", "--time", "2s",
                "--work-dir", tmp.resolve("work").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("Recommended layout: ", "linestore build " + input + " STORE");
    }

    @Test
    void benchReportsBadUsageAsEveryCommandDoes() {
        Run run = run("bench", "--lines", "0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("linestore bench: ").contains("--lines must be >= 1").hasLineCount(1);
        assertThat(run("bench", "--help").stdout()).startsWith("Usage: linestore bench").contains("Exit codes:");
    }

    @Test
    void benchDryRunListsThePlanAndRunsNothing() {
        Run run = run("bench", "--dry-run", "--out", tmp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).startsWith("bench --dry-run: quick profile")
                .contains("run reads: ", "in all: 138 benchmarks in 3 runs, expected to take about ");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    /** Runs the launcher with {@code args}, its output in files, and waits for it. */
    private Run run(String... args) {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder launcher = new ProcessBuilder(command).directory(tmp.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(tmp.resolve("stdout.txt").toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile());
        launcher.environment().put("LINESTORE_BUILD", "never");
        // Correctness, not figures: another JMH run on the machine (holding JMH's lock file) must not fail it.
        launcher.environment().put("LINESTORE_JAVA_OPTS", "-Djmh.ignoreLock=true");
        try {
            Process process = launcher.start();
            boolean finished = process.waitFor(5, TimeUnit.MINUTES);
            process.destroyForcibly();
            assertThat(finished).as("finished in time: %s", command).isTrue();
            return new Run(process.exitValue(), Files.readString(tmp.resolve("stdout.txt")),
                    Files.readString(tmp.resolve("stderr.txt")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
