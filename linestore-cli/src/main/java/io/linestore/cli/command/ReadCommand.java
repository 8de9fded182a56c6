package io.linestore.cli.command;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.output.LinePrinter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore read STORE OFFSET SIZE}: writes lines {@code [OFFSET, OFFSET + SIZE)} to
 * standard output, each line's stored bytes exactly followed by {@code \n}, so for a file with
 * {@code \n} endings the output equals {@code sed -n 'OFFSET+1,OFFSET+SIZE p'}. Reads in bounded
 * batches: memory does not grow with SIZE.
 */
@Command(name = "read", description = {
    "Writes lines [OFFSET, OFFSET+SIZE) of a store to standard output, byte for byte, each followed "
            + "by a newline. Lines are numbered from 0; lines past the end are simply absent."
})
public final class ReadCommand implements Callable<Integer> {

    /** Lines per {@link LineStore#readBytes} call: bounds memory for any SIZE. */
    private static final long BATCH_LINES = 1 << 16;

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", description = "The store's directory.")
    private Path store;

    @Parameters(index = "1", paramLabel = "OFFSET", description = "The first line number, from 0.")
    private long offset;

    @Parameters(index = "2", paramLabel = "SIZE", description = "How many lines to write at most.")
    private long size;

    @Option(names = "--reader", paramLabel = "METHOD", defaultValue = "auto",
            converter = ReadMethodOption.class, completionCandidates = ReadMethodOption.class,
            description = "How to read the store: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private ReadMethod reader;

    @Option(names = "--number", description = "Put each line's number and a tab before it.")
    private boolean number;

    /**
     * Makes the command.
     *
     * @param streams where the lines go (their {@code stdout})
     */
    public ReadCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() {
        requireNonNegative("OFFSET", offset);
        requireNonNegative("SIZE", size);
        try (LineStore lines = LineStores.open(store, reader)) {
            LinePrinter printer = new LinePrinter(streams.stdout(), number);
            long end = offset >= lines.lineCount() ? offset : offset + Math.min(size, lines.lineCount() - offset);
            for (long from = offset; from < end; from += BATCH_LINES) {
                lines.readBytes(from, Math.min(BATCH_LINES, end - from), printer);
            }
            printer.flush();
        }
        return ExitCodes.OK;
    }

    private void requireNonNegative(String label, long value) {
        if (value < 0) {
            throw new ParameterException(spec.commandLine(), label + " must be >= 0, got " + value);
        }
    }
}
