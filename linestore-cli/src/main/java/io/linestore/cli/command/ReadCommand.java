package io.linestore.cli.command;

import io.linestore.LineStore;
import io.linestore.ReadMethod;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.OptionNames;
import io.linestore.cli.common.Sizes;
import io.linestore.cli.output.LinePrinter;
import io.linestore.cli.output.OrderedAnswers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;

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
 * then exits with {@link ExitCodes#USAGE}. Without {@code --flush}, against a remote store up to
 * {@value OrderedAnswers#REMOTE_IN_FLIGHT} requests are read at once ({@link OrderedAnswers}), against a
 * compressed one (or compressed file) one per core, their answers written in order.
 */
public final class ReadCommand implements Callable<Integer> {

    /** How {@code read} reads a store unless {@code --reader} says otherwise. */
    public static final ReadMethod DEFAULT_READER = ReadMethod.AUTO;

    private static final String STDIN = "-";

    private final StandardStreams streams;
    private final CommandSpec spec;

    private final PositionalParamSpec store = PositionalParamSpec.builder()
            .index("0").paramLabel("STORE").type(StoreArgument.class).converters(StoreArgument::new).required(true)
            .description("The store's directory, an indexed file, s3://bucket/prefix, or the https:// URL of an indexed"
                    + " file or a store served with its index.").build();
    private final PositionalParamSpec offset = PositionalParamSpec.builder()
            .index("1").paramLabel("OFFSET").arity("0..1").type(Long.class).converters(new Sizes.CountConverter())
            .description("The first line number, from 0 (suffixes k, M, G: 10M).").build();
    private final PositionalParamSpec size = PositionalParamSpec.builder()
            .index("2").paramLabel("SIZE").arity("0..1").type(Long.class).converters(new Sizes.CountConverter())
            .description("How many lines to write at most.").build();
    private final OptionSpec ranges = OptionSpec.builder("--ranges").paramLabel("FILE").type(String.class)
            .description("Read 'OFFSET SIZE' requests from FILE, or from standard input for -, one per line, "
                    + "instead of OFFSET SIZE.").build();
    private final OptionSpec keepGoing = Flag.of("--keep-going",
            "With --ranges: report a bad request, skip it and go on (the exit code is still 2).");
    private final OptionSpec flush = Flag.of("--flush",
            "With --ranges: flush standard output after each answer, for a reader that waits for it.");
    private final OptionSpec reader = OptionSpec.builder("--reader").paramLabel("METHOD").type(ReadMethod.class)
            .defaultValue(OptionNames.of(DEFAULT_READER)).converters(new ReadMethodOption())
            .completionCandidates(new ReadMethodOption())
            .description("How to read the store: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).").build();
    private final OptionSpec number = Flag.of("--number", "Put each line's number and a tab before it.");
    private final RemoteOptions.Specs remote = new RemoteOptions.Specs();

    private ReadCommand(StandardStreams streams) {
        this.streams = streams;
        spec = CommandSpec.wrapWithoutInspection(this).name("read");
        spec.usageMessage().description(
                "Writes lines [OFFSET, OFFSET+SIZE) of a store to standard output, byte for byte, each followed "
                        + "by a newline. Lines are numbered from 0; lines past the end are simply absent.",
                "With --ranges, reads 'OFFSET SIZE' requests, one per line, and answers each in order.");
        spec.add(store).add(offset).add(size).add(ranges).add(keepGoing).add(flush).add(reader).add(number);
        remote.addTo(spec);
    }

    /**
     * Describes the command to picocli, without annotations (see {@link io.linestore.cli.LinestoreCommand}).
     *
     * @param streams where the lines go (their {@code stdout}) and, for {@code --ranges -}, where
     *     the requests come from (their {@code stdin})
     * @return the command's model, bound to a new command
     */
    public static CommandSpec spec(StandardStreams streams) {
        return new ReadCommand(streams).spec;
    }

    @Override
    public Integer call() throws IOException {
        String requests = ranges.getValue();
        Long first = offset.getValue();
        Long count = size.getValue();
        checkUsage(requests, first, count);
        remote.apply();
        StoreArgument path = store.getValue();
        if (requests == null) {
            print(streams, path, reader.getValue(), number.getValue(), first, count);
            return ExitCodes.OK;
        }
        try (LineStore lines = path.open(reader.<ReadMethod>getValue())) {
            LinePrinter printer = printer(streams, path, number.getValue());
            boolean decompresses = lines.info().compression().compressed();
            if ((!path.isUri() && !decompresses) || flush.<Boolean>getValue()) {
                return answer(lines, requests, printer::print, () -> { }, printer);
            }
            // Several reads in flight, each waiting on the network or decompressing, answered in order.
            int inFlight = path.isUri() ? OrderedAnswers.REMOTE_IN_FLIGHT : Runtime.getRuntime().availableProcessors();
            try (OrderedAnswers answers = new OrderedAnswers(lines, printer, number.getValue(),
                    () -> path.open(ReadMethod.MMAP), inFlight)) {
                return answer(lines, requests, (store, from, most) -> answers.answer(from, most),
                        answers::drain, printer);
            }
        }
    }

    /**
     * Writes lines {@code [first, first + count)} of a store to standard output, as
     * {@code read STORE OFFSET SIZE} does, and flushes it; for this command and for the command line's
     * plain {@code read}, which runs without picocli.
     *
     * @param streams where the lines go
     * @param store the store
     * @param method how to read it
     * @param number whether each line gets its number and a tab before it
     * @param first the first line, from 0
     * @param count lines to write at most
     * @throws IOException if standard output cannot be written
     * @throws io.linestore.LineStoreException if the store cannot be opened or read
     */
    public static void print(StandardStreams streams, StoreArgument store, ReadMethod method, boolean number,
            long first, long count) throws IOException {
        try (LineStore lines = store.open(method)) {
            LinePrinter printer = printer(streams, store, number);
            printer.print(lines, first, count);
            printer.flush();
        }
    }

    /** A printer to standard output; a line too large for the heap is streamed from a mapping of the store. */
    private static LinePrinter printer(StandardStreams streams, StoreArgument store, boolean number) {
        return new LinePrinter(streams.stdout(), number, !store.isUri(), () -> store.open(ReadMethod.MMAP));
    }

    private void checkUsage(String requests, Long first, Long count) {
        if (requests == null && count == null) {
            throw new ParameterException(spec.commandLine(), "give OFFSET and SIZE, or --ranges FILE");
        }
        if (requests != null && first != null) {
            throw new ParameterException(spec.commandLine(), "give OFFSET and SIZE or --ranges FILE, not both");
        }
        if (requests == null && (keepGoing.<Boolean>getValue() || flush.<Boolean>getValue())) {
            throw new ParameterException(spec.commandLine(), "--keep-going and --flush go with --ranges");
        }
    }

    /** How one request is answered: printed now, or handed to reads in flight. */
    @FunctionalInterface
    private interface Answer {
        void lines(LineStore store, long first, long count);
    }

    /**
     * Answers the requests read from {@code source} ({@code -} for standard input); returns the exit
     * code. {@code settle} writes every answer given so far, before a report or the end.
     */
    private int answer(LineStore lines, String source, Answer answer, Runnable settle, LinePrinter printer)
            throws IOException {
        boolean keepGoingAfterBad = keepGoing.getValue();
        boolean flushEach = flush.getValue();
        boolean anyBad = false;
        try (RequestLines requests = new RequestLines(sourceName(source),
                STDIN.equals(source) ? streams.stdin() : Files.newInputStream(Path.of(source)))) {
            long lineNumber = 0;
            while (true) {
                lineNumber++;
                RangeRequest request;
                try {
                    String text = requests.next();
                    if (text == null) {
                        break;
                    }
                    if (RangeRequest.isBlankLine(text)) {
                        continue;
                    }
                    request = RangeRequest.parse(text);
                } catch (IllegalArgumentException e) {
                    settle.run();
                    printer.flush();
                    reportBadRequest(source, lineNumber, e.getMessage());
                    anyBad = true;
                    if (keepGoingAfterBad) {
                        continue;
                    }
                    return ExitCodes.USAGE;
                }
                answer.lines(lines, request.offset(), request.size());
                if (flushEach) {
                    printer.flush();
                }
            }
        }
        settle.run();
        printer.flush();
        return anyBad ? ExitCodes.USAGE : ExitCodes.OK;
    }

    private static String sourceName(String source) {
        return STDIN.equals(source) ? "standard input" : source;
    }

    private void reportBadRequest(String source, long lineNumber, String problem) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(spec.qualifiedName() + ": " + sourceName(source) + ", line " + lineNumber + ": " + problem);
        err.flush();
    }
}
