package io.linestore.impl.build;

import io.linestore.BuildSummary;
import io.linestore.Layout;
import io.linestore.StoreOptions;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.read.Newlines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Builds a store from a stream of text in one pass: splits it on {@code \n}, writes each shard's data
 * and index together through large buffers, and publishes the manifest last. Memory use is bounded
 * by the buffers, whatever the input's size. A build that fails removes what it wrote.
 */
public final class StoreBuilder {

    private static final int MAX_INPUT_BUFFER = 8 << 20;

    private final Path dir;
    private final StoreOptions options;
    private final long linesPerShard;
    private final List<ShardEntry> shards = new ArrayList<>();
    private ShardWriter shard;
    private long lines;
    private long inputBytes;
    private long dataBytes;

    private StoreBuilder(Path dir, StoreOptions options) {
        this.dir = dir;
        this.options = options;
        this.linesPerShard = options.layout() == Layout.SINGLE ? Long.MAX_VALUE : options.linesPerShard();
    }

    /**
     * Builds a store.
     *
     * @param input the text, read to its end and not closed
     * @param dir the store directory: must not exist, or be an empty directory
     * @param options layout, stride, buffers
     * @return what was written
     * @throws IllegalArgumentException if {@code dir} is a file or a directory that is not empty
     * @throws UncheckedIOException if reading or writing fails; nothing of the store remains
     */
    public static BuildSummary build(InputStream input, Path dir, StoreOptions options) {
        boolean created = prepare(dir);
        long started = System.nanoTime();
        StoreBuilder builder = new StoreBuilder(dir, options);
        try {
            builder.copy(input);
            Manifest manifest = builder.manifest();
            ManifestCodec.publish(dir, manifest, options.fsync());
            return new BuildSummary(manifest.lineCount(), builder.inputBytes, manifest.dataBytes(),
                    manifest.shards().size(), Duration.ofNanos(System.nanoTime() - started));
        } catch (IOException e) {
            removeAll(dir, created, e);
            throw new UncheckedIOException("cannot build store " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            removeAll(dir, created, e);
            throw e;
        }
    }

    private void copy(InputStream input) throws IOException {
        if (options.layout() == Layout.SHARDED) {
            Files.createDirectories(StoreFiles.shardsDir(dir));
        } else {
            openShard();
        }
        byte[] chunk = new byte[Math.min(options.writeBufferSize(), MAX_INPUT_BUFFER)];
        boolean atLineStart = true;
        byte lastByte = '\n';
        try {
            // read() of a non-empty array blocks until it returns at least one byte or -1.
            for (int n; (n = input.read(chunk)) > 0; ) {
                inputBytes += n;
                lastByte = chunk[n - 1];
                for (int position = 0; position < n; ) {
                    if (atLineStart) {
                        startLine();
                        atLineStart = false;
                    }
                    int newline = Newlines.indexOf(chunk, position, n);
                    int end = newline < 0 ? n : newline + 1;
                    shard.write(chunk, position, end - position);
                    position = end;
                    if (newline >= 0) {
                        endLine();
                        atLineStart = true;
                    }
                }
                options.progress().update(lines, inputBytes);
            }
            if (!atLineStart) {
                // A final line without \n is a line: store it terminated like the others. Its \r, if it
                // ends in one, is content (no \n follows it), so it gets a \r\n that keeps it.
                byte[] terminator = lastByte == '\r' ? new byte[] {'\r', '\n'} : new byte[] {'\n'};
                shard.write(terminator, 0, terminator.length);
                endLine();
            }
            if (shard != null) {
                closeShard();
            }
        } finally {
            if (shard != null) {
                shard.close();
            }
        }
    }

    private void startLine() throws IOException {
        if (shard == null) {
            openShard();
        }
        shard.startLine();
    }

    private void endLine() throws IOException {
        shard.endLine();
        lines++;
        if (shard.lines() == linesPerShard) {
            closeShard();
        }
    }

    private void openShard() throws IOException {
        int number = shards.size();
        shard = new ShardWriter(dir.resolve(StoreFiles.dataFile(options.layout(), number)),
                dir.resolve(StoreFiles.indexFile(options.layout(), number)), options.indexStride(),
                options.writeBufferSize(), options.fsync());
    }

    private void closeShard() throws IOException {
        ShardEntry entry;
        try (ShardWriter done = shard) {
            shard = null;
            entry = done.finish();
        }
        shards.add(entry);
        dataBytes += entry.dataBytes();
    }

    private Manifest manifest() {
        long indexBytes = shards.stream().mapToLong(ShardEntry::indexBytes).sum();
        return new Manifest(Manifest.FORMAT, Manifest.VERSION, options.layout(), lines, dataBytes, indexBytes,
                options.indexStride(), linesPerShard, options.autoThresholdBytes(), shards);
    }

    /** Creates the directory if needed; returns whether it did. */
    private static boolean prepare(Path dir) {
        try {
            if (Files.exists(dir)) {
                if (!Files.isDirectory(dir)) {
                    throw new IllegalArgumentException("store path is a file, not a directory: " + dir);
                }
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                    if (entries.iterator().hasNext()) {
                        throw new IllegalArgumentException("store directory is not empty: " + dir);
                    }
                }
                return false;
            }
            Files.createDirectories(dir);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create store directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Removes a failed build: the directory was empty or absent before, so all in it is ours. */
    private static void removeAll(Path dir, boolean created, Throwable failure) {
        try (Stream<Path> paths = Files.walk(dir)) {
            List<Path> deepestFirst = paths.sorted(Comparator.reverseOrder())
                    .filter(path -> created || !path.equals(dir))
                    .toList();
            for (Path path : deepestFirst) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            failure.addSuppressed(e);
        }
    }
}
