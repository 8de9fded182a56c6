package io.linestore;

import io.linestore.spi.LineStoreProvider;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Entry points: build a store from text, index a text file in place, append to a store, open either
 * to read it. Only {@code build}, {@code index} and {@code append} write; {@code open} never does.
 *
 * <p>The implementation is found with {@link ServiceLoader} ({@code linestore-impl} on the class
 * path or module path provides it). Every method is thread-safe; two builds must not write the same
 * directory at once. The overloads without {@link WriteOptions} use {@link WriteOptions#defaults()}.
 */
public final class LineStores {

    private LineStores() {
    }

    /**
     * Builds a store from a text file with the default write options.
     *
     * @param input the text file
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(Path, Path, StoreOptions, WriteOptions)
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions store) {
        return build(input, storeDir, store, WriteOptions.defaults());
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
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions store, WriteOptions write) {
        return provider().build(input, storeDir, store, write);
    }

    /**
     * Builds a store from a stream with the default write options; the stream is not closed.
     *
     * @param input the text
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(InputStream, Path, StoreOptions, WriteOptions)
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions store) {
        return build(input, storeDir, store, WriteOptions.defaults());
    }

    /**
     * Builds a store from a stream (stdin, say), reading it to its end; the stream is not closed.
     * Publishes the store as {@link #build(Path, Path, StoreOptions, WriteOptions)} does.
     *
     * @param input the text
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @return what was written
     * @throws IllegalArgumentException if {@code storeDir} exists and is not an empty directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions store, WriteOptions write) {
        return provider().build(input, storeDir, store, write);
    }

    /**
     * Indexes a text file in place with a dense index and the default write options.
     *
     * @param file the text file
     * @return how much of the file is indexed, and how much this call read
     * @throws IllegalArgumentException if {@code file} is not a regular file
     * @throws StoreLockedException if another writer is indexing the same file
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #index(Path, IndexOptions, WriteOptions)
     */
    public static IndexSummary index(Path file) {
        return index(file, IndexOptions.defaults(), WriteOptions.defaults());
    }

    /**
     * Indexes a text file in place with the default write options.
     *
     * @param file the text file
     * @param index the index stride and AUTO threshold
     * @return how much of the file is indexed, and how much this call read
     * @throws IllegalArgumentException if {@code file} is not a regular file
     * @throws StoreLockedException if another writer is indexing the same file
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #index(Path, IndexOptions, WriteOptions)
     */
    public static IndexSummary index(Path file, IndexOptions index) {
        return index(file, index, WriteOptions.defaults());
    }

    /**
     * Indexes a text file in place: writes the sidecar directory {@code FILE.lsidx} (manifest and
     * index) next to it and never modifies the file. When a sidecar exists already: a file that is
     * unchanged costs nothing; one that only grew has just its new lines indexed; one that changed in
     * any other way, or whose sidecar has another stride, is indexed again from the start. This is
     * the only call that brings a sidecar up to date: {@link #open} reads the lines indexed so far.
     *
     * @param file the text file
     * @param index the index stride and AUTO threshold; the threshold of a sidecar that is only
     *     extended stays as it was
     * @param write write buffer, fsync, progress
     * @return how much of the file is indexed, and how much this call read
     * @throws IllegalArgumentException if {@code file} is not a regular file
     * @throws StoreLockedException if another writer is indexing the same file
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static IndexSummary index(Path file, IndexOptions index, WriteOptions write) {
        return provider().index(file, index, write);
    }

    /**
     * Appends the lines of a stream to a store with the default write options; the stream is not
     * closed.
     *
     * @param storeDir the store
     * @param input the lines to append; a last line without {@code \n} gets one
     * @return what was appended, and the store's new size
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws StoreLockedException if another writer is appending to the same store
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #append(Path, InputStream, WriteOptions)
     */
    public static AppendSummary append(Path storeDir, InputStream input) {
        return append(storeDir, input, WriteOptions.defaults());
    }

    /**
     * Appends the lines of a stream to a store, to its end; the stream is not closed. Fills the last
     * shard, then opens new ones; layout, shard size and stride are the store's. Data and index are
     * written before the new manifest is renamed into place, so a crash at any moment leaves the
     * store at its last committed line count (bytes past it are ignored, and overwritten by the next
     * append). Stores open before the append keep seeing the old lines; open the store again to see
     * the new ones.
     *
     * @param storeDir the store
     * @param input the lines to append; a last line without {@code \n} gets one
     * @param write write buffer, fsync, progress
     * @return what was appended, and the store's new size
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws StoreLockedException if another writer is appending to the same store
     * @throws IllegalArgumentException if {@code storeDir} is the sidecar of a file indexed in place
     * @throws java.io.UncheckedIOException if reading or writing fails
     */
    public static AppendSummary append(Path storeDir, InputStream input, WriteOptions write) {
        return provider().append(storeDir, input, write);
    }

    /**
     * Opens a store with {@link ReadMethod#AUTO} and default options.
     *
     * @param storeDir the store's directory, or an indexed file
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
     * @throws StaleIndexException if an indexed file changed in another way than growing
     * @throws java.io.UncheckedIOException if reading fails
     * @see #open(Path, ReadOptions)
     */
    public static LineStore open(Path storeDir) {
        return open(storeDir, ReadOptions.of(ReadMethod.AUTO));
    }

    /**
     * Opens a store with a read method and default options.
     *
     * @param storeDir the store's directory, or an indexed file
     * @param method how to read byte ranges
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
     * @throws StaleIndexException if an indexed file changed in another way than growing
     * @throws java.io.UncheckedIOException if reading fails
     * @see #open(Path, ReadOptions)
     */
    public static LineStore open(Path storeDir, ReadMethod method) {
        return open(storeDir, ReadOptions.of(method));
    }

    /**
     * Opens a store, or a file indexed in place (see {@link #index}) when {@code storeDir} is a
     * regular file. Never writes: a file that grew since it was indexed is read as far as it was
     * indexed, until {@link #index} is called again.
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
