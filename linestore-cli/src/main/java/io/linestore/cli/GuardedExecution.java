package io.linestore.cli;

import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
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
        PrintWriter out = ran.getOut();
        if (exitCode != ExitCodes.USAGE && out.checkError()
                && !(out instanceof StandardOutputWriter stdout && stdout.readerWentAway())) {
            PrintWriter err = ran.getErr();
            err.println(ran.getCommandSpec().qualifiedName() + ": cannot write to standard output"
                    + " (disk full, or the output closed)");
            err.flush();
            return ExitCodes.FAILURE;
        }
        return exitCode;
    }

    /**
     * What an {@link Error} is reported as: one line that says what happened, and for a full heap
     * what to do. Also used by {@link PlainRead}, which runs without this strategy.
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
