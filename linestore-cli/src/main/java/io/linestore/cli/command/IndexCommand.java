package io.linestore.cli.command;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStores;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.store.ReportedBuild;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
            + "info and verify work on FILE itself. After FILE grew, run it again: only the new lines are indexed."
})
public final class IndexCommand implements Callable<Integer> {

    private final StandardStreams streams;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", converter = StoreArgumentConverter.class,
            description = "The text file to index, or an object: s3://bucket/key.")
    private StoreArgument file;

    @Option(names = "--endpoint", paramLabel = "URL", description = EndpointOption.DESCRIPTION)
    private String endpoint;

    @Mixin
    private IndexOption indexOption;

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
        IndexOptions options = IndexOptions.builder().index(indexOption.kind(spec, false)).build();
        IndexSummary summary;
        if (file.isUri()) {
            // The object is read once, by the provider of its scheme; the sidecar goes next to it.
            StoreArgument.useEndpoint(endpoint);
            summary = LineStores.index(file.uri(), options);
        } else {
            summary = ReportedBuild.index(streams, file.path(), options, writeFlags.toWriteOptions(spec));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(ReportedBuild.describeIndex(file.text(), summary));
        out.flush();
        return ExitCodes.OK;
    }
}
