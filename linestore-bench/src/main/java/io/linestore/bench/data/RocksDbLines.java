package io.linestore.bench.data;

import io.linestore.LineStore;
import io.linestore.LineVisitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.EnvOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SstFileWriter;

/**
 * The lines in a RocksDB database through rocksdbjni: keys are big-endian 8-byte line numbers,
 * values the lines' bytes, with RocksDB's default table options but for a block cache as large as
 * the data, so that every block read stays cached. A read is one iterator seeked to the first key,
 * then {@code next()} for the rest.
 *
 * <p>Not thread-safe: one instance holds one value buffer.
 */
public final class RocksDbLines implements EngineLines {

    static {
        RocksDB.loadLibrary();
    }

    private final Path directory;
    private final LRUCache cache;
    private final Options options;
    private final RocksDB db;
    private final byte[] key = new byte[Long.BYTES];
    private ByteBuffer value = ByteBuffer.allocateDirect(1 << 16);

    private RocksDbLines(Path directory, LRUCache cache, Options options, RocksDB db) {
        this.directory = directory;
        this.cache = cache;
        this.options = options;
        this.db = db;
    }

    /**
     * Bulk-loads every line of {@code source} into a new database the way RocksDB recommends for
     * sorted data: one SST file written with {@link SstFileWriter}, then ingested (moved, not copied)
     * into the database's last level, with no memtable, write-ahead log or compaction on the way.
     *
     * @param source the lines to copy
     * @param directory the database's directory, created; it must not exist
     * @throws IllegalStateException naming the directory if RocksDB fails
     * @throws UncheckedIOException naming the directory if it cannot be created
     */
    public static void build(LineStore source, Path directory) {
        Path sst = directory.resolveSibling(directory.getFileName() + ".sst");
        try (EnvOptions env = new EnvOptions(); Options options = new Options().setCreateIfMissing(true)) {
            try (SstFileWriter writer = new SstFileWriter(env, options)) {
                writer.open(sst.toString());
                byte[] key = new byte[Long.BYTES];
                RocksDBException[] failure = {null};
                source.readBytes(0, source.lineCount(), (lineNumber, line) -> {
                    if (failure[0] != null) {
                        return;
                    }
                    byte[] bytes = new byte[line.remaining()];
                    line.get(bytes);
                    try {
                        writer.put(bigEndian(lineNumber, key), bytes);
                    } catch (RocksDBException e) {
                        failure[0] = e;
                    }
                });
                if (failure[0] != null) {
                    throw failure[0];
                }
                writer.finish();
            }
            Files.createDirectories(directory);
            try (RocksDB db = RocksDB.open(options, directory.toString());
                    IngestExternalFileOptions ingest = new IngestExternalFileOptions().setMoveFiles(true)) {
                db.ingestExternalFile(List.of(sst.toString()), ingest);
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException("cannot build RocksDB database " + directory + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        } finally {
            try {
                Files.deleteIfExists(sst);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + sst, e);
            }
        }
    }

    /**
     * Opens a database that {@link #build} wrote, read-only, with a block cache of
     * {@code cacheBytes}.
     *
     * @param directory the database's directory
     * @param cacheBytes the block cache's size: the data's size or more
     * @return the open database; close it
     * @throws IllegalStateException naming the directory if RocksDB fails
     */
    public static RocksDbLines open(Path directory, long cacheBytes) {
        LRUCache cache = new LRUCache(cacheBytes);
        Options options = new Options().setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
        try {
            return new RocksDbLines(directory, cache, options, RocksDB.openReadOnly(options, directory.toString()));
        } catch (RocksDBException e) {
            options.close();
            cache.close();
            throw new IllegalStateException("cannot open RocksDB database " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads lines {@code [offset, offset + size)}, as far as they exist, into Strings, each value
     * copied out as a byte array by the iterator.
     */
    @Override
    public List<String> read(long offset, int size) {
        List<String> lines = new ArrayList<>(size);
        try (RocksIterator it = db.newIterator()) {
            it.seek(bigEndian(offset, key));
            for (int i = 0; i < size && it.isValid(); i++, it.next()) {
                lines.add(new String(it.value(), StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    /**
     * Hands each value to the visitor in one reused direct ByteBuffer, which the iterator fills
     * without allocating a byte array per line.
     */
    @Override
    public void readBytes(long offset, int size, LineVisitor visitor) {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bigEndian(offset, key));
            for (int i = 0; i < size && it.isValid(); i++, it.next()) {
                value.clear();
                int length = it.value(value);
                if (length > value.capacity()) {
                    value = ByteBuffer.allocateDirect(Integer.highestOneBit(length) << 1);
                    it.value(value);
                }
                visitor.visit(offset + i, value);
            }
        }
    }

    /** Closes the database, its options and its cache. */
    @Override
    public void close() {
        try {
            db.close();
        } finally {
            options.close();
            cache.close();
        }
    }

    /** What {@link #directory} names, for messages. */
    @Override
    public String toString() {
        return "RocksDB " + directory;
    }

    private static byte[] bigEndian(long lineNumber, byte[] key) {
        for (int i = Long.BYTES - 1; i >= 0; i--) {
            key[i] = (byte) lineNumber;
            lineNumber >>>= 8;
        }
        return key;
    }
}
