package io.linestore.cli.common;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on the error writer, {@code COMMAND: message}, and an exit
 * code: {@link ExitCodes#USAGE} for a bad command line, {@link ExitCodes#FAILURE} for anything
 * that went wrong while running, described by {@link ErrorMessages} (never as an exception class).
 * The stack trace follows only with {@code --verbose}, given to the command or to any command
 * above it. Standard output closed by its reader ({@code linestore read ... | head -1}) is not a
 * failure: the command ends quietly with {@link ExitCodes#OK}. Stateless and thread-safe.
 */
public final class ErrorReporter implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** The option that adds the stack trace to an error. */
    public static final String VERBOSE = "--verbose";

    private ErrorReporter() {
    }

    /**
     * Makes {@code commandLine} and its subcommands report errors this way.
     *
     * @param commandLine the root of a command line
     * @return {@code commandLine}
     */
    public static CommandLine install(CommandLine commandLine) {
        ErrorReporter reporter = new ErrorReporter();
        commandLine.setExecutionExceptionHandler(reporter);
        commandLine.setParameterExceptionHandler(reporter);
        return commandLine;
    }

    @Override
    public int handleParseException(ParameterException exception, String[] args) {
        CommandLine commandLine = exception.getCommandLine();
        PrintWriter err = commandLine.getErr();
        String command = commandLine.getCommandSpec().qualifiedName();
        err.println(commandLine.getColorScheme().errorText(
                command + ": " + withoutPrefix(exception.getMessage()) + " (see '" + command + " --help')"));
        err.flush();
        return ExitCodes.USAGE;
    }

    @Override
    public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
        return report(exception, commandLine, parseResult);
    }

    /**
     * Reports a failure of a command that ran, as this handler does for picocli: for a command that
     * ran without picocli's execution, such as the command line's plain {@code read}.
     *
     * @param exception what the command threw
     * @param commandLine the command that threw it, whose name the report carries and whose error
     *     writer it goes to
     * @param parseResult the parsed command line, for {@code --verbose}
     * @return {@link ExitCodes#OK} when standard output was closed by its reader, {@link ExitCodes#FAILURE}
     *     otherwise
     */
    public static int report(Exception exception, CommandLine commandLine, ParseResult parseResult) {
        if (OutputClosedException.isCauseOf(exception)) {
            return ExitCodes.OK;
        }
        PrintWriter err = commandLine.getErr();
        err.println(commandLine.getColorScheme().errorText(
                commandLine.getCommandSpec().qualifiedName() + ": " + ErrorMessages.describe(exception)));
        if (verbose(parseResult)) {
            exception.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.FAILURE;
    }

    /** {@code --verbose} may be inherited: it may have been given to the root or to any subcommand. */
    private static boolean verbose(ParseResult parseResult) {
        for (ParseResult level = parseResult; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption(VERBOSE)) {
                return true;
            }
        }
        return false;
    }

    /** picocli starts some of its own messages (a missing argument group) with "Error: ", which no other one has. */
    private static String withoutPrefix(String message) {
        return message != null && message.startsWith("Error: ") ? message.substring("Error: ".length()) : message;
    }
}
