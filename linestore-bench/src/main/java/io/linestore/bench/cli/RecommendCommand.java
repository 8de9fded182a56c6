package io.linestore.bench.cli;

import io.linestore.bench.data.BenchData;
import io.linestore.bench.recommend.Recommendation;
import io.linestore.bench.recommend.Recommender;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
 * {@code recommend INPUT}: samples the user's file, builds candidate layouts in a temporary
 * directory, measures them briefly and prints the layout and reader it recommends, the table it
 * decided from, and the {@code linestore build} command for that store (with
 * {@code --auto-threshold} when it measured the mmap-vs-FileChannel crossover). Bad usage is exit
 * 2; a failure is thrown for the root command to print (exit 1).
 */
@Command(name = "recommend", mixinStandardHelpOptions = true,
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP},
        description = {"Measures candidate layouts and readers on a sample of INPUT and recommends one.",
            "Prints the measurements (reads per second at the start, middle and end of the sample store,"
                    + " index bytes per line, files) and the command that builds the recommended store.",
            "Takes a minute or two; figures are warm page cache."})
public final class RecommendCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "INPUT", description = "The text file to sample.")
    private Path input;

    @Option(names = "--sample-lines", paramLabel = "N", defaultValue = "1M",
            converter = Sizes.CountConverter.class,
            description = "Lines to sample from the start of INPUT (default: ${DEFAULT-VALUE}).")
    private long sampleLines;

    @Option(names = "--iteration-ms", paramLabel = "MS", defaultValue = "250",
            description = "Milliseconds of warmup and of measurement per reading (default: ${DEFAULT-VALUE}).")
    private long iterationMillis;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "1",
            converter = Sizes.IntCountConverter.class,
            description = "JVM forks per measurement; 0 measures in this JVM, faster but less fair"
                    + " (default: ${DEFAULT-VALUE}).")
    private int forks;

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
            settings = new Recommender.Settings(sampleLines, Duration.ofMillis(iterationMillis), forks);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (workDir != null && Files.isDirectory(workDir) && !isEmpty(workDir)) {
            throw new ParameterException(spec.commandLine(), "--work-dir is not empty: " + workDir);
        }
        Path work = workDir == null ? temporaryDirectory() : workDir;
        try {
            print(new Recommender(settings, work).recommend(input));
        } finally {
            if (workDir == null) {
                BenchData.deleteTree(work);
            }
        }
        return ExitCodes.OK;
    }

    private void print(Recommendation recommendation) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "Measured on the first %,d lines of %s (warm page cache).%n%n",
                recommendation.sampleLines(), input);
        out.print(recommendation.measurements().toMarkdown());
        out.print(recommendation.crossover().toMarkdown());
        out.printf(Locale.ROOT, "Recommended layout: %s; reader: %s%n", recommendation.candidate().name(),
                recommendation.readerOption());
        if (recommendation.autoThresholdBytes().isPresent()) {
            out.printf(Locale.ROOT, "AUTO threshold: %,d bytes (memory mapping below it, the file channel above)%n",
                    recommendation.autoThresholdBytes().getAsLong());
        } else {
            out.println("AUTO threshold: not measured (one reader won at every range size); the store default applies");
        }
        out.println();
        out.println("Build it with:");
        out.println("  " + recommendation.buildCommand(input.toString(), "STORE"));
        out.println("and read it with --reader " + recommendation.readerOption() + ".");
        out.flush();
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
