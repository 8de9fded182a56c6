package io.linestore.gen;

import io.linestore.cli.common.ErrorReporter;
import picocli.CommandLine;

/**
 * Runs {@link GenCommand} on its own: {@code java -jar data-gen.jar --lines 10M -o lines.txt}.
 * Errors are reported as by every linestore command ({@link ErrorReporter}), with its exit codes.
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

    /** Returns a command line for {@code command} that reports failures as every linestore command does. */
    static CommandLine commandLine(GenCommand command) {
        return ErrorReporter.install(new CommandLine(command));
    }
}
