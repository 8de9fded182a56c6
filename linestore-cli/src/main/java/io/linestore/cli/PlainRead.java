package io.linestore.cli;

import io.linestore.cli.command.ReadCommand;
import io.linestore.cli.command.StoreArgument;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * {@code linestore read STORE OFFSET SIZE} with nothing else, the command a script runs thousands of
 * times, run without picocli: making picocli's model and parsing with it took more of such a read's
 * start-up than opening and reading the store (docs/benchmarks.md, "Start-up and the query stream").
 * It is not a second parser: it takes only the form whose meaning cannot differ, and hands every
 * other command line, every usage error and every failure's report to picocli.
 *
 * <p>The form: {@code read} and exactly three arguments, all {@linkplain #takenAsIs taken as they
 * are} by picocli, the last two counts as the {@code read} command's own converter reads them
 * ({@link Sizes#parseCount}). It runs {@link ReadCommand#print} with the command's defaults
 * ({@link ReadCommand#DEFAULT_READER}, no {@code --number}), as {@code read} would. A failure is
 * reported by the same {@link io.linestore.cli.common.ErrorReporter}, with the same command name and
 * exit code, through the picocli command line made then.
 */
final class PlainRead {

    private static final String COMMAND = "read";

    /** picocli's switches that change how it reads arguments or what it prints while it does. */
    private static final String[] PICOCLI_SWITCHES = {"picocli.trimQuotes", "picocli.trace"};

    private final String[] args;
    private final StoreArgument store;
    private final long offset;
    private final long size;

    private PlainRead(String[] args, StoreArgument store, long offset, long size) {
        this.args = args;
        this.store = store;
        this.offset = offset;
        this.size = size;
    }

    /**
     * The plain read {@code args} ask for, if they are one.
     *
     * @param args the command line
     * @return the read, or empty when picocli must run the command line
     */
    static Optional<PlainRead> of(String... args) {
        if (args.length != 4 || !COMMAND.equals(args[0])) {
            return Optional.empty();
        }
        if (!takenAsIs(args)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new PlainRead(args, new StoreArgument(args[1]), Sizes.parseCount(args[2]),
                    Sizes.parseCount(args[3])));
        } catch (IllegalArgumentException notACount) {
            // picocli says what is wrong with it, in its words.
            return Optional.empty();
        }
    }

    /**
     * Whether picocli would take every argument as it is: none empty, none starting with {@code -} (an
     * option, {@code --}, or a number picocli refuses) or {@code @} (picocli's argument files), and
     * neither of picocli's system properties that change how it reads arguments or what it prints while
     * it does ({@code picocli.trimQuotes}, {@code picocli.trace}) set. Also used by {@link PlainIndex}.
     *
     * @param args the command line
     * @return {@code true} if a command line of this form may run without picocli
     */
    static boolean takenAsIs(String... args) {
        for (String property : PICOCLI_SWITCHES) {
            if (System.getProperty(property) != null) {
                return false;
            }
        }
        for (String arg : args) {
            if (arg.isEmpty() || arg.charAt(0) == '-' || arg.charAt(0) == '@') {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes the lines to standard output.
     *
     * @param streams the byte streams of the run
     * @param commandLine makes the picocli command line for these arguments, set up as the caller runs
     *     it (its error writer above all); made only to report a failure
     * @return the exit code {@code read} would return
     */
    int run(StandardStreams streams, Supplier<CommandLine> commandLine) {
        try {
            ReadCommand.print(streams, store, ReadCommand.DEFAULT_READER, false, offset, size);
            return ExitCodes.OK;
        } catch (Exception | Error failure) {
            return report(failure, commandLine.get());
        }
    }

    /**
     * Reports as picocli's run of the same arguments would: an exception under the {@code read}
     * command's name, an {@link Error} as {@link GuardedExecution} turns it, under the root's.
     */
    int report(Throwable failure, CommandLine root) {
        return GuardedExecution.report(args, failure, root);
    }
}
