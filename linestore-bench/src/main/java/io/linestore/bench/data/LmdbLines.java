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
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * The lines in an LMDB environment through lmdbjava: one database whose keys are big-endian 8-byte
 * line numbers (so LMDB's byte order is line order) and whose values are the lines' bytes. A read
 * is one read transaction and one cursor: a seek to the first key, then {@code next()} for the rest;
 * values are direct ByteBuffers into LMDB's memory mapping.
 *
 * <p>lmdbjava reaches into {@code java.nio} internals: the JVM needs
 * {@code --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED}.
 * Not thread-safe: one instance holds one key buffer.
 */
public final class LmdbLines implements EngineLines {

    private static final String DATABASE = "lines";

    private final Path directory;
    private final Env<ByteBuffer> env;
    private final Dbi<ByteBuffer> db;
    private final ByteBuffer key = ByteBuffer.allocateDirect(Long.BYTES);

    private LmdbLines(Path directory, Env<ByteBuffer> env, Dbi<ByteBuffer> db) {
        this.directory = directory;
        this.env = env;
        this.db = db;
    }

    /**
     * Writes every line of {@code source} into a new environment in one write transaction, each
     * appended ({@code MDB_APPEND}: keys arrive sorted, so LMDB fills pages without splitting them)
     * and without syncing: the environment is a cache that is rebuilt, never a record.
     *
     * @param source the lines to copy
     * @param directory the environment's directory, created; it must not exist
     * @param mapBytes the most the environment may grow to
     * @throws IllegalStateException naming the directory if LMDB fails
     * @throws UncheckedIOException naming the directory if it cannot be created
     */
    public static void build(LineStore source, Path directory, long mapBytes) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
        try (Env<ByteBuffer> env = Env.create().setMapSize(mapBytes).setMaxDbs(1)
                .open(directory.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOMETASYNC)) {
            Dbi<ByteBuffer> db = env.openDbi(DATABASE, DbiFlags.MDB_CREATE);
            ByteBuffer key = ByteBuffer.allocateDirect(Long.BYTES);
            ByteBuffer[] value = {ByteBuffer.allocateDirect(1 << 16)};
            try (Txn<ByteBuffer> txn = env.txnWrite()) {
                source.readBytes(0, source.lineCount(), (lineNumber, line) -> {
                    if (line.remaining() > value[0].capacity()) {
                        value[0] = ByteBuffer.allocateDirect(Integer.highestOneBit(line.remaining()) << 1);
                    }
                    key.clear();
                    key.putLong(0, lineNumber);
                    value[0].clear();
                    value[0].put(line).flip();
                    db.put(txn, key, value[0], PutFlags.MDB_APPEND);
                });
                txn.commit();
            }
            env.sync(true);
        } catch (LmdbException e) {
            throw new IllegalStateException("cannot build LMDB environment " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens an environment that {@link #build} wrote, read-only.
     *
     * @param directory the environment's directory
     * @param mapBytes the map size it was built with, or more
     * @return the open environment; close it
     * @throws IllegalStateException naming the directory if LMDB fails
     */
    public static LmdbLines open(Path directory, long mapBytes) {
        try {
            Env<ByteBuffer> env = Env.create().setMapSize(mapBytes).setMaxDbs(1)
                    .open(directory.toFile(), EnvFlags.MDB_RDONLY_ENV);
            try {
                return new LmdbLines(directory, env, env.openDbi(DATABASE));
            } catch (LmdbException e) {
                env.close();
                throw e;
            }
        } catch (LmdbException e) {
            throw new IllegalStateException("cannot open LMDB environment " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads lines {@code [offset, offset + size)}, as far as they exist, into Strings.
     *
     * @throws IllegalStateException naming the directory if LMDB fails
     */
    @Override
    public List<String> read(long offset, int size) {
        List<String> lines = new ArrayList<>(size);
        readBytes(offset, size, (lineNumber, line) -> {
            byte[] bytes = new byte[line.remaining()];
            line.get(bytes);
            lines.add(new String(bytes, StandardCharsets.UTF_8));
        });
        return lines;
    }

    /**
     * Hands each value, a direct ByteBuffer into LMDB's mapping valid only inside the read
     * transaction, to the visitor.
     *
     * @throws IllegalStateException naming the directory if LMDB fails
     */
    @Override
    public void readBytes(long offset, int size, LineVisitor visitor) {
        if (size == 0) {
            return;
        }
        try (Txn<ByteBuffer> txn = env.txnRead(); Cursor<ByteBuffer> cursor = db.openCursor(txn)) {
            key.clear();
            key.putLong(0, offset);
            if (!cursor.get(key, GetOp.MDB_SET_RANGE)) {
                return;
            }
            long end = offset + size;
            long lineNumber = offset;
            do {
                visitor.visit(lineNumber, cursor.val());
            } while (++lineNumber < end && cursor.next());
        } catch (LmdbException e) {
            throw new IllegalStateException("cannot read LMDB environment " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Closes the database and the environment.
     *
     * @throws IllegalStateException naming the directory if LMDB fails
     */
    @Override
    public void close() {
        try {
            try {
                db.close();
            } finally {
                env.close();
            }
        } catch (LmdbException e) {
            throw new IllegalStateException("cannot close LMDB environment " + directory + ": " + e.getMessage(), e);
        }
    }
}
