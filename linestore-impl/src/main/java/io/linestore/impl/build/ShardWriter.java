package io.linestore.impl.build;

import io.linestore.IndexKind;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexSink;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes one shard: its data through a large buffer (unless the data file already exists, as for a
 * sidecar index), its index entries alongside, and the checksums of both for the manifest. Can start
 * a new shard or continue a committed one. Not thread-safe: the writing thread owns it.
 */
final class ShardWriter implements LineSink, Closeable {

    private final FileChannel data;
    private final FileChannel indexChannel;
    private final IndexSink index;
    private final int stride;
    private final boolean fsync;
    private final ByteBuffer buffer;
    private final long resumedBytes;
    private final long resumedCrc;
    private final CRC32C crc = new CRC32C();
    private long dataBytes;
    private long lineStart;
    private long lines;
    /** Lines to start until the next one that gets an index entry; 1 means the next line does. */
    private long untilEntry;
    private ByteBuffer run;
    private int runStart;
    private int runEnd;

    private ShardWriter(FileChannel data, FileChannel indexChannel, IndexSink index, int stride, int bufferSize,
            boolean fsync, ShardEntry resumed, long endedLines) {
        this.data = data;
        this.indexChannel = indexChannel;
        this.index = index;
        this.stride = stride;
        this.fsync = fsync;
        this.buffer = data == null ? null : ByteBuffer.allocate(bufferSize);
        this.resumedBytes = resumed.dataBytes();
        this.resumedCrc = resumed.dataCrc32c();
        this.dataBytes = resumed.dataBytes();
        this.lineStart = resumed.dataBytes();
        this.lines = endedLines;
        // The next line to start is line resumed.lines(), also when the bytes fed first continue an
        // unterminated one.
        this.untilEntry = stride == 0 ? Long.MAX_VALUE : (stride - resumed.lines() % stride) % stride + 1;
    }

    /**
     * Creates a new shard's files, which must not exist.
     *
     * @param dataFile the data file
     * @param indexFile the index file; not created for {@link IndexKind#NONE}
     * @param kind the index kind
     * @param identity what the index header records
     * @param bufferSize write buffer size per file
     * @param fsync whether {@link #finish()} forces the files to the device
     * @return the writer
     * @throws IOException if a file cannot be created
     */
    static ShardWriter create(Path dataFile, Path indexFile, IndexKind kind, IndexFormat.Identity identity,
            int bufferSize, boolean fsync) throws IOException {
        FileChannel data = FileChannel.open(dataFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return withIndex(data, indexFile, kind, identity, bufferSize, fsync, new ShardEntry(0, 0, 0, 0, 0), 0,
                StandardOpenOption.CREATE_NEW);
    }

    /**
     * Continues a committed shard: drops whatever follows its committed bytes and entries (an append
     * that never committed) and writes on from there.
     *
     * @param dataFile the data file
     * @param indexFile the index file, ignored for {@link IndexKind#NONE}
     * @param kind the index kind
     * @param identity what the index header records
     * @param bufferSize write buffer size per file
     * @param fsync whether {@link #finish()} forces the files to the device
     * @param committed the shard as the manifest records it
     * @return the writer
     * @throws IOException if a file cannot be opened or truncated
     */
    static ShardWriter resume(Path dataFile, Path indexFile, IndexKind kind, IndexFormat.Identity identity,
            int bufferSize, boolean fsync, ShardEntry committed) throws IOException {
        FileChannel data = FileChannel.open(dataFile, StandardOpenOption.WRITE);
        try {
            data.truncate(committed.dataBytes());
            data.position(committed.dataBytes());
        } catch (IOException e) {
            data.close();
            throw e;
        }
        return withIndex(data, indexFile, kind, identity, bufferSize, fsync, committed, committed.lines(),
                StandardOpenOption.WRITE);
    }

    /**
     * Indexes a data file that exists already and is not written: only the index is, and the data's
     * checksum is taken from the bytes passed to {@link #write}.
     *
     * @param indexFile the index file; created, or continued when {@code committed} has lines
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param identity what the index header records
     * @param bufferSize write buffer size
     * @param fsync whether {@link #finish()} forces the index to the device
     * @param committed what is indexed already (all zero for a new index)
     * @param unterminated 1 when the committed data ends inside its last line (no {@code \n}), so the
     *     bytes fed next continue that line; else 0
     * @return the writer
     * @throws IOException if the index cannot be created or opened
     */
    static ShardWriter indexOnly(Path indexFile, IndexKind kind, IndexFormat.Identity identity, int bufferSize,
            boolean fsync, ShardEntry committed, int unterminated) throws IOException {
        return withIndex(null, indexFile, kind, identity, bufferSize, fsync, committed,
                committed.lines() - unterminated,
                committed.dataBytes() == 0 ? StandardOpenOption.CREATE_NEW : StandardOpenOption.WRITE);
    }

    private static ShardWriter withIndex(FileChannel data, Path indexFile, IndexKind kind,
            IndexFormat.Identity identity, int bufferSize, boolean fsync, ShardEntry committed, long endedLines,
            StandardOpenOption createOrWrite) throws IOException {
        int stride = kind.stride();
        if (stride == 0) {
            return new ShardWriter(data, null, null, stride, bufferSize, fsync, committed, endedLines);
        }
        FileChannel indexChannel = null;
        try {
            indexChannel = FileChannel.open(indexFile, createOrWrite, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            IndexSink index = committed.dataBytes() == 0 && createOrWrite == StandardOpenOption.CREATE_NEW
                    ? IndexFiles.create(kind, indexChannel, identity, bufferSize)
                    : IndexFiles.resume(kind, indexFile, indexChannel, identity, bufferSize, committed.lines(),
                            committed.indexBytes(), committed.indexCrc32c());
            return new ShardWriter(data, indexChannel, index, stride, bufferSize, fsync, committed, endedLines);
        } catch (IOException | RuntimeException e) {
            if (indexChannel != null) {
                indexChannel.close();
            }
            if (data != null) {
                data.close();
            }
            throw e;
        }
    }

    /**
     * Marks the start of a line at the current end of the data.
     *
     * @throws IOException if writing the index fails
     */
    @Override
    public void startLine() throws IOException {
        // A countdown, not lines % stride: a 64-bit division per line shows in indexing throughput.
        if (index != null && --untilEntry == 0) {
            index.add(dataBytes);
            untilEntry = stride;
        }
        lineStart = dataBytes;
    }

    /**
     * Appends bytes of the current line (its terminator included, once it comes). Consecutive
     * pieces of one chunk, as the feeder passes it line by line, are gathered into one run and
     * checksummed and copied together: per-line calls into CRC32C and copies cost more than the
     * bytes do.
     */
    @Override
    public void write(ByteBuffer chunk, int from, int to) throws IOException {
        if (chunk != run || from != runEnd) {
            drainRun();
            run = chunk;
            runStart = from;
        }
        runEnd = to;
        dataBytes += to - from;
        if (dataBytes - lineStart > LineTooLongException.MAX_LINE_BYTES) {
            throw new LineTooLongException("line " + lines + " of the shard, from byte " + lineStart
                    + ", is longer than " + LineTooLongException.MAX_LINE_BYTES
                    + " bytes, the most a line can hold to be read back");
        }
    }

    @Override
    public void endOfChunk() throws IOException {
        drainRun();
    }

    /** Checksums and buffers the gathered run; called before the chunk can change. */
    private void drainRun() throws IOException {
        if (runEnd == runStart) {
            return;
        }
        ByteBuffer piece = run.duplicate().limit(runEnd).position(runStart);
        crc.update(piece);
        if (data != null) {
            piece.position(runStart);
            if (piece.remaining() > buffer.remaining()) {
                flush();
            }
            if (piece.remaining() >= buffer.capacity()) {
                writeFully(piece);
            } else {
                buffer.put(piece);
            }
        }
        runStart = runEnd;
    }

    /** Counts a line whose terminator has been written. */
    @Override
    public void endLine() {
        lines++;
    }

    /**
     * Whether this shard continued a committed index, whose header must be written with
     * {@link IndexFiles#commitHeader} once the new manifest is published.
     *
     * @return {@code true} if so
     */
    boolean headerPending() {
        return index != null && index.headerPending();
    }

    /**
     * Lines whose terminator has been written.
     *
     * @return the count
     */
    long lines() {
        return lines;
    }

    /**
     * Flushes the data, completes the index, forces both when asked, and describes the shard.
     *
     * @param unterminatedLines 1 when the data ends in a line without {@code \n} (a sidecar's file),
     *     counted as a line but not ended; else 0
     * @return the shard's manifest entry
     * @throws IOException if writing fails
     */
    ShardEntry finish(int unterminatedLines) throws IOException {
        long total = lines + unterminatedLines;
        drainRun();
        if (data != null) {
            flush();
        }
        long indexBytes = 0;
        long indexCrc = 0;
        if (index != null) {
            indexBytes = index.finish(total, dataBytes);
            indexCrc = index.entriesCrc();
        }
        if (fsync) {
            if (data != null) {
                data.force(true);
            }
            if (indexChannel != null) {
                indexChannel.force(true);
            }
        }
        return new ShardEntry(total, dataBytes, Checksums.combine(resumedCrc, crc.getValue(), dataBytes - resumedBytes),
                indexBytes, indexCrc);
    }

    private void flush() throws IOException {
        buffer.flip();
        writeFully(buffer);
        buffer.clear();
    }

    private void writeFully(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            data.write(bytes);
        }
    }

    @Override
    public void close() throws IOException {
        try (data) {
            if (indexChannel != null) {
                indexChannel.close();
            }
        }
    }
}
