package io.linestore.cli.store;

import io.linestore.BuildProgress;
import io.linestore.BuildSummary;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.cli.StandardStreams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * A build as the command line runs it: through a {@link StagedBuild staging directory}, with a
 * {@link BuildProgressBar} while standard error is a terminal, summed up in one line afterwards.
 */
public final class ReportedBuild {

    private ReportedBuild() {
    }

    /**
     * Builds a store from a text file.
     *
     * @param streams where the progress bar draws, and whether it should
     * @param input the text file
     * @param store the store's directory
     * @param options the build options; their progress listener is replaced
     * @param replace whether an existing store at {@code store} may be replaced
     * @return what the build wrote
     * @throws TargetExistsException if something is at {@code store} that may not be replaced
     * @throws UncheckedIOException if the input cannot be read or the store written
     */
    public static BuildSummary fromFile(
            StandardStreams streams, Path input, Path store, StoreOptions options, boolean replace) {
        long size;
        try {
            size = Files.size(input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return run(streams, size, store, options, replace, (staging, withProgress) ->
                LineStores.build(input, staging, withProgress));
    }

    /**
     * Builds a store from standard input, read to its end.
     *
     * @param streams standard input, and where the progress bar draws
     * @param store the store's directory
     * @param options the build options; their progress listener is replaced
     * @param replace whether an existing store at {@code store} may be replaced
     * @return what the build wrote
     * @throws TargetExistsException if something is at {@code store} that may not be replaced
     * @throws UncheckedIOException if the input cannot be read or the store written
     */
    public static BuildSummary fromStdin(StandardStreams streams, Path store, StoreOptions options, boolean replace) {
        return run(streams, -1, store, options, replace, (staging, withProgress) ->
                LineStores.build(streams.stdin(), staging, withProgress));
    }

    /**
     * Sums a build up in one line.
     *
     * @param store the store's directory, as the user named it
     * @param summary what the build wrote
     * @return {@code built STORE: N lines, X MB, S shards, T s, R MB/s}
     */
    public static String describe(Path store, BuildSummary summary) {
        return String.format(Locale.ROOT, "built %s: %,d lines, %.1f MB, %d shard%s, %.2f s, %.1f MB/s",
                store, summary.lineCount(), summary.inputBytes() / 1e6, summary.shardCount(),
                summary.shardCount() == 1 ? "" : "s", summary.elapsed().toNanos() / 1e9,
                summary.megabytesPerSecond());
    }

    private static BuildSummary run(StandardStreams streams, long inputBytes, Path store, StoreOptions options,
            boolean replace, BiFunction<Path, StoreOptions, BuildSummary> build) {
        try (BuildProgressBar bar = streams.stderrIsTerminal()
                ? BuildProgressBar.start(streams.stderr(), inputBytes) : null) {
            StoreOptions withProgress = options.toBuilder()
                    .progress(bar == null ? BuildProgress.NONE : bar)
                    .build();
            return StagedBuild.run(store, replace, staging -> build.apply(staging, withProgress));
        }
    }
}
