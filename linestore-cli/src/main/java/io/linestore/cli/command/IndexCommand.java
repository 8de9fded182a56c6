package io.linestore.cli.command;

import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStores;
import io.linestore.WriteOptions;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import io.linestore.cli.store.ReportedBuild;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore index FILE}: makes a text file readable in place, without copying it, by
 * writing a sidecar index {@code FILE.lsidx/} next to it; {@code read}, {@code info} and
 * {@code verify} then take FILE itself. Running it again after the file grew indexes only the new
 * lines.
 */
@Command(name = "index", description = {
    "Indexes a text file in place: writes FILE.lsidx/ next to it and never changes FILE, so that read, "
            + "info and verify work on FILE itself. After FILE grew, run it again: only the new lines are indexed.",
    "A gzip file (bgzip too) or a zstd file of several frames, told by its first bytes, is indexed in place "
            + "as well: its text is decoded once, and a read decodes from the checkpoint before its first line."
})
public final class IndexCommand implements Callable<Integer> {

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", converter = StoreArgumentConverter.class,
            description = "The text file to index, or an object: s3://bucket/key.")
    private StoreArgument file;

    @Mixin
    private RemoteOptions remote = new RemoteOptions();

    @Mixin
    private IndexOption indexOption;

    @Option(names = "--span", paramLabel = "SIZE", converter = Sizes.ByteSizeConverter.class,
            description = "For a gzip or zstd file: text between checkpoints, the most a read decodes before its "
                    + "first line; smaller spans read faster and make a larger index (default: 1MiB).")
    private Long span;

    @Mixin
    private WriteFlags writeFlags;

    /**
     * Makes the command.
     *
     * @param streams the terminal for the progress bar
     */
    public IndexCommand(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() {
        IndexOptions.Builder builder = IndexOptions.builder().index(indexOption.kind(spec, false, null));
        if (span != null) {
            if (span < Compression.MIN_BLOCK_BYTES || span > Compression.MAX_BLOCK_BYTES) {
                throw new ParameterException(spec.commandLine(), "--span must be " + Compression.MIN_BLOCK_BYTES
                        + " to " + Compression.MAX_BLOCK_BYTES + " bytes, got " + span);
            }
            builder.spanBytes(span.intValue());
        }
        IndexOptions options = builder.build();
        if (file.isUri()) {
            // The object is read once, by the provider of its scheme; the sidecar goes next to it.
            remote.apply();
            report(file, LineStores.index(file.uri(), options), spec.commandLine().getOut());
        } else {
            indexFile(streams, file, options, writeFlags.toWriteOptions(spec), spec.commandLine().getOut());
        }
        return ExitCodes.OK;
    }

    /**
     * Indexes a local file and prints the line that sums it up, as {@code index FILE} does; for this
     * command and for the command line's plain {@code index FILE}, which runs without picocli.
     *
     * @param streams the terminal for the progress bar
     * @param file the file, not a URI
     * @param options the index's shape
     * @param write how to write it
     * @param out standard output
     */
    public static void indexFile(StandardStreams streams, StoreArgument file, IndexOptions options,
            WriteOptions write, PrintWriter out) {
        report(file, ReportedBuild.index(streams, file.path(), options, write), out);
    }

    private static void report(StoreArgument file, IndexSummary summary, PrintWriter out) {
        out.println(ReportedBuild.describeIndex(file.text(), summary));
        out.flush();
    }
}
