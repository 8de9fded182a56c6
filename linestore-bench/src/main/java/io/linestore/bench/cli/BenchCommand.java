package io.linestore.bench.cli;

import io.linestore.bench.data.BenchData;
import io.linestore.bench.report.Report;
import io.linestore.bench.run.BenchProfile;
import io.linestore.bench.run.JmhRun;
import io.linestore.bench.run.JmhRunner;
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
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: runs a set of benchmarks with JMH and writes the JMH JSON, a CSV, a Markdown
 * report with the figures that decide the layout, and PNG charts. Fails (exit 1, by the root
 * command) when a benchmark fails, bad usage is exit 2.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP},
        description = {"Runs the benchmarks (JMH) and writes jmh.json, results.csv, results.md and PNG charts.",
            "Quick profile by default (1 fork, short iterations, a 1,000,000-line store, a subset of the parameters);"
                    + " --full runs everything on a 10,000,000-line store (about 1 GiB).",
            "Data and stores are generated once and kept in the data directory. Figures are warm page cache."})
public final class BenchCommand implements Callable<Integer> {

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
                    + " approach (naive reads); io, bufferSize, fileBytes (sequential I/O)."})
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

    @Option(names = "--quiet", description = "Do not show JMH's progress.")
    private boolean quiet;

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
        if (runs.stream().flatMap(run -> run.benchmarks().stream())
                .noneMatch(type -> filter.matcher(type.getSimpleName()).find())) {
            throw new ParameterException(spec.commandLine(), "--include matches no benchmark: " + include);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "bench: %s profile, %,d-line store, data in %s, results in %s%n",
                profile.name().toLowerCase(Locale.ROOT), storeLines, dataDirectory(), out);
        stdout.flush();
        Path json = JmhRunner.run(runs, name -> filter.matcher(name).find(), out,
                quiet ? VerboseMode.SILENT : VerboseMode.NORMAL);
        for (Path file : Report.write(json, out)) {
            stdout.println("wrote " + file);
        }
        stdout.println("wrote " + json);
        return ExitCodes.OK;
    }

    private Path dataDirectory() {
        return dataDir == null ? BenchData.DEFAULT_DIRECTORY : dataDir;
    }

    private Pattern filter() {
        try {
            return Pattern.compile(include == null ? "" : include);
        } catch (PatternSyntaxException e) {
            throw new ParameterException(spec.commandLine(), "--include is not a regular expression: " + include);
        }
    }
}
