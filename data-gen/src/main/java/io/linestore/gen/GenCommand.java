package io.linestore.gen;

import io.linestore.ProgressListener;
import io.linestore.cli.common.Conversions;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.OutputClosedException;
import io.linestore.cli.common.Sizes;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code gen} command: writes generated lines to a file or to standard output. Mounted as
 * {@code linestore gen} by the CLI and run on its own by {@link GenMain}; it never exits the JVM.
 * Bad options raise a picocli {@link ParameterException} (exit code 2 under picocli); I/O failures
 * propagate as they are. The data goes to the output stream as raw bytes; the summary goes to
 * picocli's out when the data goes to a file. A progress bar goes to standard error for outputs of
 * {@value #PROGRESS_MIN_LINES} lines or more when the JVM has a console ({@link System#console()};
 * on JDK 25 that means standard input and output are a terminal, so {@code -o FILE} typed at a
 * terminal shows one and a pipe does not).
 */
@Command(name = "gen", mixinStandardHelpOptions = true,
        description = {
            "Writes deterministic, self-verifying test lines: '<number> <payload> #<crc32c>'.",
            "The same options and seed give the same bytes on every machine."},
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP})
public final class GenCommand implements Callable<Integer> {

    /** Outputs with at least this many lines get a progress bar on a console. */
    static final long PROGRESS_MIN_LINES = 2_000_000;

    @Spec
    private CommandSpec spec;

    @ArgGroup(multiplicity = "1")
    private Amount amount;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of every random choice (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--length", paramLabel = "DIST", defaultValue = "uniform:32:160",
            converter = LengthConverter.class,
            description = {"Content length of a line in bytes: fixed:L, uniform:MIN:MAX, normal:MEAN:SD or",
                "lognormal:MEDIAN:SIGMA; at least 21 (the number and checksum) (default: ${DEFAULT-VALUE})."})
    private LengthDistribution length;

    @Option(names = "--empty-ratio", paramLabel = "R", defaultValue = "0",
            description = "Share of empty lines, 0 to 1 (default: ${DEFAULT-VALUE}).")
    private double emptyRatio;

    @Option(names = "--charset", paramLabel = "ascii|utf8", defaultValue = "ascii",
            converter = CharsetConverter.class,
            description = "Payload characters: printable ASCII, or UTF-8 with 1- to 4-byte characters (default: ${DEFAULT-VALUE}).")
    private ContentCharset charset;

    @Option(names = "--content", paramLabel = "random|log|json", defaultValue = "random",
            converter = ContentConverter.class,
            description = {"What the payload reads like: random characters, or log or JSON records that compress",
                "like real ones (ASCII) (default: ${DEFAULT-VALUE})."})
    private ContentKind content;

    @Option(names = "--line-ending", paramLabel = "lf|crlf|mixed", defaultValue = "lf",
            converter = LineEndingConverter.class,
            description = "Line terminator; mixed picks LF or CRLF per line (default: ${DEFAULT-VALUE}).")
    private LineEnding lineEnding;

    @Option(names = "--no-final-newline", description = "Leave the last line without a terminator.")
    private boolean noFinalNewline;

    @Option(names = "--threads", paramLabel = "N", converter = Sizes.IntCountConverter.class,
            description = "Generating threads; the output does not depend on it (default: processors).")
    private Integer threads;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "-",
            description = "Output file; '-' or absent for standard output.")
    private String output;

    private final Supplier<OutputStream> stdout;

    /**
     * Makes the command writing data to the process's standard output, as raw bytes: not through
     * {@link System#out}, a {@code PrintStream} that keeps write errors to itself.
     */
    public GenCommand() {
        this(() -> new FileOutputStream(FileDescriptor.out));
    }

    /**
     * Makes the command writing data for {@code -o -} to the given stream, which it flushes but
     * never closes.
     *
     * @param stdout where standard-output data goes
     */
    public GenCommand(OutputStream stdout) {
        this(() -> stdout);
    }

    private GenCommand(Supplier<OutputStream> stdout) {
        this.stdout = stdout;
    }

    /**
     * Writes the data.
     *
     * @return {@link ExitCodes#OK}
     * @throws ParameterException if the options do not make a generator
     * @throws IOException if the output cannot be written
     */
    @Override
    public Integer call() throws IOException {
        Generator generator = generator();
        boolean toStdout = output.equals("-");
        long bytes;
        try (ProgressBar bar = progressBar(generator)) {
            ProgressListener progress = bar == null ? ProgressListener.NONE : (lines, done) -> bar.stepTo(done);
            bytes = toStdout ? toStdout(generator, progress) : generator.writeTo(Path.of(output), progress);
        }
        if (!toStdout) {
            // After the bar is closed, so the summary is not drawn over by it.
            spec.commandLine().getOut().printf(Locale.ROOT, "wrote %d lines, %d bytes to %s%n",
                    generator.lineCount(), bytes, output);
        }
        return ExitCodes.OK;
    }

    /** Writes to standard output; a reader that went away ends quietly, any other failure names it. */
    private long toStdout(Generator generator, ProgressListener progress) {
        try {
            return generator.writeTo(stdout.get(), progress);
        } catch (IOException e) {
            throw OutputClosedException.of(e);
        }
    }

    private Generator generator() {
        Generator.Builder builder = Generator.builder()
                .seed(seed)
                .lengths(length)
                .emptyRatio(emptyRatio)
                .charset(charset)
                .content(content)
                .lineEnding(lineEnding)
                .finalNewline(!noFinalNewline);
        if (amount.lines != null) {
            builder.lines(amount.lines);
        } else {
            builder.size(amount.size);
        }
        if (threads != null) {
            builder.threads(threads);
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private static ProgressBar progressBar(Generator generator) {
        if (System.console() == null || generator.lineCount() < PROGRESS_MIN_LINES) {
            return null;
        }
        return new ProgressBarBuilder()
                .setTaskName("gen")
                .setInitialMax(generator.byteCount())
                .setUnit(" MiB", 1 << 20)
                .showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .build();
    }

    /** Exactly one of the two ways to say how much to write. */
    static final class Amount {
        @Option(names = "--lines", required = true, paramLabel = "N", converter = Sizes.CountConverter.class,
                description = "Write exactly N lines (suffixes k, M, G: 10M).")
        private Long lines;

        @Option(names = "--size", required = true, paramLabel = "BYTES", converter = Sizes.ByteSizeConverter.class,
                description = "Write about BYTES bytes, the fewest lines that reach it (1GiB, 512MiB, 10MB).")
        private Long size;
    }

    static final class LengthConverter implements ITypeConverter<LengthDistribution> {
        @Override
        public LengthDistribution convert(String value) {
            return Conversions.converted(LengthDistribution::parse, value);
        }
    }

    static final class CharsetConverter implements ITypeConverter<ContentCharset> {
        @Override
        public ContentCharset convert(String value) {
            return Conversions.converted(ContentCharset::fromOptionName, value);
        }
    }

    static final class ContentConverter implements ITypeConverter<ContentKind> {
        @Override
        public ContentKind convert(String value) {
            return Conversions.converted(ContentKind::fromOptionName, value);
        }
    }

    static final class LineEndingConverter implements ITypeConverter<LineEnding> {
        @Override
        public LineEnding convert(String value) {
            return Conversions.converted(LineEnding::fromOptionName, value);
        }
    }
}
