package io.linestore.cli;

import io.linestore.cli.command.AppendCommand;
import io.linestore.cli.command.BuildCommand;
import io.linestore.cli.command.IndexCommand;
import io.linestore.cli.command.InfoCommand;
import io.linestore.cli.command.PushCommand;
import io.linestore.cli.command.ReadCommand;
import io.linestore.cli.command.VerifyCommand;
import io.linestore.cli.common.ErrorReporter;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.VerboseOption;
import io.linestore.cli.demo.DemoCommand;
import io.linestore.gen.GenCommand;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * The root {@code linestore} command. Alone it prints its usage to standard error and exits with
 * {@link ExitCodes#USAGE}; each subcommand does one job. Help options, the exit code list and
 * {@code --verbose} are inherited by every subcommand.
 *
 * <p>The root, {@code read} and {@code info} are described to picocli without annotations, and a
 * command line names one subcommand is made with that one only: picocli reads annotations by
 * reflection, and the JDK makes a proxy class for each annotation type at run time, which no
 * start-up cache holds. A short command therefore builds its model from plain calls alone.
 */
public final class LinestoreCommand implements Callable<Integer> {

    private static final String DESCRIPTION = "Keeps text lines on disk and reads any run of them by line number, "
            + "as fast at the end of a store as at its start.";

    /** The subcommands of this jar, in the order the usage lists them (before those of other jars and help). */
    private static final List<Subcommand> SUBCOMMANDS = List.of(
            Subcommand.annotated("build", BuildCommand.class),
            Subcommand.annotated("index", IndexCommand.class),
            Subcommand.annotated("append", AppendCommand.class),
            new Subcommand("read", factory -> new CommandLine(ReadCommand.spec(factory.streams()), factory)),
            new Subcommand("info", factory -> new CommandLine(InfoCommand.spec(), factory)),
            Subcommand.annotated("verify", VerifyCommand.class),
            Subcommand.annotated("push", PushCommand.class),
            Subcommand.annotated("gen", GenCommand.class),
            Subcommand.annotated("demo", DemoCommand.class),
            Subcommand.annotated("aot-training", AotTrainingCommand.class));

    /**
     * The commands of the benchmarks jar (linestore-bench), which the launcher runs from there,
     * with their descriptions: listed in the usage, never loaded into this JVM.
     */
    private static final Map<String, String> LAUNCHER_ONLY = new LinkedHashMap<>();

    /**
     * The system property that says the benchmarks jar is not there (an installation from the release
     * archive): {@code true} leaves its commands out of the usage, the manual and the completion.
     */
    public static final String WITHOUT_BENCHMARKS = "linestore.without.benchmarks";

    static {
        if (!Boolean.getBoolean(WITHOUT_BENCHMARKS)) {
            LAUNCHER_ONLY.put("bench", "Runs the benchmarks (JMH) and writes a report with charts.");
            LAUNCHER_ONLY.put("recommend", "Measures candidate layouts and readers on a sample of a file and recommends"
                    + " one.");
        }
    }

    private CommandSpec spec;

    private LinestoreCommand() {
    }

    /**
     * Makes the command line with every subcommand: subcommands get {@code streams}, errors are
     * reported as one line on the error writer with the exit codes of {@link ExitCodes}.
     * Subcommands from other modules signal bad usage with {@link CommandLine.ParameterException}
     * and any other failure with any other exception.
     *
     * @param streams the byte streams the subcommands use
     * @return a command line ready to {@link CommandLine#execute execute}
     */
    public static CommandLine newCommandLine(StandardStreams streams) {
        return newCommandLine(streams, SUBCOMMANDS, LAUNCHER_ONLY.keySet(), true);
    }

    /**
     * Makes the command line for one run: like {@link #newCommandLine(StandardStreams)}, but when
     * {@code args} name a subcommand (other than {@code help}, which describes the others), only
     * that one is set up, and for {@code --version} none. For a short command such as {@code read}
     * the models of all the others would cost more start-up time than the command itself.
     *
     * @param streams the byte streams the subcommands use
     * @param args the command line about to be executed
     * @return a command line ready to {@link CommandLine#execute execute} {@code args}
     */
    public static CommandLine newCommandLine(StandardStreams streams, String... args) {
        String named = "";
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                named = arg;
                break;
            }
        }
        for (Subcommand subcommand : SUBCOMMANDS) {
            if (subcommand.name().equals(named)) {
                return newCommandLine(streams, List.of(subcommand), List.of(), false);
            }
        }
        if (LAUNCHER_ONLY.containsKey(named)) {
            return newCommandLine(streams, List.of(), List.of(named), false);
        }
        if (named.isEmpty() && asksForTheVersionAlone(args)) {
            return newCommandLine(streams, List.of(), List.of(), false);
        }
        return newCommandLine(streams);
    }

    /**
     * Whether {@code args}, all options, ask for the version and not for help: the root alone
     * answers that, without the annotated subcommands, whose annotation proxies picocli would
     * otherwise make at run time.
     */
    private static boolean asksForTheVersionAlone(String... args) {
        List<String> options = List.of(args);
        return (options.contains("-V") || options.contains("--version"))
                && !options.contains("-h") && !options.contains("--help");
    }

    private static CommandLine newCommandLine(StandardStreams streams, List<Subcommand> subcommands,
            Collection<String> launcherOnly, boolean help) {
        CommandFactory factory = new CommandFactory(streams);
        CommandLine commandLine = new CommandLine(rootSpec(), factory);
        for (Subcommand subcommand : subcommands) {
            add(commandLine, subcommand.name(), subcommand.make().apply(factory));
        }
        for (String name : launcherOnly) {
            add(commandLine, name, new CommandLine(LauncherOnlyCommand.spec(name, LAUNCHER_ONLY.get(name)), factory));
        }
        if (help) {
            add(commandLine, "help", new CommandLine(HelpCommand.class, factory));
        }
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        // picocli's own writer wraps System.out, a PrintStream that keeps its write errors to
        // itself: over the raw stream a full disk or a closed output is seen (GuardedExecution).
        commandLine.setOut(StandardOutputWriter.over(streams.stdout(), System.out.charset()));
        return ErrorReporter.install(commandLine).setExecutionStrategy(new GuardedExecution());
    }

    /**
     * The root's model. Its scope is inherited, so every subcommand gets its version provider and
     * exit code list, and {@code --verbose}.
     */
    private static CommandSpec rootSpec() {
        LinestoreCommand command = new LinestoreCommand();
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        command.spec = spec;
        spec.name("linestore").scopeType(ScopeType.INHERIT).versionProvider(new ManifestVersion());
        spec.usageMessage()
                .description(DESCRIPTION)
                .exitCodeListHeading(ExitCodes.HEADING)
                .exitCodeList(ExitCodes.list());
        addHelpOptions(spec);
        spec.addOption(VerboseOption.option());
        return spec;
    }

    /**
     * Adds {@code subcommand}, and {@code --help} and {@code --version} to it unless it has either,
     * as picocli's {@code mixinStandardHelpOptions} of an inherited root would.
     */
    private static void add(CommandLine root, String name, CommandLine subcommand) {
        root.addSubcommand(name, subcommand);
        addHelpOptions(subcommand.getCommandSpec());
    }

    /** The options of picocli's {@code mixinStandardHelpOptions}, in its words, unless the command has one. */
    private static void addHelpOptions(CommandSpec spec) {
        Map<String, OptionSpec> options = spec.optionsMap();
        if (options.containsKey("--help") || options.containsKey("--version")) {
            return;
        }
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /**
     * Prints the usage to the error writer: a bare {@code linestore} is a request for help that
     * did not say what to do.
     *
     * @return {@link ExitCodes#USAGE}
     */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }

    /**
     * A subcommand of this jar, made only when the command line needs it.
     *
     * @param name its name on the command line
     * @param make makes its command line
     */
    private record Subcommand(String name, Function<CommandFactory, CommandLine> make) {

        /** A command picocli describes from its annotations. */
        static Subcommand annotated(String name, Class<?> type) {
            return new Subcommand(name, factory -> new CommandLine(type, factory));
        }
    }
}
