package io.linestore.cli.command;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import io.linestore.cli.output.LinePrinter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 *
 * <p>{@code linestore read STORE --ranges FILE} (or {@code -} for standard input) answers one
 * {@link RangeRequest} per input line, in order, for the cost of one start: the output is what one
 * {@code read} per request would print, one after the other. A bad request is reported on
 * standard error with its line number; the command stops there with {@link ExitCodes#USAGE} after
 * answering the requests before it, or with {@code --keep-going} skips it, answers the rest and
 * then exits with {@link ExitCodes#USAGE}.
 */
@Command(name = "read", description = {
    "Writes lines [OFFSET, OFFSET+SIZE) of a store to standard output, byte for byte, each followed "
            + "by a newline. Lines are numbered from 0; lines past the end are simply absent.",
    "With --ranges, reads 'OFFSET SIZE' requests, one per line, and answers each in order."
})
public final class ReadCommand implements Callable<Integer> {

    /** Lines per {@link LineStore#readBytes} call: bounds memory for any SIZE. */
    private static final long BATCH_LINES = 1 << 16;

    private static final String STDIN = "-";

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", description = "The store's directory.")
    private Path store;

    @Parameters(index = "1", paramLabel = "OFFSET", arity = "0..1", converter = Sizes.CountConverter.class,
            description = "The first line number, from 0 (suffixes k, M, G: 10M).")
    private Long offset;

    @Parameters(index = "2", paramLabel = "SIZE", arity = "0..1", converter = Sizes.CountConverter.class,
            description = "How many lines to write at most.")
    private Long size;

    @Option(names = "--ranges", paramLabel = "FILE",
            description = "Read 'OFFSET SIZE' requests from FILE, or from standard input for -, one per line, "
                    + "instead of OFFSET SIZE.")
    private String ranges;

    @Option(names = "--keep-going", description = "With --ranges: report a bad request, skip it and go on "
            + "(the exit code is still 2).")
    private boolean keepGoing;

    @Option(names = "--flush", description = "With --ranges: flush standard output after each answer, "
            + "for a reader that waits for it.")
    private boolean flush;

    @Option(names = "--reader", paramLabel = "METHOD", defaultValue = "auto",
            converter = ReadMethodOption.class, completionCandidates = ReadMethodOption.class,
            description = "How to read the store: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private ReadMethod reader;

    @Option(names = "--number", description = "Put each line's number and a tab before it.")
    private boolean number;

    /**
     * Makes the command.
     *
     * @param streams where the lines go (their {@code stdout}) and, for {@code --ranges -}, where
     *     the requests come from (their {@code stdin})
     */
    public ReadCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws IOException {
        checkUsage();
        try (LineStore lines = LineStores.open(store, reader)) {
            LinePrinter printer = new LinePrinter(streams.stdout(), number);
            if (ranges == null) {
                write(lines, offset, size, printer);
                printer.flush();
                return ExitCodes.OK;
            }
            return answer(lines, printer);
        }
    }

    private void checkUsage() {
        if (ranges == null && size == null) {
            throw new ParameterException(spec.commandLine(), "give OFFSET and SIZE, or --ranges FILE");
        }
        if (ranges != null && offset != null) {
            throw new ParameterException(spec.commandLine(), "give OFFSET and SIZE or --ranges FILE, not both");
        }
        if (ranges == null && (keepGoing || flush)) {
            throw new ParameterException(spec.commandLine(), "--keep-going and --flush go with --ranges");
        }
    }

    /** Answers the requests of {@link #ranges}; returns the exit code. */
    private int answer(LineStore lines, LinePrinter printer) throws IOException {
        boolean anyBad = false;
        try (InputStream in = STDIN.equals(ranges) ? streams.stdin() : Files.newInputStream(Path.of(ranges));
                BufferedReader requests = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            long lineNumber = 0;
            for (String text = requests.readLine(); text != null; text = requests.readLine()) {
                lineNumber++;
                if (text.isBlank()) {
                    continue;
                }
                RangeRequest request;
                try {
                    request = RangeRequest.parse(text);
                } catch (IllegalArgumentException e) {
                    printer.flush();
                    reportBadRequest(lineNumber, e.getMessage());
                    anyBad = true;
                    if (keepGoing) {
                        continue;
                    }
                    return ExitCodes.USAGE;
                }
                write(lines, request.offset(), request.size(), printer);
                if (flush) {
                    printer.flush();
                }
            }
        }
        printer.flush();
        return anyBad ? ExitCodes.USAGE : ExitCodes.OK;
    }

    private void reportBadRequest(long lineNumber, String problem) {
        PrintWriter err = spec.commandLine().getErr();
        String source = STDIN.equals(ranges) ? "standard input" : ranges;
        err.println(spec.qualifiedName() + ": " + source + ", line " + lineNumber + ": " + problem);
        err.flush();
    }

    /** Writes lines {@code [from, from + count)}, those that exist, in bounded batches. */
    private static void write(LineStore lines, long from, long count, LinePrinter printer) {
        long end = from >= lines.lineCount() ? from : from + Math.min(count, lines.lineCount() - from);
        for (long batch = from; batch < end; batch += BATCH_LINES) {
            lines.readBytes(batch, Math.min(BATCH_LINES, end - batch), printer);
        }
    }
}
