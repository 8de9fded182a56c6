package io.linestore;

import io.linestore.spi.LineStoreProvider;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Entry points: build a store from text, index a text file in place, append to a store, open either
 * to read it.
 *
 * <p>The implementation is found with {@link ServiceLoader} ({@code linestore-impl} on the class
 * path or module path provides it). Every method is thread-safe; two builds must not write the same
 * directory at once.
 */
public final class LineStores {

    private LineStores() {
    }

    /**
     * Builds a store from a text file, streaming it once; never holds the input in memory.
     *
     * <p>The store's manifest is written last, through a temporary file and an atomic rename: until
     * the build returns, {@code storeDir} holds no store, and a crash never leaves one that looks
     * whole.
     *
     * @param input the text file
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param options layout, index stride, buffers
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions options) {
        return provider().build(input, storeDir, options);
    }

    /**
     * Builds a store from a stream (stdin, say), reading it to its end; the stream is not closed.
     *
     * @param input the text
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param options layout, index stride, buffers
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions options) {
        return provider().build(input, storeDir, options);
    }

    /**
     * Indexes a text file in place: writes the sidecar directory {@code FILE.lsidx} (manifest and
     * index) next to it and never modifies the file. When a sidecar exists already: a file that is
     * unchanged costs nothing; one that only grew has just its new lines indexed; one that changed in
     * any other way is indexed again from the start.
     *
     * <p>Of the options, {@code indexStride} ({@code >= 1}), {@code writeBufferSize}, {@code fsync},
     * {@code progress} and {@code autoThresholdBytes} apply; a stride differing from an existing
     * sidecar's re-indexes the whole file.
     *
     * @param file the text file
     * @param options index options
     * @return the lines and bytes now indexed; {@code inputBytes} counts only the bytes read this time
     * @throws IllegalArgumentException if the stride is 0, or {@code file} is not a regular file
     * @throws StoreLockedException if another writer is indexing the same file
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary index(Path file, StoreOptions options) {
        return provider().index(file, options);
    }

    /**
     * Appends the lines of a stream to a store, to its end; the stream is not closed. Fills the last
     * shard, then opens new ones. Data and index are written before the new manifest is renamed into
     * place, so a crash at any moment leaves the store at its last committed line count (bytes past
     * it are ignored, and overwritten by the next append). Stores open before the append keep seeing
     * the old lines; open the store again to see the new ones.
     *
     * <p>Of the options, {@code writeBufferSize}, {@code fsync} and {@code progress} apply; layout,
     * shard size and stride are the store's.
     *
     * @param storeDir the store
     * @param input the lines to append; a last line without {@code \n} gets one
     * @param options write options
     * @return what was appended: {@code lineCount} and {@code dataBytes} count the new lines only,
     *     {@code shardCount} is the store's new shard count
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws StoreLockedException if another writer is appending to the same store
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary append(Path storeDir, InputStream input, StoreOptions options) {
        return provider().append(storeDir, input, options);
    }

    /**
     * Opens a store with {@link ReadMethod#AUTO} and default options.
     *
     * @param storeDir the store's directory
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
     * @throws java.io.UncheckedIOException if reading fails
     */
    public static LineStore open(Path storeDir) {
        return open(storeDir, ReadOptions.of(ReadMethod.AUTO));
    }

    /**
     * Opens a store with a read method and default options.
     *
     * @param storeDir the store's directory
     * @param method how to read byte ranges
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
     * @throws java.io.UncheckedIOException if reading fails
     */
    public static LineStore open(Path storeDir, ReadMethod method) {
        return open(storeDir, ReadOptions.of(method));
    }

    /**
     * Opens a store, or a file indexed in place (see {@link #index}) when {@code storeDir} is a
     * regular file.
     *
     * @param storeDir the store's directory, or an indexed file
     * @param options read method, handle cache, buffers
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
     * @throws StaleIndexException if an indexed file changed in another way than growing
     * @throws java.io.UncheckedIOException if reading fails
     */
    public static LineStore open(Path storeDir, ReadOptions options) {
        return provider().open(storeDir, options);
    }

    private static LineStoreProvider provider() {
        return ProviderHolder.PROVIDER;
    }

    /** Looks the provider up once, on first use. */
    private static final class ProviderHolder {
        static final LineStoreProvider PROVIDER = ServiceLoader.load(LineStoreProvider.class)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "no linestore implementation found: put linestore-impl on the class path"));
    }
}
