package io.linestore.cli.store;

import io.linestore.BuildSummary;
import io.linestore.ExistingStore;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStores;
import io.linestore.ProgressListener;
import io.linestore.StoreExistsException;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.cli.StandardStreams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * A build as the command line runs it: through the library (which replaces an existing store
 * atomically when asked), with a {@link BuildProgressBar} while standard error is a terminal, summed
 * up in one line afterwards.
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
     * @param options the store's shape
     * @param write how to write it; its progress listener is replaced
     * @param replace whether an existing store at {@code store} may be replaced
     * @return what the build wrote
     * @throws StoreExistsException if a store is at {@code store} and {@code replace} is false (the
     *     message says how to replace it)
     * @throws IllegalArgumentException if {@code input} is a directory, or something other than a store
     *     is at {@code store}
     * @throws UncheckedIOException if the input cannot be read or the store written
     */
    public static BuildSummary fromFile(
            StandardStreams streams, Path input, Path store, StoreOptions options, WriteOptions write, boolean replace) {
        long size = sizeOfFile(input);
        return run(streams, size, store, write, replace, (existing, withProgress) ->
                LineStores.build(input, store, options, withProgress, existing));
    }

    /**
     * Indexes a text file in place ({@link LineStores#index}): no staging, the library publishes
     * the sidecar index atomically itself.
     *
     * @param streams where the progress bar draws, and whether it should
     * @param file the text file
     * @param options the index stride and AUTO threshold
     * @param write how to write the index; its progress listener is replaced
     * @return what the indexing read and wrote
     * @throws IllegalArgumentException if {@code file} is a directory
     * @throws UncheckedIOException if the file cannot be read or the index written
     */
    public static IndexSummary index(StandardStreams streams, Path file, IndexOptions options, WriteOptions write) {
        long size = sizeOfFile(file);
        try (BuildProgressBar bar = startBar(streams, size)) {
            return LineStores.index(file, options, withProgress(write, bar));
        }
    }

    /**
     * Sums an indexing up in one line.
     *
     * @param file the file, as the user named it
     * @param summary what the indexing did
     * @return {@code indexed FILE: N lines, X MB read, T s, R MB/s}, with {@code anew (WHY)} after the
     *     file's name when an index that was there was not kept
     */
    public static String describeIndex(String file, IndexSummary summary) {
        String anew = summary.rebuiltBecause().isEmpty() ? "" : " anew (" + summary.rebuiltBecause() + ")";
        return String.format(Locale.ROOT, "indexed %s%s: %,d lines, %.1f MB read, %.2f s, %.1f MB/s",
                file, anew, summary.lineCount(), summary.bytesRead() / 1e6, summary.elapsed().toNanos() / 1e9,
                summary.megabytesPerSecond());
    }

    private static long sizeOfFile(Path input) {
        if (Files.isDirectory(input)) {
            throw new IllegalArgumentException(input + " is a directory, not a text file");
        }
        try {
            return Files.size(input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Builds a store from standard input, read to its end.
     *
     * @param streams standard input, and where the progress bar draws
     * @param store the store's directory
     * @param options the store's shape
     * @param write how to write it; its progress listener is replaced
     * @param replace whether an existing store at {@code store} may be replaced
     * @return what the build wrote
     * @throws StoreExistsException if a store is at {@code store} and {@code replace} is false (the
     *     message says how to replace it)
     * @throws IllegalArgumentException if something other than a store is at {@code store}
     * @throws UncheckedIOException if the input cannot be read or the store written
     */
    public static BuildSummary fromStdin(StandardStreams streams, Path store, StoreOptions options, WriteOptions write,
            boolean replace) {
        return run(streams, -1, store, write, replace, (existing, withProgress) ->
                LineStores.build(streams.stdin(), store, options, withProgress, existing));
    }

    /**
     * Sums a build up in one line.
     *
     * @param store the store's directory, as the user named it
     * @param summary what the build wrote
     * @return {@code built STORE: N lines, X MB, S shards, T s, R MB/s}
     */
    public static String describe(String store, BuildSummary summary) {
        String stored = summary.fileBytes() == summary.dataBytes() ? ""
                : String.format(Locale.ROOT, " (%.1f MB compressed, %.3f of the text)", summary.fileBytes() / 1e6,
                        summary.dataBytes() == 0 ? 0 : (double) summary.fileBytes() / summary.dataBytes());
        return String.format(Locale.ROOT, "built %s: %,d lines, %.1f MB%s, %d shard%s, %.2f s, %.1f MB/s",
                store, summary.lineCount(), summary.inputBytes() / 1e6, stored, summary.shardCount(),
                summary.shardCount() == 1 ? "" : "s", summary.elapsed().toNanos() / 1e9,
                summary.megabytesPerSecond());
    }

    private static BuildSummary run(StandardStreams streams, long inputBytes, Path store, WriteOptions write,
            boolean replace, BiFunction<ExistingStore, WriteOptions, BuildSummary> build) {
        try (BuildProgressBar bar = startBar(streams, inputBytes)) {
            return build.apply(replace ? ExistingStore.REPLACE : ExistingStore.REFUSE, withProgress(write, bar));
        } catch (StoreExistsException e) {
            throw new StoreExistsException(store, "pass --force to replace it");
        }
    }

    /** A bar while standard error is a terminal, else {@code null} (try-with-resources skips it). */
    private static BuildProgressBar startBar(StandardStreams streams, long inputBytes) {
        return streams.stderrIsTerminal() ? BuildProgressBar.start(streams.stderr(), inputBytes) : null;
    }

    private static WriteOptions withProgress(WriteOptions write, BuildProgressBar bar) {
        return write.toBuilder().progress(bar == null ? ProgressListener.NONE : bar).build();
    }
}
