package io.linestore.cli;

import io.linestore.cli.command.AppendCommand;
import io.linestore.cli.command.BuildCommand;
import io.linestore.cli.command.IndexCommand;
import io.linestore.cli.command.InfoCommand;
import io.linestore.cli.command.ReadCommand;
import io.linestore.cli.command.VerifyCommand;
import io.linestore.cli.common.ErrorReporter;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.VerboseOption;
import io.linestore.cli.demo.DemoCommand;
import io.linestore.gen.GenCommand;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The root {@code linestore} command. Alone it prints its usage to standard error and exits with
 * {@link ExitCodes#USAGE}; each subcommand does one job. Help options, the exit code list and
 * {@code --verbose} are inherited by every subcommand.
 */
@Command(
        name = "linestore",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        description = "Keeps text lines on disk and reads any run of them by line number, "
                + "as fast at the end of a store as at its start.",
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP})
public final class LinestoreCommand implements Callable<Integer> {

    /** The subcommands of this jar, in the order the usage lists them (before those of other jars and help). */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
            BuildCommand.class,
            IndexCommand.class,
            AppendCommand.class,
            ReadCommand.class,
            InfoCommand.class,
            VerifyCommand.class,
            GenCommand.class,
            DemoCommand.class,
            AotTrainingCommand.class);

    /**
     * The commands of the benchmarks jar (linestore-bench), which the launcher runs from there,
     * with their descriptions: listed in the usage, never loaded into this JVM.
     */
    private static final Map<String, String> LAUNCHER_ONLY = new LinkedHashMap<>();

    static {
        LAUNCHER_ONLY.put("bench", "Runs the benchmarks (JMH) and writes a report with charts.");
        LAUNCHER_ONLY.put("recommend", "Measures candidate layouts and readers on a sample of a file and recommends one.");
    }

    @Spec
    private CommandSpec spec;

    @Mixin
    private VerboseOption verbose;

    /** Made by picocli through {@link #newCommandLine}. */
    public LinestoreCommand() {
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
     * that one is set up. Picocli builds each command's model by reflection when it is added, and
     * for a short command such as {@code read} the models of all the others cost more start-up time
     * than the command itself.
     *
     * @param streams the byte streams the subcommands use
     * @param args the command line about to be executed
     * @return a command line ready to {@link CommandLine#execute execute} {@code args}
     */
    public static CommandLine newCommandLine(StandardStreams streams, String... args) {
        String named = Arrays.stream(args).filter(arg -> !arg.startsWith("-")).findFirst().orElse("");
        List<Class<?>> only = SUBCOMMANDS.stream()
                .filter(type -> type.getAnnotation(Command.class).name().equals(named))
                .toList();
        if (!only.isEmpty()) {
            return newCommandLine(streams, only, Set.of(), false);
        }
        if (LAUNCHER_ONLY.containsKey(named)) {
            return newCommandLine(streams, List.of(), Set.of(named), false);
        }
        return newCommandLine(streams);
    }

    private static CommandLine newCommandLine(StandardStreams streams, List<Class<?>> subcommands,
            Set<String> launcherOnly, boolean help) {
        CommandFactory factory = new CommandFactory(streams);
        CommandLine commandLine = new CommandLine(LinestoreCommand.class, factory);
        for (Class<?> subcommand : subcommands) {
            commandLine.addSubcommand(new CommandLine(subcommand, factory));
        }
        for (String name : launcherOnly) {
            commandLine.addSubcommand(name, LauncherOnlyCommand.spec(name, LAUNCHER_ONLY.get(name)));
        }
        if (help) {
            commandLine.addSubcommand(new CommandLine(HelpCommand.class, factory));
        }
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        return ErrorReporter.install(commandLine);
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
}
