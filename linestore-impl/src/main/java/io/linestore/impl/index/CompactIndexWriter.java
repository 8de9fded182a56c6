package io.linestore.impl.index;

import io.linestore.impl.format.Checksums;
import io.linestore.impl.io.ChannelChunks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Writes a compact index (see {@link CompactIndex}) in one pass: gathers B line starts, codes the
 * block at the end of the file and records its position in the segment's directory; the last,
 * incomplete block goes out as the raw tail by {@link #finish}. Keeps the CRC32C of the line starts,
 * extending the one it resumed from. Not thread-safe: one writer thread owns it.
 */
public final class CompactIndexWriter implements IndexSink {

    private final FileChannel channel;
    private final IndexFormat.Identity identity;
    private final int blockLines;
    private final long[] block;
    private final ByteBuffer out;
    private final ByteBuffer directory;
    private final ByteBuffer crcBuffer;
    private final CRC32C crc = new CRC32C();
    private final long[] segments = new long[CompactIndex.MAX_SEGMENTS];
    private final boolean resumed;
    private final int committedSegments;
    private final long resumedLines;
    private final long resumedCrc;
    private int segmentCount;
    private long blocks;
    /** Values of the block being filled. */
    private int count;
    /** Values {@code block[0, tailOnDisk)} are stored already, as the raw tail ending at {@code outStart}. */
    private int tailOnDisk;
    /** File position of {@code out}'s first byte. */
    private long outStart;
    /** File position of {@code directory}'s first byte. */
    private long directoryStart;

    private CompactIndexWriter(FileChannel channel, IndexFormat.Identity identity, int blockLines, int bufferBytes,
            boolean resumed, long lines, long linesCrc, long end) {
        this.channel = channel;
        this.identity = identity;
        this.blockLines = blockLines;
        this.block = new long[blockLines];
        int largestBlock = EliasFanoBlock.maxEncodedBytes(blockLines);
        this.out = ByteBuffer.allocate(Math.max(bufferBytes, largestBlock)).order(ByteOrder.LITTLE_ENDIAN);
        this.directory = ByteBuffer.allocate(Math.max(Long.BYTES, bufferBytes / Long.BYTES * Long.BYTES))
                .order(ByteOrder.LITTLE_ENDIAN);
        this.crcBuffer = ByteBuffer.allocate(Long.BYTES * blockLines).order(ByteOrder.LITTLE_ENDIAN);
        this.resumed = resumed;
        this.resumedLines = lines;
        this.resumedCrc = linesCrc;
        this.blocks = lines / blockLines;
        this.segmentCount = CompactIndex.segmentCount(blocks);
        this.committedSegments = segmentCount;
        this.outStart = end;
    }

    /**
     * Starts a new index; the header stays empty until {@link #finish}.
     *
     * @param channel an empty file opened for reading and writing; the caller closes it
     * @param identity what the header records; version 2
     * @param blockLines lines per block, a power of two in [2, {@value CompactIndex#MAX_BLOCK_LINES}]
     * @param bufferBytes write buffer size; at least one block's worth is used
     * @return the writer
     */
    public static CompactIndexWriter create(FileChannel channel, IndexFormat.Identity identity, int blockLines,
            int bufferBytes) {
        return new CompactIndexWriter(channel, identity, blockLines, bufferBytes, false, 0, 0,
                CompactIndex.HEADER_BYTES);
    }

    /**
     * Continues a committed index: marks the header in progress, drops whatever follows the committed
     * size (an append that never committed), reads the segment table and the raw tail back, and
     * writes on past the committed size. The header's line count is left in progress by
     * {@link #finish}; write it with {@link #commitHeader} once the manifest is published.
     *
     * @param file the index file, for messages
     * @param channel the index file opened for reading and writing; the caller closes it
     * @param identity what the committed header records
     * @param blockLines lines per block, as the manifest's index kind names it
     * @param bufferBytes write buffer size
     * @param lines the committed lines, from the manifest
     * @param indexBytes the committed size, from the manifest
     * @param linesCrc the CRC32C of the committed line starts, from the manifest
     * @return the writer
     * @throws IOException if reading, writing or truncating fails, or the file is shorter than committed
     */
    public static CompactIndexWriter resume(Path file, FileChannel channel, IndexFormat.Identity identity,
            int blockLines, int bufferBytes, long lines, long indexBytes, long linesCrc) throws IOException {
        ByteBuffer table = ByteBuffer.allocate(CompactIndex.MAX_SEGMENTS * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        ChannelChunks.readFully(channel, table, CompactIndex.SEGMENTS_OFFSET, file);
        IndexFormat.markInProgress(channel);
        channel.truncate(indexBytes);
        CompactIndexWriter writer = new CompactIndexWriter(channel, identity, blockLines, bufferBytes, true, lines,
                linesCrc, indexBytes);
        for (int k = 0; k < writer.segmentCount; k++) {
            writer.segments[k] = table.getLong(k * Long.BYTES);
        }
        int tail = (int) (lines % blockLines);
        ByteBuffer tailBytes = ByteBuffer.allocate(tail * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        ChannelChunks.readFully(channel, tailBytes, indexBytes - (long) tail * Long.BYTES, file);
        for (int j = 0; j < tail; j++) {
            writer.block[j] = tailBytes.getLong(j * Long.BYTES);
        }
        writer.count = tail;
        writer.tailOnDisk = tail;
        return writer;
    }

    /**
     * Records the byte offset of the next line.
     *
     * @param offset the line's first byte in the data file, not below the previous line's
     * @throws IOException if writing fails
     * @throws IllegalStateException if the index would hold more blocks than its format allows
     */
    @Override
    public void add(long offset) throws IOException {
        block[count++] = offset;
        crcBuffer.putLong(offset);
        if (count == blockLines) {
            writeBlock();
        }
    }

    private void writeBlock() throws IOException {
        crc.update(crcBuffer.flip());
        crcBuffer.clear();
        int k = CompactIndex.segmentOf(blocks);
        if (k == segmentCount) {
            startSegment(k);
        }
        int bytes = EliasFanoBlock.encodedBytes(block);
        if (bytes > out.remaining()) {
            flushOut();
        }
        long position = outStart + out.position();
        EliasFanoBlock.encode(block, out);
        long slot = segments[k] + (blocks - CompactIndex.firstBlock(k)) * Long.BYTES;
        if (directory.position() > 0 && slot != directoryStart + directory.position() || !directory.hasRemaining()) {
            flushDirectory();
        }
        if (directory.position() == 0) {
            directoryStart = slot;
        }
        directory.putLong(position);
        blocks++;
        count = 0;
        tailOnDisk = 0;
    }

    /** Reserves segment {@code k}'s directory at the end of the file. */
    private void startSegment(int k) throws IOException {
        if (k >= CompactIndex.MAX_SEGMENTS) {
            throw new IllegalStateException("a compact index holds at most " + CompactIndex.firstBlock(k)
                    + " blocks of " + blockLines + " lines");
        }
        flushOut();
        flushDirectory();
        segments[k] = outStart;
        segmentCount = k + 1;
        outStart += (long) Long.BYTES << k;
    }

    /**
     * Writes the raw tail, the buffered blocks and directory entries, and the header (for a new
     * index) or the new segment positions (for a continued one).
     *
     * @param lines lines in the shard
     * @param dataBytes not stored: the end of the last line is the manifest's data size
     * @return the index file's size
     * @throws IOException if writing fails
     * @throws IllegalStateException if the line starts added do not match {@code lines}
     */
    @Override
    public long finish(long lines, long dataBytes) throws IOException {
        long added = blocks * blockLines + count;
        if (added != lines) {
            throw new IllegalStateException("compact index has " + added + " line starts for " + lines + " lines");
        }
        for (int j = tailOnDisk; j < count; j++) {
            if (out.remaining() < Long.BYTES) {
                flushOut();
            }
            out.putLong(block[j]);
        }
        flushOut();
        flushDirectory();
        long size = outStart;
        // A new index gets its whole table (unused entries 0); a continued one only its new entries.
        int firstEntry = resumed ? committedSegments : 0;
        int entries = (resumed ? segmentCount : CompactIndex.MAX_SEGMENTS) - firstEntry;
        ByteBuffer table = ByteBuffer.allocate(entries * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = firstEntry; k < firstEntry + entries; k++) {
            table.putLong(segments[k]);
        }
        ChannelChunks.writeFully(channel, table.flip(), CompactIndex.SEGMENTS_OFFSET + (long) firstEntry * Long.BYTES);
        if (!resumed) {
            ChannelChunks.writeFully(channel, header(identity, blockLines, lines, size), 0);
        }
        return size;
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
     * @param identity what the header records
     * @param blockLines lines per block
     * @param lines the lines the published manifest gives the shard
     * @param indexBytes the index size the published manifest gives
     * @param fsync whether to force the header to the device
     * @throws IOException if writing fails; the index stays marked in progress, which readers accept
     */
    public static void commitHeader(Path indexFile, IndexFormat.Identity identity, int blockLines, long lines,
            long indexBytes, boolean fsync) throws IOException {
        IndexFormat.commitHeader(indexFile, header(identity, blockLines, lines, indexBytes), fsync);
    }

    /**
     * The CRC32C of every line start as an 8-byte little-endian number, committed ones included.
     *
     * @return the checksum the manifest records as the index's
     */
    @Override
    public long entriesCrc() {
        ByteBuffer pending = crcBuffer.duplicate().flip();
        long crcOfAdded = Checksums.combine(crc.getValue(), crc32c(pending.duplicate()), pending.remaining());
        long added = blocks * blockLines + count - resumedLines;
        return Checksums.combine(resumedCrc, crcOfAdded, added * Long.BYTES);
    }

    private static long crc32c(ByteBuffer bytes) {
        CRC32C checksum = new CRC32C();
        checksum.update(bytes);
        return checksum.getValue();
    }

    private static ByteBuffer header(IndexFormat.Identity identity, int blockLines, long lines, long size) {
        return identity.header(CompactIndex.MAGIC, blockLines, lines, size);
    }

    private void flushOut() throws IOException {
        long start = outStart;
        outStart += out.position();
        ChannelChunks.writeFully(channel, out.flip(), start);
        out.clear();
    }

    private void flushDirectory() throws IOException {
        ChannelChunks.writeFully(channel, directory.flip(), directoryStart);
        directory.clear();
    }
}
