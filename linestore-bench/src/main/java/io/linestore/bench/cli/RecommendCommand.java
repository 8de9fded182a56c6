package io.linestore.bench.cli;

import io.linestore.bench.data.BenchData;
import io.linestore.bench.recommend.Measurements;
import io.linestore.bench.recommend.Progress;
import io.linestore.bench.recommend.RecommendFiles;
import io.linestore.bench.recommend.RecommendTables;
import io.linestore.bench.recommend.Recommendation;
import io.linestore.bench.recommend.Recommender;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code recommend INPUT}: samples the user's file, builds candidate layouts in a work directory,
 * measures them in interleaved trials within {@code --time}, and prints the tables it decided from
 * (medians and intervals), the layout and reader with the reasons, and the {@code linestore build}
 * command for that store. {@code --out DIR} also writes JSON, CSV, Markdown and PNG charts. A
 * progress bar shows on standard error when it is a terminal. Bad usage is exit 2; a failure is
 * thrown for the root command to print (exit 1).
 */
@Command(name = "recommend", mixinStandardHelpOptions = true,
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP},
        description = {"Measures candidate layouts and readers on a sample of INPUT and recommends one.",
            "Prints reads per second (median and 95%% interval of interleaved trials) at the start, middle and end"
                    + " of each candidate, the layout and reader with the reasons, and the command that builds the"
                    + " store. Among candidates that are not measurably slower than the fastest it chooses the one"
                    + " with the fewest files, then the fewest bytes stored, then the smallest index; a compressed"
                    + " store that reads slower is weighed in a reason (its size against its speed).",
            "Figures are warm page cache, measured in this JVM."})
public final class RecommendCommand implements Callable<Integer> {

    /** The launcher's system property that says whether standard error is a terminal. */
    private static final String STDERR_TERMINAL = "linestore.stderr.terminal";

    /** About what writing the {@code --out} files takes, most of it drawing the charts. */
    private static final Duration OUTPUT_TIME = Duration.ofSeconds(2);

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "INPUT", description = "The text file to sample.")
    private Path input;

    @Option(names = "--sample-lines", paramLabel = "N", defaultValue = "1000000", converter = Sizes.CountConverter.class,
            description = "Lines to sample from the start of INPUT, such as 500k or 2M (default: ${DEFAULT-VALUE}).")
    private long sampleLines;

    @Option(names = "--time", paramLabel = "TIME", defaultValue = "60s", converter = DurationConverter.class,
            description = "The whole run's time, sampling and building included, such as 30s or 2m; more time,"
                    + " more trials and narrower intervals (default: ${DEFAULT-VALUE}).")
    private Duration time;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write recommend.json, recommend.csv, recommend.md and PNG charts into DIR.")
    private Path out;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "An empty or new directory to build the candidates in, kept afterwards"
                    + " (default: a temporary directory, deleted afterwards).")
    private Path workDir;

    /** Creates the command; picocli fills its options. */
    public RecommendCommand() {
    }

    /**
     * Measures and prints the recommendation.
     *
     * @return {@link ExitCodes#OK}
     * @throws ParameterException if INPUT is not a readable file or an option is out of range
     */
    @Override
    public Integer call() {
        if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
            throw new ParameterException(spec.commandLine(), "INPUT is not a readable file: " + input);
        }
        Recommender.Settings settings;
        try {
            settings = new Recommender.Settings(sampleLines, measuringTime());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (workDir != null && Files.isDirectory(workDir) && !isEmpty(workDir)) {
            throw new ParameterException(spec.commandLine(), "--work-dir is not empty: " + workDir);
        }
        Path work = workDir == null ? temporaryDirectory() : workDir;
        long start = System.nanoTime();
        Recommendation recommendation;
        try (RecommendProgressBar bar = stderrIsTerminal() ? new RecommendProgressBar(System.err, time) : null) {
            recommendation = new Recommender(settings, work, bar == null ? Progress.NONE : bar).recommend(input);
        } finally {
            if (workDir == null) {
                BenchData.deleteTree(work);
            }
        }
        print(recommendation, Duration.ofNanos(System.nanoTime() - start));
        return ExitCodes.OK;
    }

    private void print(Recommendation recommendation, Duration took) {
        PrintWriter stdout = spec.commandLine().getOut();
        Measurements measurements = recommendation.measurements();
        stdout.printf(Locale.ROOT, "Measured on the first %,d lines (%,d bytes) of %s, warm page cache: %d interleaved"
                        + " trials, %.0f s in all.%n%n", measurements.sampleLines(), measurements.sampleBytes(), input,
                measurements.trials(), took.toMillis() / 1000.0);
        RecommendTables.of(recommendation).forEach(table -> stdout.print(table.toMarkdown()));
        stdout.printf(Locale.ROOT, "Recommended layout: %s; reader: %s%n", recommendation.choice().name(),
                recommendation.readerOption());
        recommendation.reasons().forEach(reason -> stdout.println("  - " + reason));
        stdout.println();
        stdout.println("Build it with:");
        stdout.println("  " + recommendation.buildCommand(input.toString(), "STORE"));
        stdout.println("and read it with --reader " + recommendation.readerOption() + ".");
        if (out != null) {
            RecommendFiles.write(recommendation, out).forEach(file -> stdout.println("wrote " + file));
        }
        stdout.flush();
    }

    /**
     * The time left for the recommender: {@code --time} counts from the JVM's start, and drawing
     * the charts of {@code --out} comes after the recommender.
     */
    private Duration measuringTime() {
        if (time.toMillis() < 1) {
            throw new ParameterException(spec.commandLine(), "--time must be at least 1ms: " + time);
        }
        Duration started = Duration.ofMillis(System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime());
        Duration left = time.minus(started).minus(out == null ? Duration.ZERO : OUTPUT_TIME);
        return left.compareTo(time.dividedBy(2)) > 0 ? left : time.dividedBy(2);
    }

    private static boolean stderrIsTerminal() {
        String property = System.getProperty(STDERR_TERMINAL);
        return property != null ? Boolean.parseBoolean(property)
                : System.console() != null && System.console().isTerminal();
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("linestore-recommend-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }
}
