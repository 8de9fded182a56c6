package io.linestore.cli.command;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.BuildSummary;
import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import io.linestore.cli.store.ReportedBuild;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore build INPUT STORE}: builds a store from a text file or standard input as a
 * {@link ReportedBuild}, and prints its one-line summary on standard output.
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

    @Parameters(index = "1", paramLabel = "STORE", converter = StoreArgumentConverter.class,
            description = "The store directory to create, or s3://bucket/prefix (built in a temporary directory, "
                    + "then pushed there).")
    private StoreArgument store;

    @Mixin
    private RemoteOptions remote = new RemoteOptions();

    @Option(names = "--layout", paramLabel = "LAYOUT", defaultValue = "single",
            converter = LayoutOption.class, completionCandidates = LayoutOption.class,
            description = "single (one data file) or sharded (fixed-size shard files); default: ${DEFAULT-VALUE}.")
    private Layout layout;

    @Option(names = "--shard-lines", paramLabel = "N", converter = Sizes.CountConverter.class,
            description = "Lines per shard, with --layout sharded (default: "
                    + StoreOptions.DEFAULT_LINES_PER_SHARD + ").")
    private Long shardLines;

    @Mixin
    private IndexOption indexOption;

    @Option(names = "--auto-threshold", paramLabel = "SIZE", defaultValue = "1MiB",
            converter = Sizes.ByteSizeConverter.class,
            description = "Reads with --reader auto take ranges smaller than this through the memory mapping, "
                    + "larger ones through the file channel; recorded in the store. `linestore recommend` measures "
                    + "it for the machine it runs on; default: ${DEFAULT-VALUE}.")
    private long autoThreshold;

    @Option(names = "--compress", paramLabel = "CODEC", defaultValue = "none",
            description = "none (default): the data file holds the lines as they are; zstd or zstd:LEVEL (1 to 22, "
                    + "default " + Compression.DEFAULT_ZSTD_LEVEL + "): lines packed into blocks, each one zstd frame, "
                    + "in a file that `zstd -dc` reads; a read decompresses only the blocks its lines lie in.")
    private String compress;

    @Option(names = "--block-size", paramLabel = "SIZE", converter = Sizes.ByteSizeConverter.class,
            description = "Uncompressed bytes per block, with --compress zstd: larger blocks compress better, "
                    + "a cold one-line read decompresses more (default: 32KiB).")
    private Long blockSize;

    @Mixin
    private WriteFlags writeFlags;

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
        StoreOptions options = options();
        WriteOptions write = writeFlags.toWriteOptions(spec);
        if (store.isUri()) {
            return buildAndPush(options, write);
        }
        BuildSummary summary = build(store.path(), options, write, force);
        PrintWriter out = spec.commandLine().getOut();
        out.println(ReportedBuild.describe(store.text(), summary));
        out.flush();
        return ExitCodes.OK;
    }

    private BuildSummary build(Path target, StoreOptions options, WriteOptions write, boolean replace) {
        return STDIN.equals(input)
                ? ReportedBuild.fromStdin(streams, target, options, write, replace)
                : ReportedBuild.fromFile(streams, Path.of(input), target, options, write, replace);
    }

    /** A store in object storage is built locally first, then pushed whole, its manifest last. */
    private int buildAndPush(StoreOptions options, WriteOptions write) throws IOException {
        if (force) {
            throw usage("--force replaces local stores only; push to a new prefix instead of " + store);
        }
        remote.apply();
        Path temp = Files.createTempDirectory("linestore-build-");
        try {
            Path local = temp.resolve("store");
            BuildSummary summary = build(local, options, write, false);
            long pushed = LineStores.push(local, store.uri());
            PrintWriter out = spec.commandLine().getOut();
            out.println(ReportedBuild.describe(store.text(), summary)
                    + String.format(Locale.ROOT, "; pushed %.1f MB", pushed / 1e6));
            out.flush();
            return ExitCodes.OK;
        } finally {
            MoreFiles.deleteRecursively(temp, RecursiveDeleteOption.ALLOW_INSECURE);
        }
    }

    private StoreOptions options() {
        if (shardLines != null && layout != Layout.SHARDED) {
            throw usage("--shard-lines needs --layout sharded");
        }
        if (shardLines != null && shardLines < 1) {
            throw usage("--shard-lines must be >= 1, got " + shardLines);
        }
        if (autoThreshold < 0) {
            throw new ParameterException(spec.commandLine(), "--auto-threshold must be >= 0, got " + autoThreshold);
        }
        StoreOptions.Builder options = StoreOptions.builder()
                .index(indexOption.kind(spec, true, IndexKind.DENSE))
                .autoThresholdBytes(autoThreshold)
                .compression(compression())
                .layout(layout);
        if (shardLines != null) {
            options.linesPerShard(shardLines);
        }
        return options.build();
    }

    private Compression compression() {
        Compression compression;
        try {
            compression = Compression.parse(compress);
        } catch (IllegalArgumentException e) {
            throw usage("--compress: " + e.getMessage());
        }
        if (blockSize == null) {
            return compression;
        }
        if (!compression.compressed()) {
            throw usage("--block-size needs --compress zstd");
        }
        if (blockSize < Compression.MIN_BLOCK_BYTES || blockSize > Compression.MAX_BLOCK_BYTES) {
            throw usage("--block-size must be " + Compression.MIN_BLOCK_BYTES + " to " + Compression.MAX_BLOCK_BYTES
                    + " bytes, got " + blockSize);
        }
        return compression.withBlockBytes(blockSize.intValue());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
