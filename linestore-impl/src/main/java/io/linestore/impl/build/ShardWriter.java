package io.linestore.impl.build;

import io.linestore.IndexKind;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexSink;
import io.linestore.impl.io.LineEnds;
import io.linestore.impl.io.ScannedChunk;
import io.linestore.impl.zstd.BlockWriter;
import io.linestore.impl.zstd.FrameCompressor;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes one shard: its data straight from the scanned chunks, or copied by the operating system from
 * the input file when that is where they come from (unless the data file already exists, as for a
 * sidecar index), or compressed into zstd blocks ({@link BlockWriter}); its index entries, offsets in
 * the uncompressed text, from their blocks of line ends, and the checksums of
 * both for the manifest, with the data file's identity (the checksum of its head, see
 * {@link DataFileIdentity}). Can start a new shard or continue a committed one. Not thread-safe: the
 * writing thread owns it.
 */
final class ShardWriter implements LineSink, Closeable {

    private final FileChannel data;
    /** Compresses the data, or {@code null}: the bytes go to {@code data} as they are. */
    private final BlockWriter blocks;
    private final FileChannel indexChannel;
    private final IndexSink index;
    private final int stride;
    private final boolean fsync;
    private final long resumedBytes;
    private final long resumedCrc;
    private final long resumedHeadCrc;
    private final long resumedFileBytes;
    /** Of the text this writer wrote, combined a chunk at a time from the checksums the readers took. */
    private long crc;
    /** Of the bytes this writer wrote within the data file's first {@link DataFileIdentity#HEAD_BYTES}. */
    private final CRC32C headCrc = new CRC32C();
    /** The text's size so far: the offset of the next byte of text, what index entries count in. */
    private long dataBytes;
    private long lineStart;
    private long lines;
    /** Lines to start until the next one that gets an index entry; 1 means the next line does. */
    private long untilEntry;
    /** Whether the next byte written starts a line. */
    private boolean atLineStart;
    /** Whether no line so far ends in {@code \r\n}: recorded so that a reader may send ranges as they are. */
    private boolean loneNewlines;
    /** The last byte written, which a {@code \r} before a chunk's first {@code \n} would be. */
    private byte lastByte;

    private ShardWriter(FileChannel data, BlockWriter blocks, FileChannel indexChannel, IndexSink index, int stride,
            boolean fsync, ShardEntry resumed, long endedLines) {
        this.data = data;
        this.blocks = blocks;
        this.indexChannel = indexChannel;
        this.index = index;
        this.stride = stride;
        this.fsync = fsync;
        this.resumedBytes = resumed.textBytes();
        this.resumedCrc = resumed.dataCrc32c();
        this.resumedHeadCrc = resumed.dataHeadCrc32c();
        this.resumedFileBytes = resumed.dataBytes();
        this.dataBytes = resumed.textBytes();
        this.lineStart = resumed.textBytes();
        this.lines = endedLines;
        this.atLineStart = endedLines == resumed.lines();
        this.loneNewlines = resumed.loneNewlines();
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
     * @param bufferSize index write buffer size
     * @param fsync whether {@link #finish()} forces the files to the device
     * @param compressor compresses the data file; {@code null} for an uncompressed store
     * @return the writer
     * @throws IOException if a file cannot be created
     */
    static ShardWriter create(Path dataFile, Path indexFile, IndexKind kind, IndexFormat.Identity identity,
            int bufferSize, boolean fsync, FrameCompressor compressor) throws IOException {
        FileChannel data = FileChannel.open(dataFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        BlockWriter blocks = compressor != null ? BlockWriter.create(dataFile, data, compressor) : null;
        return withIndex(data, blocks, indexFile, kind, identity, bufferSize, fsync, ShardEntry.EMPTY, 0,
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
     * @param bufferSize index write buffer size
     * @param fsync whether {@link #finish()} forces the files to the device
     * @param committed the shard as the manifest records it
     * @param compressor compresses the data file; {@code null} for an uncompressed store
     * @return the writer
     * @throws IOException if a file cannot be opened or truncated
     */
    static ShardWriter resume(Path dataFile, Path indexFile, IndexKind kind, IndexFormat.Identity identity,
            int bufferSize, boolean fsync, ShardEntry committed, FrameCompressor compressor) throws IOException {
        FileChannel data = FileChannel.open(dataFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        BlockWriter blocks;
        try {
            data.truncate(committed.dataBytes());
            data.position(committed.dataBytes());
            blocks = compressor != null ? BlockWriter.resume(dataFile, data, compressor, committed.dataBytes(),
                    committed.dataCrc32c(), committed.textBytes()) : null;
        } catch (IOException | RuntimeException e) {
            data.close();
            throw e;
        }
        return withIndex(data, blocks, indexFile, kind, identity, bufferSize, fsync, committed, committed.lines(),
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
        return withIndex(null, null, indexFile, kind, identity, bufferSize, fsync, committed,
                committed.lines() - unterminated,
                committed.dataBytes() == 0 ? StandardOpenOption.CREATE_NEW : StandardOpenOption.WRITE);
    }

    private static ShardWriter withIndex(FileChannel data, BlockWriter blocks, Path indexFile, IndexKind kind,
            IndexFormat.Identity identity, int bufferSize, boolean fsync, ShardEntry committed, long endedLines,
            StandardOpenOption createOrWrite) throws IOException {
        int stride = kind.stride();
        if (stride == 0) {
            return new ShardWriter(data, blocks, null, null, stride, fsync, committed, endedLines);
        }
        FileChannel indexChannel = null;
        try {
            indexChannel = FileChannel.open(indexFile, createOrWrite, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            IndexSink index = committed.dataBytes() == 0 && createOrWrite == StandardOpenOption.CREATE_NEW
                    ? IndexFiles.create(kind, indexChannel, identity, bufferSize)
                    : IndexFiles.resume(kind, indexFile, indexChannel, identity, bufferSize, committed.lines(),
                            committed.indexBytes(), committed.indexCrc32c());
            return new ShardWriter(data, blocks, indexChannel, index, stride, fsync, committed, endedLines);
        } catch (IOException | RuntimeException e) {
            if (indexChannel != null) {
                indexChannel.close();
            }
            if (blocks != null) {
                blocks.close();
            }
            if (data != null) {
                data.close();
            }
            throw e;
        }
    }

    /**
     * Appends bytes of the input and records the lines that start in them: an index entry every
     * {@code stride} lines (a countdown, not a division per line), and the line that starts at
     * {@code from} when the previous bytes ended one. A line starts after each end below {@code to};
     * one that ends at {@code to} makes the next bytes start a line.
     *
     * @throws LineTooLongException if a line grows longer than {@link LineTooLongException#MAX_LINE_BYTES}
     */
    @Override
    public void write(ScannedChunk chunk, int from, int to, int firstEnd, int endCount) throws IOException {
        // The data offset of the chunk's byte 0.
        long base = dataBytes - from;
        LineEnds ends = chunk.ends();
        int stop = firstEnd + endCount;
        if (atLineStart) {
            startLine(dataBytes);
        }
        if (endCount > 0) {
            if (loneNewlines) {
                loneNewlines = !crBeforeAnEnd(chunk, from, ends, firstEnd, stop);
            }
            checkLength(base + ends.end(firstEnd));
            atLineStart = ends.end(stop - 1) == to;
            // A line starts after each end but one that ends these bytes.
            startLines(base, ends, firstEnd, atLineStart ? stop - 1 : stop);
        } else {
            atLineStart = false;
        }
        lines += endCount;
        if (dataBytes < DataFileIdentity.HEAD_BYTES) {
            headCrc.update(chunk.bytes(from, (int) Math.min(to, from + DataFileIdentity.HEAD_BYTES - dataBytes)));
        }
        if (to > from) {
            lastByte = chunk.byteAt(to - 1);
        }
        dataBytes = base + to;
        checkLength(dataBytes);
        crc = Checksums.combine(crc, chunk.crc32c(from, to), to - from);
        if (blocks != null) {
            blocks.write(chunk.bytes(from, to));
        } else if (data != null && !chunk.transferTo(from, to, data)) {
            ByteBuffer piece = chunk.bytes(from, to);
            while (piece.hasRemaining()) {
                data.write(piece);
            }
        }
    }

    /**
     * Whether any of the line ends {@code [first, stop)} of a chunk whose bytes start at {@code from}
     * follows a {@code \r} (the byte written before them, for a {@code \n} that starts them).
     */
    private boolean crBeforeAnEnd(ScannedChunk chunk, int from, LineEnds ends, int first, int stop) {
        for (int k = first; k < stop; k++) {
            int newline = ends.end(k) - 1;
            byte before = newline > from ? chunk.byteAt(newline - 1) : lastByte;
            if (before == '\r') {
                return true;
            }
        }
        return false;
    }

    /** Records the line starts after ends {@code [from, to)} of a block whose byte 0 is at data offset {@code base}. */
    private void startLines(long base, LineEnds ends, int from, int to) throws IOException {
        if (from == to) {
            return;
        }
        if (index != null && stride == 1) {
            index.addAll(base, ends, from, to);
            lineStart = base + ends.end(to - 1);
            return;
        }
        for (int k = from; k < to; k++) {
            startLine(base + ends.end(k));
        }
    }

    /** Records a line start at a data offset. */
    private void startLine(long offset) throws IOException {
        if (index != null && --untilEntry == 0) {
            index.add(offset);
            untilEntry = stride;
        }
        lineStart = offset;
    }

    /** Refuses the current line if its bytes up to {@code end} are more than a reader can hand out. */
    private void checkLength(long end) {
        if (end - lineStart > LineTooLongException.MAX_LINE_BYTES) {
            throw new LineTooLongException("line " + lines + " of the shard, from byte " + lineStart
                    + ", is longer than " + LineTooLongException.MAX_LINE_BYTES
                    + " bytes, the most a line can hold to be read back");
        }
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
     * Completes the index, forces both when asked, and describes the shard.
     *
     * @param unterminatedLines 1 when the data ends in a line without {@code \n} (a sidecar's file),
     *     counted as a line but not ended; else 0
     * @return the shard's manifest entry
     * @throws IOException if writing fails
     */
    ShardEntry finish(int unterminatedLines) throws IOException {
        long total = lines + unterminatedLines;
        long indexBytes = 0;
        long indexCrc = 0;
        if (index != null) {
            indexBytes = index.finish(total, dataBytes);
            indexCrc = index.entriesCrc();
        }
        long fileBytes = blocks != null ? blocks.finish() : dataBytes;
        boolean ends = loneNewlines && unterminatedLines == 0;
        if (fsync) {
            if (data != null) {
                data.force(true);
            }
            if (indexChannel != null) {
                indexChannel.force(true);
            }
        }
        if (blocks != null) {
            return new ShardEntry(total, fileBytes, blocks.crc32c(), indexBytes, indexCrc,
                    headCrc32c(blocks.headCrc32c(), fileBytes), dataBytes, ends);
        }
        return ShardEntry.plain(total, dataBytes, Checksums.combine(resumedCrc, crc, dataBytes - resumedBytes),
                indexBytes, indexCrc, headCrc32c(headCrc.getValue(), dataBytes), ends);
    }

    /**
     * The data file's identity. A shard that had no more than {@link DataFileIdentity#HEAD_BYTES}
     * committed bytes had nothing but head, so their checksum is its {@code dataCrc32c}, extended by the
     * head bytes written since; a longer one keeps the head it had, or none if its manifest predates
     * the field.
     */
    private long headCrc32c(long writtenHeadCrc, long fileBytes) {
        if (resumedFileBytes > DataFileIdentity.HEAD_BYTES) {
            return resumedHeadCrc;
        }
        return Checksums.combine(resumedCrc, writtenHeadCrc, DataFileIdentity.headBytes(fileBytes) - resumedFileBytes);
    }

    @Override
    public void close() throws IOException {
        try (data; indexChannel) {
            if (blocks != null) {
                blocks.close();
            }
        }
    }
}
