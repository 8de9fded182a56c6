package io.linestore.cli.command;

import io.linestore.AppendSummary;
import io.linestore.LineStores;
import io.linestore.WriteOptions;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore append STORE INPUT}: appends the lines of a file or of standard input to a store,
 * all committed at once, and prints a one-line summary.
 */
@Command(name = "append", description = {
    "Appends the lines of a text file, or of standard input when INPUT is -, to the end of a store.",
    "The new lines appear all at once when the append commits; if it fails, the store keeps the lines it "
            + "had. One writer at a time: a second append to the same store is refused."
})
public final class AppendCommand implements Callable<Integer> {

    private static final String STDIN = "-";

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", converter = StoreArgumentConverter.class,
            description = "The store's directory.")
    private StoreArgument store;

    @Parameters(index = "1", paramLabel = "INPUT", description = "The text file, or - for standard input.")
    private String input;

    @Mixin
    private WriteFlags writeFlags;

    /**
     * Makes the command.
     *
     * @param streams standard input, for INPUT {@code -}
     */
    public AppendCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() {
        if (store.isUri()) {
            throw new ParameterException(spec.commandLine(), "cannot append to " + store + ": a store in object "
                    + "storage is written whole; append to a local copy and push that again");
        }
        WriteOptions options = writeFlags.toWriteOptions(spec);
        AppendSummary summary;
        if (STDIN.equals(input)) {
            summary = LineStores.append(store.path(), streams.stdin(), options);
        } else {
            summary = LineStores.append(store.path(), Path.of(input), options);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "appended %,d lines to %s: %.1f MB, %d shard%s now, %.2f s%n", summary.appendedLines(),
                store, summary.appendedDataBytes() / 1e6, summary.shardCount(), summary.shardCount() == 1 ? "" : "s",
                summary.elapsed().toNanos() / 1e9);
        out.flush();
        return ExitCodes.OK;
    }
}
