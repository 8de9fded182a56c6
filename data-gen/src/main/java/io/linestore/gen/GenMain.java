package io.linestore.gen;

import picocli.CommandLine;

/**
 * Runs {@link GenCommand} on its own: {@code java -jar data-gen.jar --lines 10M -o lines.txt}.
 * Exit codes: 0 done, 1 failure (one line on standard error), 2 bad usage (one line on standard
 * error).
 */
public final class GenMain {

    private GenMain() {
    }

    /**
     * Generates as the arguments say and exits with the command's exit code.
     *
     * @param args the {@code gen} options
     */
    public static void main(String[] args) {
        System.exit(commandLine(new GenCommand()).execute(args));
    }

    /**
     * Returns a command line for {@code command} that reports failures as one line: bad usage as
     * the problem and a pointer to {@code --help} (exit 2), other failures as the exception's
     * type and message (exit 1).
     */
    static CommandLine commandLine(GenCommand command) {
        CommandLine commandLine = new CommandLine(command);
        commandLine.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println("gen: " + e.getMessage() + " (see gen --help)");
            return CommandLine.ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, cl, parseResult) -> {
            cl.getErr().println("gen: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        });
        return commandLine;
    }
}
