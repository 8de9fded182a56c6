package io.linestore.cli.common;

import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@value ErrorReporter#VERBOSE} option of a root command, inherited by its subcommands, so it
 * may be given before or after the subcommand's name. A picocli mixin; {@link ErrorReporter} reads
 * it from the parse result.
 */
public final class VerboseOption {

    @Option(names = ErrorReporter.VERBOSE, scope = ScopeType.INHERIT,
            description = "Print the stack trace of an error, not just its message.")
    private boolean verbose;

    /** Made by picocli. */
    public VerboseOption() {
    }
}
