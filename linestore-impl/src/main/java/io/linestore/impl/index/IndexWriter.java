package io.linestore.impl.index;

import io.linestore.impl.format.Checksums;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.LineEnds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Appends line-start entries to an index file through a buffer, then the end entry and the header
 * once the line count is known. Keeps the CRC32C of the line-start entries (see
 * {@link IndexFormat}), extending the one it resumed from. Not thread-safe: one writer thread owns it.
 */
public final class IndexWriter implements IndexSink {

    private final FileChannel channel;
    private final IndexFormat.Identity identity;
    private final ByteBuffer buffer;
    private final int stride;
    private final boolean resumed;
    private final long resumedEntries;
    private final long resumedCrc;
    private final CRC32C crc = new CRC32C();
    private long entries;

    private IndexWriter(FileChannel channel, IndexFormat.Identity identity, int stride, int bufferBytes, long entries,
            long entriesCrc, boolean resumed) {
        this.channel = channel;
        this.identity = identity;
        this.resumed = resumed;
        this.stride = stride;
        this.entries = entries;
        this.resumedEntries = entries;
        this.resumedCrc = entriesCrc;
        int capacity = Math.max(IndexFormat.ENTRY_BYTES,
                bufferBytes / IndexFormat.ENTRY_BYTES * IndexFormat.ENTRY_BYTES);
        this.buffer = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Starts a new index; the header's space stays empty until {@link #finish}.
     *
     * @param channel an empty file opened for reading and writing; the caller closes it
     * @param identity the header layout and what it records
     * @param stride the stride, {@code >= 1}
     * @param bufferBytes buffer size; rounded to whole entries, at least one
     * @return the writer
     */
    public static IndexWriter create(FileChannel channel, IndexFormat.Identity identity, int stride,
            int bufferBytes) {
        return new IndexWriter(channel, identity, stride, bufferBytes, 0, 0, false);
    }

    /**
     * Continues an index after its committed line-start entries: marks the header in progress, drops
     * whatever follows the committed end entry (entries of an append that never committed), and
     * appends from the end entry on. The file never gets shorter than committed: readers of the
     * committed index may be opening it. The header is left in progress by {@link #finish}; write it
     * with {@link #commitHeader} once the manifest that commits the new lines is published.
     *
     * @param channel the index file opened for reading and writing; the caller closes it
     * @param identity the header layout and what it records, as the committed header has them
     * @param stride the stride, {@code >= 1}
     * @param bufferBytes buffer size
     * @param entries the committed line-start entries, {@code ceil(lines / stride)}
     * @param entriesCrc their CRC32C, from the manifest
     * @return the writer
     * @throws IOException if truncating fails
     */
    public static IndexWriter resume(FileChannel channel, IndexFormat.Identity identity, int stride, int bufferBytes,
            long entries, long entriesCrc) throws IOException {
        IndexFormat.markInProgress(channel);
        channel.truncate(identity.entryOffset(entries + 1));
        return new IndexWriter(channel, identity, stride, bufferBytes, entries, entriesCrc, true);
    }

    /**
     * Records the byte offset of a line that starts an index stride.
     *
     * @param offset the line's first byte in the data file
     * @throws IOException if writing fails
     */
    @Override
    public void add(long offset) throws IOException {
        if (!buffer.hasRemaining()) {
            flush();
        }
        buffer.putLong(offset);
        entries++;
    }

    /** Puts the entries into the buffer in runs, one bounds check for each run instead of one per entry. */
    @Override
    public void addAll(long base, LineEnds ends, int from, int to) throws IOException {
        for (int k = from; k < to; ) {
            if (!buffer.hasRemaining()) {
                flush();
            }
            int at = buffer.position();
            int run = Math.min(to - k, buffer.remaining() / IndexFormat.ENTRY_BYTES);
            for (int i = 0; i < run; i++) {
                buffer.putLong(at + i * IndexFormat.ENTRY_BYTES, base + ends.end(k + i));
            }
            buffer.position(at + run * IndexFormat.ENTRY_BYTES);
            entries += run;
            k += run;
        }
    }

    /**
     * Writes the buffered entries, the end entry (the data size), and, for a new index, the header.
     *
     * @param lines lines in the shard
     * @param dataBytes the data file's committed size
     * @return the index file's size
     * @throws IOException if writing fails
     * @throws IllegalStateException if the entries added do not match {@code lines}
     */
    @Override
    public long finish(long lines, long dataBytes) throws IOException {
        flush();
        if (entries != Math.ceilDiv(lines, stride)) {
            throw new IllegalStateException("index has " + entries + " line-start entries for " + lines
                    + " lines at stride " + stride);
        }
        ChannelChunks.writeFully(channel, ByteBuffer.allocate(IndexFormat.ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(dataBytes).flip(), identity.entryOffset(entries));
        if (!resumed) {
            ChannelChunks.writeFully(channel, identity.header(stride, lines), 0);
        }
        return identity.fileBytes(lines, stride);
    }

    /**
     * Whether the header still has to be written by {@link #commitHeader}, after the manifest.
     *
     * @return {@code true} for a resumed index
     */
    @Override
    public boolean headerPending() {
        return resumed;
    }

    /**
     * Writes the header of a continued index, once the manifest that commits its lines is published.
     *
     * @param indexFile the index file
     * @param identity its header layout and what it records
     * @param stride its stride
     * @param lines the lines the published manifest gives the shard
     * @param fsync whether to force the header to the device
     * @throws IOException if writing fails; the index stays marked in progress, which readers accept
     */
    public static void commitHeader(Path indexFile, IndexFormat.Identity identity, int stride, long lines,
            boolean fsync) throws IOException {
        IndexFormat.commitHeader(indexFile, identity.header(stride, lines), fsync);
    }

    /**
     * The CRC32C of every line-start entry, committed ones included.
     *
     * @return the checksum the manifest records as the index's
     */
    @Override
    public long entriesCrc() {
        return Checksums.combine(resumedCrc, crc.getValue(),
                (entries - resumedEntries - buffer.position() / IndexFormat.ENTRY_BYTES) * IndexFormat.ENTRY_BYTES);
    }

    private void flush() throws IOException {
        buffer.flip();
        crc.update(buffer.duplicate());
        long position = identity.entryOffset(entries - buffer.remaining() / IndexFormat.ENTRY_BYTES);
        ChannelChunks.writeFully(channel, buffer, position);
        buffer.clear();
    }
}
