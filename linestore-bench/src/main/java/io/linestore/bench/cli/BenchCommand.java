package io.linestore.bench.cli;

import io.linestore.bench.data.BenchData;
import io.linestore.bench.report.Report;
import io.linestore.bench.run.BenchProfile;
import io.linestore.bench.run.BenchProgress;
import io.linestore.bench.run.DurationModel;
import io.linestore.bench.run.JmhRun;
import io.linestore.bench.run.JmhRunner;
import io.linestore.bench.run.PlannedRun;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: runs a set of benchmarks with JMH and writes the JMH JSON, a CSV, a Markdown
 * report with the figures that decide the layout, and PNG charts. It says at its start how long it
 * expects to take and shows on standard error which run it is at, the benchmarks left and an ETA
 * ({@link BenchProgressDisplay}); {@code --dry-run} lists the plan and its expected time and runs
 * nothing. Both estimates come from the profile's {@link BenchProfile#durationModel()}. Fails (exit 1, by the root
 * command) when a benchmark fails, bad usage is exit 2.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP},
        description = {"Runs the benchmarks (JMH) and writes jmh.json, results.csv, results.md and PNG charts.",
            "Quick profile by default, about 3.5 minutes on 2 cores (measured): a 1,000,000-line store, every"
                    + " reader and range size at the start and end of a single file and of shards, against SQLite,"
                    + " the naive reads, sequential I/O and builds. --full runs every benchmark and parameter on a"
                    + " 10,000,000-line store (about 1 GiB): about 2 hours on 2 cores (measured: 2 h 12 min from an"
                    + " empty data directory, which its first run fills with the stores and the engines' copies).",
            "Says how long it expects to take, then shows progress on standard error; --dry-run lists the plan.",
            "Data and stores are generated once and kept in the data directory. Figures are warm page cache."})
public final class BenchCommand implements Callable<Integer> {

    /** The launcher's system property that says whether standard error is a terminal. */
    private static final String STDERR_TERMINAL = "linestore.stderr.terminal";

    @Spec
    private CommandSpec spec;

    @Option(names = "--full", description = "Run every benchmark and parameter on the big store.")
    private boolean full;

    @Option(names = "--include", paramLabel = "REGEX",
            description = "Only benchmark classes whose simple name contains a match, e.g. '^ReadBenchmark|Sqlite'.")
    private String include;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V1,V2",
            description = {"Set a JMH parameter's values in every benchmark that has it, e.g. -p layout=SINGLE"
                    + " -p rangeSize=1,100. Repeatable. Parameters: layout, stride, method, position, rangeSize"
                    + " (reads); engine (LINESTORE, LMDB, ROCKSDB, DUCKDB, DUCKDB_PARQUET: EngineReadBenchmark);"
                    + " approach (naive reads); settings (SQLite: MAPPED, DEFAULTS); io, bufferSize, fileBytes"
                    + " (sequential I/O)."})
    private Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--lines", paramLabel = "N", converter = Sizes.CountConverter.class,
            description = "Lines in the read benchmarks' store (default: 1,000,000 quick, 10,000,000 full).")
    private Long lines;

    @Option(names = "--warmups", paramLabel = "N", converter = Sizes.IntCountConverter.class,
            description = "Warmup iterations (default: the profile's).")
    private Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", converter = Sizes.IntCountConverter.class,
            description = "Measured iterations (default: the profile's).")
    private Integer iterations;

    @Option(names = "--iteration-ms", paramLabel = "MS",
            description = "Milliseconds per iteration (default: the profile's: 300 quick, 500 full).")
    private Long iterationMillis;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results",
            description = "Where the results go (default: ${DEFAULT-VALUE}).")
    private Path out;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where generated data and stores are kept (default: ${java.io.tmpdir}/linestore-bench).")
    private Path dataDir;

    @Option(names = "--quiet", description = "Do not show JMH's output (the progress on standard error stays).")
    private boolean quiet;

    @Option(names = "--dry-run", description = "List what would run (each run's benchmark classes and number of"
            + " benchmarks, forks, iterations) and how long it should take, then exit without running anything.")
    private boolean dryRun;

    /** Creates the command; picocli fills its options. */
    public BenchCommand() {
    }

    /**
     * Runs the benchmarks and writes the report.
     *
     * @return {@link ExitCodes#OK}
     * @throws ParameterException on a bad option value
     */
    @Override
    public Integer call() {
        BenchProfile profile = full ? BenchProfile.FULL : BenchProfile.QUICK;
        long storeLines = lines == null ? profile.lines() : lines;
        if (storeLines < 1) {
            throw new ParameterException(spec.commandLine(), "--lines must be >= 1: " + storeLines);
        }
        if (params.containsKey(BenchProfile.LINES)) {
            throw new ParameterException(spec.commandLine(), "set the store size with --lines, not -p lines");
        }
        Pattern filter = filter();
        Map<String, List<String>> overrides = new LinkedHashMap<>();
        params.forEach((name, values) -> overrides.put(name, List.of(values.split(","))));
        if (warmups != null && warmups < 0 || iterations != null && iterations < 1
                || iterationMillis != null && iterationMillis < 1) {
            throw new ParameterException(spec.commandLine(),
                    "--warmups must be >= 0, --iterations and --iteration-ms >= 1");
        }
        List<JmhRun> runs = profile.runs(storeLines, dataDirectory().toString(), overrides).stream()
                .map(run -> run.withIterations(Optional.ofNullable(warmups), Optional.ofNullable(iterations),
                        Optional.ofNullable(iterationMillis).map(Duration::ofMillis)))
                .toList();
        Predicate<String> kept = name -> filter.matcher(name).find();
        List<PlannedRun> plan = PlannedRun.plan(runs, kept, BenchmarkList.defaultList());
        if (plan.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--include matches no benchmark: " + include);
        }
        DurationModel model = profile.durationModel();
        PrintWriter stdout = spec.commandLine().getOut();
        String name = profile.name().toLowerCase(Locale.ROOT);
        if (dryRun) {
            stdout.printf(Locale.ROOT, "bench --dry-run: %s profile, %,d-line store; nothing is run%n", name, storeLines);
            stdout.print(listing(plan, model));
            stdout.flush();
            return ExitCodes.OK;
        }
        BenchProgress progress = new BenchProgress(plan, model);
        stdout.printf(Locale.ROOT, "bench: %s profile, %,d-line store, data in %s, results in %s%n",
                name, storeLines, dataDirectory(), out);
        stdout.printf(Locale.ROOT, "bench: %,d benchmarks in %d runs, expected to take about %s (--dry-run lists them)%n",
                progress.benchmarks(), plan.size(), DurationModel.format(model.total(plan)));
        stdout.flush();
        Path json;
        try (BenchProgressDisplay display = BenchProgressDisplay.start(progress, spec.commandLine().getErr(),
                quiet && stderrIsTerminal())) {
            json = JmhRunner.run(runs, kept, out, quiet ? VerboseMode.SILENT : VerboseMode.NORMAL, display);
        }
        for (Path file : Report.write(json, out)) {
            stdout.println("wrote " + file);
        }
        stdout.println("wrote " + json);
        return ExitCodes.OK;
    }

    /**
     * The dry run's listing: per run its mode, forks, iterations, benchmarks and expected time, and
     * per benchmark class its number of benchmarks; then the total and the model.
     *
     * @param plan the planned runs
     * @param model the duration model
     * @return lines of text
     */
    static String listing(List<PlannedRun> plan, DurationModel model) {
        StringBuilder text = new StringBuilder();
        long benchmarks = 0;
        for (PlannedRun planned : plan) {
            JmhRun run = planned.run();
            text.append(String.format(Locale.ROOT, "run %s: %s, %s, %d x %d ms warmup + %d x %d ms measured:"
                            + " %,d benchmarks, about %s%n", run.name(), run.mode().name(),
                    run.forks() == 0 ? "no fork (in this JVM)" : run.forks() + (run.forks() == 1 ? " fork" : " forks"),
                    run.warmupIterations(), run.warmupTime().toMillis(), run.measurementIterations(),
                    run.measurementTime().toMillis(), planned.benchmarkCount(),
                    DurationModel.format(model.run(planned))));
            for (PlannedRun.ClassCount count : planned.benchmarks()) {
                text.append(String.format(Locale.ROOT, "  %-28s %,6d%n", count.type().getSimpleName(),
                        count.combinations()));
            }
            benchmarks += planned.benchmarkCount();
        }
        text.append(String.format(Locale.ROOT, "in all: %,d benchmarks in %d runs, expected to take about %s%n",
                benchmarks, plan.size(), DurationModel.format(model.total(plan))));
        text.append("model: ").append(model.describe()).append('\n');
        return text.toString();
    }

    private Path dataDirectory() {
        return dataDir == null ? BenchData.DEFAULT_DIRECTORY : dataDir;
    }

    private static boolean stderrIsTerminal() {
        String property = System.getProperty(STDERR_TERMINAL);
        return property != null ? Boolean.parseBoolean(property)
                : System.console() != null && System.console().isTerminal();
    }

    private Pattern filter() {
        try {
            return Pattern.compile(include == null ? "" : include);
        } catch (PatternSyntaxException e) {
            throw new ParameterException(spec.commandLine(), "--include is not a regular expression: " + include);
        }
    }
}
