package io.linestore;

import io.linestore.spi.LineStoreProvider;
import io.linestore.spi.UriStoreProvider;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Entry points: build a store from text, index a text file in place, append to a store, open either
 * to read it. Only {@code build}, {@code index} and {@code append} write; {@code open} never does.
 *
 * <p>The implementation is found with {@link ServiceLoader} ({@code linestore-impl} on the class
 * path or module path provides it), or named by the system property {@value #PROVIDER_PROPERTY}.
 * Every method is thread-safe; two builds must not write the same directory at once. The overloads
 * without {@link WriteOptions} use {@link WriteOptions#defaults()}.
 */
public final class LineStores {

    /**
     * The system property that names the provider's class ({@code io.linestore.impl.DefaultLineStoreProvider}
     * for {@code linestore-impl}), loaded by this class's class loader and made with its public no-argument
     * constructor instead of being looked for with {@link ServiceLoader}: on the class path the lookup reads
     * every jar's {@code META-INF/services}, which is most of a short command's start-up once the JVM's own
     * is cached. The command line's {@code Main} sets it when it runs from the class path. A provider in a
     * package its module does not export is taken from the service lookup instead (on the module path the
     * lookup reads module descriptors, not jars). Read once per JVM, at the first use of this class's
     * methods; unset, the service lookup finds the provider.
     */
    public static final String PROVIDER_PROPERTY = "io.linestore.provider";

    private LineStores() {
    }

    /**
     * Builds a store from a text file with the default write options, refusing an existing store.
     *
     * @param input the text file
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory, or {@code input} is a directory or a file inside {@code storeDir}
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(Path, Path, StoreOptions, WriteOptions, ExistingStore)
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions store) {
        return build(input, storeDir, store, WriteOptions.defaults(), ExistingStore.REFUSE);
    }

    /**
     * Builds a store from a text file, refusing an existing store.
     *
     * @param input the text file
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory, or {@code input} is a directory or a file inside {@code storeDir}
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(Path, Path, StoreOptions, WriteOptions, ExistingStore)
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions store, WriteOptions write) {
        return build(input, storeDir, store, write, ExistingStore.REFUSE);
    }

    /**
     * Builds a store from a text file, or replaces the store at {@code storeDir} with one built from
     * it. The file is streamed once, never held in memory, and read up to the size it has when the
     * build starts (a file still growing ends there).
     *
     * <p>The store's files are written into a new generation folder, and the build commits by
     * renaming its manifest into place: until then {@code storeDir} holds no store (or the old one),
     * and a crash at any moment leaves the old store or the new one, never a part of either. The
     * build holds the store's write lock, so no append or other build writes it meanwhile.
     *
     * @param input the text file
     * @param storeDir the store's directory: absent, empty, or a store to replace when asked
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @param existing whether a store at {@code storeDir} is refused or replaced
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir} and {@code existing} is
     *     {@link ExistingStore#REFUSE}
     * @throws StoreLockedException if another writer holds the store
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory, or {@code input} is a directory or a file inside {@code storeDir}
     * @throws java.io.UncheckedIOException if reading or writing fails; a store that was there is as it
     *     was, and nothing of the new one remains
     */
    public static BuildSummary build(Path input, Path storeDir, StoreOptions store, WriteOptions write,
            ExistingStore existing) {
        return provider().build(input, storeDir, store, write, existing);
    }

    /**
     * Builds a store from a stream with the default write options, refusing an existing store; the
     * stream is not closed.
     *
     * @param input the text
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(InputStream, Path, StoreOptions, WriteOptions, ExistingStore)
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions store) {
        return build(input, storeDir, store, WriteOptions.defaults(), ExistingStore.REFUSE);
    }

    /**
     * Builds a store from a stream, refusing an existing store; the stream is not closed.
     *
     * @param input the text
     * @param storeDir the directory to create; it must not exist, or be empty
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory
     * @throws java.io.UncheckedIOException if reading or writing fails
     * @see #build(InputStream, Path, StoreOptions, WriteOptions, ExistingStore)
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions store, WriteOptions write) {
        return build(input, storeDir, store, write, ExistingStore.REFUSE);
    }

    /**
     * Builds a store from a stream (stdin, say), or replaces the store at {@code storeDir} with one
     * built from it, as {@link #build(Path, Path, StoreOptions, WriteOptions, ExistingStore)} does;
     * the stream is read to its end and not closed.
     *
     * @param input the text
     * @param storeDir the store's directory: absent, empty, or a store to replace when asked
     * @param store the store's layout, shard size, index stride and AUTO threshold
     * @param write write buffer, fsync, progress
     * @param existing whether a store at {@code storeDir} is refused or replaced
     * @return what was written
     * @throws StoreExistsException if a store is at {@code storeDir} and {@code existing} is
     *     {@link ExistingStore#REFUSE}
     * @throws StoreLockedException if another writer holds the store
     * @throws IllegalArgumentException if {@code storeDir} exists and is neither a store nor an empty
     *     directory
     * @throws java.io.UncheckedIOException if reading or writing fails; a store that was there is as it
     *     was
     */
    public static BuildSummary build(InputStream input, Path storeDir, StoreOptions store, WriteOptions write,
            ExistingStore existing) {
        return provider().build(input, storeDir, store, write, existing);
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
     * Starts, on a thread of its own, what indexing this file needs first and returns at once, so that
     * it overlaps what the caller does before it indexes (a command line parsing its arguments): for
     * a gzip file, linking the system's zlib, tens of milliseconds. Optional: whatever it could not do,
     * {@link #index(Path, IndexOptions, WriteOptions)} does or reports.
     *
     * @param file the file about to be indexed; a file that is not there is ignored
     */
    public static void prepareIndex(Path file) {
        provider().prepareIndex(file);
    }

    /**
     * The compression codecs the implementation decodes with and whether each works here, one line
     * per codec ({@code "zstd: zstd-jni (its native library loaded)"}, {@code "gzip: the system's zlib (libz.so.1)"},
     * or the codec's name and why it is unavailable), for {@code --version} and bug reports. Loads
     * the native libraries it names, tens of milliseconds.
     *
     * @return the lines, in a fixed order
     */
    public static List<String> codecs() {
        return provider().codecs();
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
     * Appends the lines of a text file to a store, as {@link #append(Path, InputStream, WriteOptions)}
     * does; the file is read up to the size it has when the append starts.
     *
     * @param storeDir the store
     * @param input the text file; not a file of the store itself (its own output would feed it)
     * @param write write buffer, fsync, progress
     * @return what was appended, and the store's new size
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws StoreLockedException if another writer holds the store
     * @throws IllegalArgumentException if {@code input} is a directory or a file inside {@code storeDir},
     *     or {@code storeDir} is the sidecar of a file indexed in place
     * @throws java.io.UncheckedIOException if {@code input} does not exist, or reading or writing fails
     */
    public static AppendSummary append(Path storeDir, Path input, WriteOptions write) {
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
     * @throws IllegalArgumentException if the options give a {@linkplain ReadOptions#sidecarIndex()
     *     sidecar index} (local files are read with the one beside them)
     * @throws java.io.UncheckedIOException if reading fails
     */
    public static LineStore open(Path storeDir, ReadOptions options) {
        if (options.sidecarIndex() != null) {
            // A local file's index lies beside it: one given elsewhere would be silently unused.
            throw new IllegalArgumentException("an index elsewhere (" + options.sidecarIndex() + ") is for files on"
                    + " web servers; " + storeDir + " is read with the index beside it");
        }
        return provider().open(storeDir, options);
    }

    /**
     * Opens a store named by URI with {@link ReadMethod#AUTO} and default options.
     *
     * @param store the store: a {@code file:} URI or a URI without scheme (a local path), or one that a
     *     {@link UriStoreProvider} serves, such as {@code s3://bucket/prefix} with {@code linestore-s3}
     * @return the open store; close it
     * @throws IllegalArgumentException if no provider on the class path or module path serves the
     *     URI's scheme
     * @see #open(URI, ReadOptions)
     */
    public static LineStore open(URI store) {
        return open(store, ReadOptions.of(ReadMethod.AUTO));
    }

    /**
     * Opens a store named by URI. A {@code file:} URI or a URI without scheme is a local path, opened
     * as {@link #open(Path, ReadOptions)} does; any other goes to the first {@link UriStoreProvider}
     * (found with {@link ServiceLoader}) that supports it, which is looked for only then, so local
     * use never loads a remote provider. The store read is the same store whatever its location:
     * the same lines, the same checks on every read.
     *
     * @param store the store, or an object indexed in place
     * @param options read method, buffers; a remote provider accepts every read method and says in
     *     {@link LineStore#readMethod()} which one it was given
     * @return the open store; close it
     * @throws IllegalArgumentException if no provider serves the URI's scheme
     * @throws StoreNotFoundException if there is no store at the URI
     * @throws CorruptStoreException if the manifest or a file it names is damaged or missing
     * @throws LineStoreException if the store's server cannot be reached or refuses the request (the
     *     message says which)
     */
    public static LineStore open(URI store, ReadOptions options) {
        if (isLocal(store)) {
            return open(localPath(store), options);
        }
        return uriProvider(store).open(store, options);
    }

    /**
     * Copies a local store to a remote location atomically: files go up under names no committed
     * manifest uses, the manifest last, so a reader of the target sees the store it had there before
     * (or nothing) until the new one is whole, however the push ends. Files the target already holds
     * unchanged are not uploaded again. The local store is read as its manifest commits it (bytes an
     * append has not committed are not copied).
     *
     * @param storeDir the local store (a directory; not a file indexed in place)
     * @param target where to put it, such as {@code s3://bucket/prefix}
     * @return bytes uploaded; 0 if the target already held this store
     * @throws IllegalArgumentException if no provider serves the target's scheme
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws LineStoreException if the upload fails (the message says why)
     */
    public static long push(Path storeDir, URI target) {
        return uriProvider(target).push(storeDir, target);
    }

    /**
     * Indexes a remote object in place: reads it once and writes its sidecar index next to it
     * ({@code OBJECT.lsidx/}), never changing the object. {@link #open(URI, ReadOptions)} of the
     * object then reads its lines by range; an object that changed since is refused with
     * {@link StaleIndexException} until indexed again.
     *
     * @param object the object, such as {@code s3://bucket/data/train.jsonl}
     * @param index the index kind and AUTO threshold
     * @return how much of the object is indexed
     * @throws IllegalArgumentException if no provider serves the object's scheme
     * @throws LineStoreException if reading or writing fails (the message says why)
     */
    public static IndexSummary index(URI object, IndexOptions index) {
        return uriProvider(object).index(object, index);
    }

    private static boolean isLocal(URI uri) {
        return uri.getScheme() == null || "file".equalsIgnoreCase(uri.getScheme());
    }

    private static Path localPath(URI uri) {
        return uri.getScheme() == null ? Path.of(uri.getPath()) : Path.of(uri);
    }

    private static UriStoreProvider uriProvider(URI uri) {
        for (UriStoreProvider provider : ServiceLoader.load(UriStoreProvider.class)) {
            if (provider.supports(uri)) {
                return provider;
            }
        }
        throw new IllegalArgumentException("no linestore provider for " + uri.getScheme() + ": URIs (" + uri
                + "): put linestore-s3 on the class path for s3://, https:// and http://");
    }

    private static LineStoreProvider provider() {
        LineStoreProvider provider = ProviderHolder.PROVIDER;
        if (provider == null) {
            throw new IllegalStateException(ProviderHolder.FAILURE.getMessage(), ProviderHolder.FAILURE);
        }
        return provider;
    }

    /**
     * Loads the provider a system property names, or finds it with {@link ServiceLoader}.
     *
     * @param named the class name from {@link #PROVIDER_PROPERTY}, or {@code null}
     * @return the provider
     * @throws IllegalStateException if the named class is no provider with a public no-argument
     *     constructor, or there is no name and no provider on the class or module path
     */
    static LineStoreProvider provider(String named) {
        if (named == null) {
            return ServiceLoader.load(LineStoreProvider.class)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException(
                            "no linestore implementation found: put linestore-impl on the class path"));
        }
        try {
            return Class.forName(named, true, LineStores.class.getClassLoader())
                    .asSubclass(LineStoreProvider.class)
                    .getConstructor()
                    .newInstance();
        } catch (IllegalAccessException e) {
            // A named module that does not export the provider's package: the service lookup may make it.
            return ServiceLoader.load(LineStoreProvider.class).stream()
                    .filter(provider -> provider.type().getName().equals(named))
                    .findFirst()
                    .orElseThrow(() -> notAProvider(named, e))
                    .get();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw notAProvider(named, e);
        }
    }

    private static IllegalStateException notAProvider(String named, Throwable cause) {
        return new IllegalStateException("system property " + PROVIDER_PROPERTY + "=" + named
                + " names no linestore provider with a public no-argument constructor (" + cause + ")", cause);
    }

    /**
     * Looks the provider up once, on first use. A failure is kept, not thrown from the initialiser: it
     * would reach callers as an {@link ExceptionInInitializerError} once and a {@link NoClassDefFoundError}
     * after.
     */
    private static final class ProviderHolder {
        static final LineStoreProvider PROVIDER;
        static final IllegalStateException FAILURE;

        static {
            LineStoreProvider provider = null;
            IllegalStateException failure = null;
            try {
                provider = provider(System.getProperty(PROVIDER_PROPERTY));
            } catch (IllegalStateException e) {
                failure = e;
            }
            PROVIDER = provider;
            FAILURE = failure;
        }
    }
}
