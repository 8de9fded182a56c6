package io.linestore.cli;

import io.linestore.IndexOptions;
import io.linestore.WriteOptions;
import io.linestore.cli.command.IndexCommand;
import io.linestore.cli.command.StoreArgument;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * {@code linestore index FILE} with nothing else, run without picocli: making picocli's model and
 * parsing with it took a tenth of a second before indexing began, more than the rest of a short
 * index's start-up (docs/benchmarks.md, "Compressed files indexed in place"). As {@link PlainRead}, it is not a
 * second parser: it takes only the form whose meaning cannot differ, and hands every other command
 * line, every usage error and every failure's report to picocli.
 *
 * <p>The form: {@code index} and exactly one argument, not a URI (an object is indexed with remote
 * options), both {@linkplain PlainRead#takenAsIs taken as they are} by picocli. It runs
 * {@link IndexCommand#indexFile} with the command's defaults (the default index kind and span, the
 * default write buffer, no fsync), as {@code index} would, and fails as {@link GuardedExecution}
 * fails a command whose output was lost.
 */
final class PlainIndex {

    private static final String COMMAND = "index";

    private final String[] args;
    private final StoreArgument file;

    private PlainIndex(String[] args, StoreArgument file) {
        this.args = args;
        this.file = file;
    }

    /**
     * The plain index {@code args} ask for, if they are one.
     *
     * @param args the command line
     * @return the index, or empty when picocli must run the command line
     */
    static Optional<PlainIndex> of(String... args) {
        if (args.length != 2 || !COMMAND.equals(args[0]) || !PlainRead.takenAsIs(args)) {
            return Optional.empty();
        }
        StoreArgument file = new StoreArgument(args[1]);
        return file.isUri() ? Optional.empty() : Optional.of(new PlainIndex(args, file));
    }

    /**
     * Indexes the file and prints the line that sums it up.
     *
     * @param streams the byte streams of the run
     * @param commandLine makes the picocli command line for these arguments, set up as the caller runs
     *     it (its error writer above all); made only to report a failure
     * @return the exit code {@code index} would return
     */
    int run(StandardStreams streams, Supplier<CommandLine> commandLine) {
        PrintWriter out = StandardOutputWriter.over(streams.stdout(), System.out.charset());
        try {
            IndexCommand.indexFile(streams, file, IndexOptions.builder().build(), WriteOptions.builder().build(), out);
        } catch (Exception | Error failure) {
            return GuardedExecution.report(args, failure, commandLine.get());
        }
        return GuardedExecution.outputChecked(ExitCodes.OK, out,
                () -> commandLine.get().getSubcommands().get(COMMAND));
    }
}
