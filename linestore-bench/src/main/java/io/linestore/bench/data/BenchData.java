package io.linestore.bench.data;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.gen.ContentKind;
import io.linestore.gen.Generator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * The benchmarks' data, made once and kept on disk: generated text, stores built from it and the
 * SQLite, LMDB, RocksDB, DuckDB and Parquet copies of the same lines, each keyed by (lines, seed,
 * layout, stride) in its name.
 * Building a 10-million-line store per fork would take longer than measuring it, so every item is
 * reused when it is complete: a text or database file when it exists (each is written under a
 * temporary name and renamed), a store when its {@code manifest.json} exists (a store is whole only
 * then). An incomplete item is deleted and made again.
 *
 * <p>Not safe for two processes filling the same directory at once; JMH runs forks one after the
 * other.
 */
public final class BenchData {

    /** The seed every benchmark's data is generated with. */
    public static final long SEED = 1;

    /** The directory used when none is given: {@code ${java.io.tmpdir}/linestore-bench}. */
    public static final Path DEFAULT_DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "linestore-bench");

    private final Path root;

    private BenchData(Path root) {
        this.root = root;
    }

    /**
     * Returns the data kept in a directory.
     *
     * @param directory the directory, created when first needed; blank for {@link #DEFAULT_DIRECTORY}
     * @return the data in that directory
     */
    public static BenchData in(String directory) {
        return new BenchData(directory.isBlank() ? DEFAULT_DIRECTORY : Path.of(directory));
    }

    /**
     * Returns the directory this data lives in.
     *
     * @return the directory
     */
    public Path root() {
        return root;
    }

    /**
     * Returns a generator of {@code lines} lines with {@link #SEED}.
     *
     * @param lines the line count, {@code >= 0}
     * @return the generator
     */
    public static Generator generator(long lines) {
        return Generator.builder().lines(lines).seed(SEED).build();
    }

    /**
     * Returns the generated text file of {@code lines} lines, generating it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the text file
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public Path textFile(long lines) {
        Path file = root.resolve("text-" + lines + "-seed-" + SEED + ".txt");
        if (!Files.exists(file)) {
            publish(file, partial -> generator(lines).writeTo(partial));
        }
        return file;
    }

    /**
     * Returns the store of the generated text with a layout and index stride, building it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @param layout the layout
     * @param stride the index stride
     * @return the store's directory
     * @throws UncheckedIOException naming the directory if it cannot be built
     */
    public Path store(long lines, StoreLayout layout, IndexStride stride) {
        Path store = root.resolve("store-" + lines + "-seed-" + SEED + "-" + layout.name().toLowerCase(Locale.ROOT)
                + "-" + stride.name().toLowerCase(Locale.ROOT));
        if (!Files.exists(store.resolve("manifest.json"))) {
            Path input = textFile(lines);
            deleteTree(store);
            LineStores.build(input, store, layout.applyTo(StoreOptions.builder()).index(stride.kind()).build());
        }
        return store;
    }

    /**
     * Returns a store of generated application log lines ({@link ContentKind#LOG}, which compress
     * like real logs), with a dense index, compressed or not, building it (and the text) if needed.
     *
     * @param lines the line count, {@code >= 1}
     * @param compression how the store's data is compressed
     * @return the store's directory
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public Path logStore(long lines, Compression compression) {
        Path text = logText(lines);
        Path store = root.resolve("log-store-" + lines + "-seed-" + SEED + "-"
                + compression.toString().replace(':', '-') + "-" + compression.blockBytes());
        if (!Files.exists(store.resolve("manifest.json"))) {
            deleteTree(store);
            LineStores.build(text, store, StoreOptions.builder().compression(compression).build());
        }
        return store;
    }

    /**
     * Returns generated log lines as a text file, writing it if needed.
     *
     * @param lines the line count, {@code >= 1}
     * @return the file
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public Path logText(long lines) {
        Path text = root.resolve("log-" + lines + "-seed-" + SEED + ".txt");
        if (!Files.exists(text)) {
            publish(text, partial -> Generator.builder().lines(lines).seed(SEED).content(ContentKind.LOG).build()
                    .writeTo(partial));
        }
        return text;
    }

    /**
     * Returns generated log lines as a gzip file at level 6 (what {@code gzip} writes by default),
     * indexed in place with checkpoints {@code spanBytes} apart, writing and indexing it if needed.
     *
     * @param lines the line count, {@code >= 1}
     * @param spanBytes text between checkpoints
     * @return the gzip file
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public Path logGzip(long lines, int spanBytes) {
        Path text = logText(lines);
        Path gzip = root.resolve("log-" + lines + "-seed-" + SEED + "-span-" + spanBytes + ".txt.gz");
        if (!Files.exists(gzip)) {
            publish(gzip, partial -> {
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(partial), 1 << 16)) {
                    Files.copy(text, out);
                }
            });
        }
        if (!Files.exists(gzip.resolveSibling(gzip.getFileName() + ".lsidx").resolve("manifest.json"))) {
            LineStores.index(gzip, IndexOptions.builder().spanBytes(spanBytes).build(), WriteOptions.defaults());
        }
        return gzip;
    }

    /**
     * Returns the SQLite database of the generated lines, building it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the database file
     * @throws UncheckedIOException naming the file if it cannot be written
     * @throws IllegalStateException naming the file if SQLite fails
     */
    public Path sqlite(long lines) {
        return fromDenseStore(root.resolve("sqlite-" + lines + "-seed-" + SEED + ".db"), lines,
                (source, partial) -> SqliteLines.build(source, partial));
    }

    /**
     * Returns the LMDB environment of the generated lines, building it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the environment's directory
     * @throws UncheckedIOException naming the file if it cannot be written
     * @throws IllegalStateException naming the directory if LMDB fails
     */
    public Path lmdb(long lines) {
        return fromDenseStore(root.resolve("lmdb-" + lines + "-seed-" + SEED), lines,
                (source, partial) -> LmdbLines.build(source, partial, lmdbMapBytes(lines)));
    }

    /**
     * Returns the map size an LMDB environment of the generated lines is built and opened with:
     * room for the text three times over, since LMDB's B-tree pages are not full.
     *
     * @param lines the line count, {@code >= 0}
     * @return bytes
     * @throws UncheckedIOException naming the file if the text cannot be written
     */
    public long lmdbMapBytes(long lines) {
        try {
            return 3 * Files.size(textFile(lines)) + (64L << 20);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + textFile(lines), e);
        }
    }

    /**
     * Returns the RocksDB database of the generated lines, building it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the database's directory
     * @throws UncheckedIOException naming the file if it cannot be written
     * @throws IllegalStateException naming the directory if RocksDB fails
     */
    public Path rocksdb(long lines) {
        return fromDenseStore(root.resolve("rocksdb-" + lines + "-seed-" + SEED), lines,
                (source, partial) -> RocksDbLines.build(source, partial));
    }

    /**
     * Returns the DuckDB database of the generated lines, building it if needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the database file
     * @throws UncheckedIOException naming the file if it cannot be written
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    public Path duckdb(long lines) {
        return fromDenseStore(root.resolve("duckdb-" + lines + "-seed-" + SEED + ".duckdb"), lines,
                (source, partial) -> DuckDbLines.build(source, partial));
    }

    /**
     * Returns the generated lines as a Parquet file DuckDB wrote from {@link #duckdb}, writing it if
     * needed.
     *
     * @param lines the line count, {@code >= 0}
     * @return the Parquet file
     * @throws UncheckedIOException naming the file if it cannot be written
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    public Path parquet(long lines) {
        Path parquet = root.resolve("parquet-" + lines + "-seed-" + SEED + ".parquet");
        if (!Files.exists(parquet)) {
            Path database = duckdb(lines);
            publish(parquet, partial -> DuckDbLines.writeParquet(database, partial));
        }
        return parquet;
    }

    /**
     * Creates a fresh, empty directory for a benchmark's own files, named after it and this process.
     *
     * @param name what the directory is for
     * @return the directory
     * @throws UncheckedIOException naming the directory if it cannot be created
     */
    public Path scratch(String name) {
        Path directory = root.resolve("scratch-" + name + "-" + ProcessHandle.current().pid());
        deleteTree(directory);
        try {
            return Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
    }

    /**
     * Deletes a file or a directory with everything in it; nothing when it does not exist.
     *
     * @param path the file or directory
     * @throws UncheckedIOException naming the path if it cannot be deleted
     */
    public static void deleteTree(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            MoreFiles.deleteRecursively(path, RecursiveDeleteOption.ALLOW_INSECURE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** Writes a file under a temporary name, then renames it into place. */
    private void publish(Path file, Writer writer) {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            Files.createDirectories(root);
            // A directory (an LMDB environment, a RocksDB database) is left whole or not at all, too.
            deleteTree(partial);
            writer.write(partial);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Writes one file. */
    @FunctionalInterface
    private interface Writer {
        void write(Path file) throws IOException;
    }

    /**
     * An engine's copy of the generated lines, {@code file}, built from the single-file dense store if
     * it is not there yet: every engine loads the same lines the same way.
     */
    private Path fromDenseStore(Path file, long lines, StoreCopy copy) {
        if (!Files.exists(file)) {
            Path store = store(lines, StoreLayout.SINGLE, IndexStride.DENSE);
            publish(file, partial -> {
                try (LineStore source = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
                    copy.build(source, partial);
                }
            });
        }
        return file;
    }

    /** Loads a store's lines into an engine's file or directory. */
    @FunctionalInterface
    private interface StoreCopy {
        void build(LineStore source, Path partial) throws IOException;
    }
}
