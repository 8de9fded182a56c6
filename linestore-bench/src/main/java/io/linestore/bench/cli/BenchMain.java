package io.linestore.bench.cli;

import io.linestore.cli.common.ErrorReporter;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.VerboseOption;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code linestore bench} and {@code linestore recommend} as the {@code ./linestore} launcher runs
 * them: from the benchmarks jar, which holds JMH, SQLite and the chart libraries the command-line
 * jar leaves out. Errors are reported as by every linestore command ({@link ErrorReporter}), with
 * its exit codes.
 */
@Command(name = "linestore", subcommands = {BenchCommand.class, RecommendCommand.class},
        description = "The benchmark commands of linestore.",
        exitCodeListHeading = ExitCodes.HEADING,
        exitCodeList = {ExitCodes.OK_HELP, ExitCodes.FAILURE_HELP, ExitCodes.USAGE_HELP})
public final class BenchMain implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private VerboseOption verbose;

    /** Made by picocli through {@link #commandLine()}. */
    public BenchMain() {
    }

    /**
     * Runs {@code bench} or {@code recommend} and exits with the command's status.
     *
     * @param args the command line, starting with the command's name
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Makes the command line with both commands and linestore's error reporting.
     *
     * @return a command line ready to {@link CommandLine#execute execute}
     */
    public static CommandLine commandLine() {
        return ErrorReporter.install(new CommandLine(new BenchMain()));
    }

    /**
     * Prints the usage to the error writer: no command was named.
     *
     * @return {@link ExitCodes#USAGE}
     */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
