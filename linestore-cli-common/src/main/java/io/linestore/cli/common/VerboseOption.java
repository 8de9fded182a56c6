package io.linestore.cli.common;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@value ErrorReporter#VERBOSE} option of a root command, inherited by its subcommands, so it
 * may be given before or after the subcommand's name. A picocli mixin for annotated commands, or
 * {@link #option()} for a command described without annotations; {@link ErrorReporter} reads it
 * from the parse result.
 */
public final class VerboseOption {

    private static final String DESCRIPTION = "Print the stack trace of an error, not just its message.";

    @Option(names = ErrorReporter.VERBOSE, scope = ScopeType.INHERIT, description = DESCRIPTION)
    private boolean verbose;

    /** Made by picocli. */
    public VerboseOption() {
    }

    /**
     * The same option, made without reading annotations.
     *
     * @return a new option, inherited by the subcommands of the command it is added to
     */
    public static OptionSpec option() {
        return OptionSpec.builder(ErrorReporter.VERBOSE)
                .scopeType(ScopeType.INHERIT)
                .description(DESCRIPTION)
                .build();
    }
}
