package io.linestore;

import io.linestore.spi.LineStoreProvider;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Entry points: build a store from text, open a store to read it.
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
     * Opens a store.
     *
     * @param storeDir the store's directory
     * @param options read method, handle cache, buffers
     * @return the open store; close it
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws UnsupportedFormatException if the store's format version is unknown
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
