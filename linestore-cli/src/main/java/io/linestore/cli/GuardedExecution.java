package io.linestore.cli;

import io.linestore.cli.common.ErrorReporter;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.ParseResult;

/**
 * Runs the chosen command so that nothing escapes as a stack trace and no lost output passes for
 * success: an {@link Error} (out of memory, a JVM fault) goes to the {@link io.linestore.cli.common.ErrorReporter} like any
 * failure, as one line; and output the command could not write (standard output on a full disk,
 * {@code /dev/full}) makes an otherwise successful run a failure.
 */
final class GuardedExecution implements IExecutionStrategy {

    private final IExecutionStrategy command = new CommandLine.RunLast();

    @Override
    public int execute(ParseResult parseResult) {
        CommandLine commandLine = parseResult.commandSpec().commandLine();
        if (asksForTheVersionAlone(parseResult)) {
            // The whole description, not the provider's one line (see ManifestVersion).
            PrintWriter out = commandLine.getOut();
            ManifestVersion.describe().forEach(out::println);
            out.flush();
            return outputChecked(commandLine.getCommandSpec().exitCodeOnVersionHelp(), out, () -> commandLine);
        }
        int exitCode;
        try {
            exitCode = command.execute(parseResult);
        } catch (Error e) {
            throw failure(commandLine, e);
        }
        CommandLine ran = commandLine;
        for (ParseResult level = parseResult; level != null; level = level.subcommand()) {
            ran = level.commandSpec().commandLine();
        }
        CommandLine command = ran;
        return outputChecked(exitCode, ran.getOut(), () -> command);
    }

    /** Whether a command line asks for the version and not for help, at any level. */
    private static boolean asksForTheVersionAlone(ParseResult parseResult) {
        boolean version = false;
        for (ParseResult level = parseResult; level != null; level = level.subcommand()) {
            if (level.isUsageHelpRequested()) {
                return false;
            }
            version |= level.isVersionHelpRequested();
        }
        return version;
    }

    /**
     * A command's exit code once its output is checked: a failure if standard output could not be
     * written (not because its reader went away), said in one line. Also used by {@link PlainIndex},
     * which runs without this strategy.
     *
     * @param exitCode what the command returned
     * @param out its standard output
     * @param ran the command, whose name and error writer report the failure; asked for only then
     * @return {@code exitCode}, or {@link ExitCodes#FAILURE} when output was lost
     */
    static int outputChecked(int exitCode, PrintWriter out, Supplier<CommandLine> ran) {
        if (exitCode != ExitCodes.USAGE && out.checkError()
                && !(out instanceof StandardOutputWriter stdout && stdout.readerWentAway())) {
            CommandLine command = ran.get();
            PrintWriter err = command.getErr();
            err.println(command.getCommandSpec().qualifiedName() + ": cannot write to standard output"
                    + " (disk full, or the output closed)");
            err.flush();
            return ExitCodes.FAILURE;
        }
        return exitCode;
    }

    /**
     * Reports a failure of a command run without picocli as picocli's run of the same arguments would:
     * an exception under the command's name, an {@link Error} as {@link #failure} turns it, under the
     * root's. For {@link PlainRead} and {@link PlainIndex}.
     *
     * @param args the command line
     * @param failure what the command threw
     * @param root the picocli command line for {@code args}, made to report
     * @return the exit code
     */
    static int report(String[] args, Throwable failure, CommandLine root) {
        ParseResult parsed = root.parseArgs(args);
        if (failure instanceof Error error) {
            return ErrorReporter.report(failure(root, error), root, parsed);
        }
        return ErrorReporter.report((Exception) failure, parsed.subcommand().commandSpec().commandLine(), parsed);
    }

    /**
     * What an {@link Error} is reported as: one line that says what happened, and for a full heap
     * what to do. Also used by {@link #report}, for commands run without this strategy.
     *
     * @param commandLine the root command line, whose name the report carries
     * @param error what the command threw
     * @return the exception to hand to the error reporter
     */
    static ExecutionException failure(CommandLine commandLine, Error error) {
        if (error instanceof OutOfMemoryError) {
            return new ExecutionException(commandLine, "out of memory (" + error.getMessage() + "); give the JVM more"
                    + " with LINESTORE_JAVA_OPTS=-Xmx...", error);
        }
        return new ExecutionException(commandLine, "internal error: " + error, error);
    }
}
