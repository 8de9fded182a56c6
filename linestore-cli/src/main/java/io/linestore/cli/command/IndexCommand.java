package io.linestore.cli.command;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.cli.StandardStreams;
import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.store.ReportedBuild;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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

    @Parameters(index = "0", paramLabel = "FILE", description = "The text file to index.")
    private Path file;

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
        IndexSummary summary = ReportedBuild.index(streams, file,
                IndexOptions.builder().index(indexOption.kind(spec, false)).build(), writeFlags.toWriteOptions(spec));
        PrintWriter out = spec.commandLine().getOut();
        out.println(ReportedBuild.describeIndex(file, summary));
        out.flush();
        return ExitCodes.OK;
    }
}
