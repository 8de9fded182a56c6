package io.linestore.cli.demo;

import io.linestore.BuildSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import io.linestore.cli.store.ReportedBuild;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore demo [DIR]}: the README's first command. Generates {@value #DEFAULT_LINES}
 * lines (once; a later run reuses them), builds a single-file and a sharded store of them, reads
 * {@value #RANGE} lines at the start, middle and end of each with every reader, and prints a table
 * of the timings with what it shows: with an index, the end costs what the start costs.
 */
@Command(name = "demo", description = {
    "Generates 1,000,000 lines (reused by later runs), builds a single-file and a sharded store, "
            + "and times reads of 10,000 lines at their start, middle and end with every reader, "
            + "against reading the text file from its start."
})
public final class DemoCommand implements Callable<Integer> {

    static final long DEFAULT_LINES = 1_000_000;
    static final int RANGE = 10_000;
    /** Store reads take a fraction of a millisecond: enough untimed ones that the JIT compiles their code. */
    private static final int WARMUPS = 100;
    /** Timed store reads: many, since the best of them is taken and each costs a fraction of a millisecond. */
    private static final int RUNS = 21;
    /** Reading the text from its start takes up to a tenth of a second a run: a few untimed ones do. */
    private static final int TEXT_WARMUPS = 3;
    private static final int TEXT_RUNS = 5;
    private static final int SHARDS = 10;

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = "linestore-demo",
            description = "Where the data and stores go (default: ./${DEFAULT-VALUE}); remove it when done.")
    private Path directory;

    @Option(names = "--lines", paramLabel = "N", defaultValue = "1M", converter = Sizes.CountConverter.class,
            description = "How many lines to generate, at least 3 x " + RANGE + " (default: 1M).")
    private long lines;

    /**
     * Makes the command.
     *
     * @param streams where build progress draws
     */
    public DemoCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws IOException {
        if (lines < 3L * RANGE) {
            throw new ParameterException(spec.commandLine(), "--lines must be at least " + 3 * RANGE + ", got " + lines);
        }
        PrintWriter out = spec.commandLine().getOut();
        Files.createDirectories(directory);
        out.printf(Locale.ROOT, "linestore demo in %s%n", directory.toAbsolutePath().normalize());
        DemoData.Prepared data = DemoData.prepare(directory, lines);
        out.printf(Locale.ROOT, "%s %s: %,d lines, %.1f MB%n", data.reused() ? "reused" : "generated",
                data.file().getFileName(), lines, Files.size(data.file()) / 1e6);
        out.flush();

        Path single = directory.resolve("single");
        Path sharded = directory.resolve("sharded");
        build(out, data.file(), single, StoreOptions.builder().build());
        build(out, data.file(), sharded, StoreOptions.builder().sharded(lines / SHARDS).build());

        long[] positions = {0, lines / 2 - RANGE / 2, lines - RANGE};
        out.printf(Locale.ROOT, "%nReading %,d lines at the start (line %,d), middle (%,d) and end (%,d), "
                + "best of %d interleaved rounds (the text file: %d runs) after %d of every store and reader "
                + "(the text file: %d) to warm up, warm page cache, in milliseconds:%n%n",
                RANGE, positions[0], positions[1], positions[2], RUNS, TEXT_RUNS, WARMUPS, TEXT_WARMUPS);
        out.printf(Locale.ROOT, "%-9s %-20s %9s %9s %9s %10s%n", "store", "reader", "start", "middle", "end", "end/start");
        out.flush();
        List<Row> rows = timeStores(out, List.of(single, sharded), positions);
        Row naive = print(out, new Row("text file", "readLine from line 0",
                timeText(new ReadTimer(TEXT_WARMUPS, TEXT_RUNS), data.file(), positions)));
        explain(out, rows, naive);
        out.flush();
        return ExitCodes.OK;
    }

    /** Opens every store with every reader, warms them all, times them in interleaved rounds and prints a row each. */
    private static List<Row> timeStores(PrintWriter out, List<Path> stores, long[] positions) {
        ReadTimer timer = new ReadTimer(WARMUPS, RUNS);
        List<LineStore> open = new ArrayList<>();
        try {
            for (Path store : stores) {
                for (ReadMethod method : ReadMethod.values()) {
                    open.add(LineStores.open(store, method));
                }
            }
            for (LineStore store : open) {
                for (long position : positions) {
                    timer.warmStore(store, position, RANGE);
                }
            }
            double[][] millis = timer.stores(open, positions, RANGE);
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                LineStore store = open.get(i);
                rows.add(print(out, new Row(OptionNames.of(store.info().layout()),
                        OptionNames.of(store.readMethod()), millis[i])));
            }
            return rows;
        } finally {
            closeAll(open);
        }
    }

    private static void closeAll(List<LineStore> stores) {
        RuntimeException failure = null;
        for (LineStore store : stores) {
            try {
                store.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void build(PrintWriter out, Path input, Path store, StoreOptions options) {
        BuildSummary summary = ReportedBuild.fromFile(streams, input, store, options, WriteOptions.defaults(), true);
        out.println(ReportedBuild.describe(store.getFileName().toString(), summary));
        out.flush();
    }

    private static double[] timeText(ReadTimer timer, Path text, long[] positions) {
        double[] millis = new double[positions.length];
        for (int i = 0; i < positions.length; i++) {
            millis[i] = timer.textFromStart(text, positions[i], RANGE);
        }
        return millis;
    }

    private static Row print(PrintWriter out, Row row) {
        out.printf(Locale.ROOT, "%-9s %-20s %9.2f %9.2f %9.2f %9.1fx%n", row.store(), row.reader(),
                row.millis()[0], row.millis()[1], row.millis()[2], row.endToStart());
        out.flush();
        return row;
    }

    private static void explain(PrintWriter out, List<Row> rows, Row naive) {
        double[] ratios = rows.stream().mapToDouble(Row::endToStart).sorted().toArray();
        Row fastest = rows.stream().min(Comparator.comparingDouble(Row::slowest)).orElseThrow();
        out.printf(Locale.ROOT, "%nWhat it shows:%n");
        out.printf(Locale.ROOT, "- With an index, a read at the end costs what it costs at the start: end/start is "
                + "%.1fx in the median, %.1fx to %.1fx over all stores and readers.%n",
                ratios[ratios.length / 2], ratios[0], ratios[ratios.length - 1]);
        out.printf(Locale.ROOT, "- Reading the text file from its start grows with the offset: the end costs %.0fx "
                + "the start, %.0fx the slowest store read there.%n", naive.endToStart(),
                naive.millis()[2] / rows.stream().mapToDouble(r -> r.millis()[2]).max().orElseThrow());
        out.printf(Locale.ROOT, "- Fastest for %,d-line reads in this run: %s on the %s store "
                + "(%.2f ms at worst); docs/benchmarks.md has more sizes.%n", RANGE, fastest.reader(),
                fastest.store(), fastest.slowest());
    }

    /** One line of the table: a store and reader, and its timings at the start, middle and end. */
    private record Row(String store, String reader, double[] millis) {

        double endToStart() {
            return millis[2] / millis[0];
        }

        double slowest() {
            return Math.max(millis[0], Math.max(millis[1], millis[2]));
        }
    }
}
