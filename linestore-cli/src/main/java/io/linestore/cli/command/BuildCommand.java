package io.linestore.cli.command;

import io.linestore.BuildProgress;
import io.linestore.BuildSummary;
import io.linestore.Layout;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.store.BuildProgressBar;
import io.linestore.cli.store.StagedBuild;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore build INPUT STORE}: builds a store from a text file or standard input, through
 * a {@link StagedBuild staging directory}, with a progress bar when standard error is a terminal
 * and a one-line summary on standard output.
 */
@Command(name = "build", description = {
    "Builds a store from a text file, or from standard input when INPUT is -.",
    "Refuses to overwrite an existing store unless --force; a failed build leaves any old store as it was."
})
public final class BuildCommand implements Callable<Integer> {

    private static final String STDIN = "-";

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "INPUT", description = "The text file, or - for standard input.")
    private String input;

    @Parameters(index = "1", paramLabel = "STORE", description = "The store directory to create.")
    private Path store;

    @Option(names = "--layout", paramLabel = "LAYOUT", defaultValue = "single",
            converter = LayoutOption.class, completionCandidates = LayoutOption.class,
            description = "single (one data file) or sharded (fixed-size shard files); default: ${DEFAULT-VALUE}.")
    private Layout layout;

    @Option(names = "--shard-lines", paramLabel = "N",
            description = "Lines per shard, with --layout sharded (default: "
                    + StoreOptions.DEFAULT_LINES_PER_SHARD + ").")
    private Long shardLines;

    @Option(names = "--index-stride", paramLabel = "K", defaultValue = "1",
            description = "1: an index entry per line (default); K > 1: one every K lines, a read scans "
                    + "up to K-1 lines; 0: no index, a read scans from the start of its shard.")
    private int indexStride;

    @Option(names = "--write-buffer", paramLabel = "SIZE", defaultValue = "1048576", converter = SizeOption.class,
            description = "Bytes buffered per file before each write, such as 64KiB or 8MiB; "
                    + "default: ${DEFAULT-VALUE}.")
    private long writeBuffer;

    @Option(names = "--fsync", description = "Force data and index to the device before publishing the store.")
    private boolean fsync;

    @Option(names = "--force", description = "Replace STORE if it is an existing store.")
    private boolean force;

    /**
     * Makes the command.
     *
     * @param streams standard input (for INPUT {@code -}) and the terminal for the progress bar
     */
    public BuildCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws IOException {
        StoreOptions.Builder options = options();
        boolean fromStdin = STDIN.equals(input);
        long inputBytes = fromStdin ? -1 : Files.size(Path.of(input));
        BuildSummary summary;
        try (BuildProgressBar bar = streams.stderrIsTerminal() ? BuildProgressBar.start(streams.stderr(), inputBytes)
                : null) {
            StoreOptions withProgress = options.progress(bar == null ? BuildProgress.NONE : bar).build();
            summary = StagedBuild.run(store, force, staging -> fromStdin
                    ? LineStores.build(streams.stdin(), staging, withProgress)
                    : LineStores.build(Path.of(input), staging, withProgress));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "built %s: %,d lines, %.1f MB, %d shard%s, %.2f s, %.1f MB/s%n",
                store, summary.lineCount(), summary.inputBytes() / 1e6, summary.shardCount(),
                summary.shardCount() == 1 ? "" : "s", summary.elapsed().toNanos() / 1e9,
                summary.megabytesPerSecond());
        out.flush();
        return 0;
    }

    private StoreOptions.Builder options() {
        if (shardLines != null && layout != Layout.SHARDED) {
            throw usage("--shard-lines needs --layout sharded");
        }
        if (shardLines != null && shardLines < 1) {
            throw usage("--shard-lines must be >= 1, got " + shardLines);
        }
        if (indexStride < 0) {
            throw usage("--index-stride must be >= 0, got " + indexStride);
        }
        if (writeBuffer < 1 || writeBuffer > Integer.MAX_VALUE) {
            throw usage("--write-buffer must be between 1 byte and 2 GiB, got " + writeBuffer);
        }
        StoreOptions.Builder options = StoreOptions.builder()
                .layout(layout)
                .indexStride(indexStride)
                .writeBufferSize((int) writeBuffer)
                .fsync(fsync);
        if (shardLines != null) {
            options.linesPerShard(shardLines);
        }
        return options;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
