package io.linestore.impl.zstd;

import com.github.luben.zstd.ZstdException;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.io.ChannelChunks;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.zip.CRC32C;

/**
 * Writes a compressed data file (see {@link SeekTable} for its layout): takes the shard's text in
 * pieces of any size, cuts it into blocks of at most the block size that end at a line end (a line
 * longer than a block is cut where the block fills, and continues in the next), compresses each block
 * as one zstd frame with its content size and a checksum, and writes the frames in order, then the seek
 * table. Blocks are compressed by a {@link FrameCompressor}'s threads while the caller goes on, a few
 * blocks ahead of the file at most, so memory stays bounded. Keeps the CRC32C of every byte written and of the
 * file's head, for the manifest. Not thread-safe: the writing thread owns it.
 */
public final class BlockWriter implements Closeable {

    private final Path file;
    private final FileChannel channel;
    private final FrameCompressor compressor;
    private final int blockBytes;
    private final ArrayDeque<Future<FrameCompressor.Frame>> pending = new ArrayDeque<>();
    private final CRC32C headCrc = new CRC32C();
    private final long resumedBytes;
    private final long resumedCrc;
    private byte[] block;
    private int filled;
    private int[] compressed;
    private int[] decompressed;
    private int frames;
    private long fileBytes;
    private long crc;

    private BlockWriter(Path file, FileChannel channel, FrameCompressor compressor, long fileBytes, long crc,
            int[][] frameSizes) {
        this.file = file;
        this.channel = channel;
        this.compressor = compressor;
        this.blockBytes = compressor.compression().blockBytes();
        this.block = new byte[blockBytes];
        this.resumedBytes = fileBytes;
        this.resumedCrc = crc;
        this.fileBytes = fileBytes;
        this.compressed = frameSizes[0];
        this.decompressed = frameSizes[1];
        this.frames = frameSizes[0].length;
    }

    /**
     * Starts a new data file, empty and positioned at 0.
     *
     * @param file the file, for messages
     * @param channel the file, open for writing; not closed here
     * @param compressor compresses the blocks, at its level and block size
     * @return the writer
     */
    public static BlockWriter create(Path file, FileChannel channel, FrameCompressor compressor) {
        return new BlockWriter(file, channel, compressor, 0, 0, new int[][] {new int[0], new int[0]});
    }

    /**
     * Continues a committed data file, positioned at its committed end: the frames written next follow
     * its seek table, which the new table lists as a frame without text.
     *
     * @param file the file, for messages
     * @param channel the file, open for reading and writing, cut to its committed bytes
     * @param compressor compresses the blocks, at its level and block size
     * @param fileBytes the committed size
     * @param crc the committed bytes' CRC32C
     * @param textBytes the committed text's size
     * @return the writer
     * @throws IOException if the committed table cannot be read
     */
    public static BlockWriter resume(Path file, FileChannel channel, FrameCompressor compressor, long fileBytes,
            long crc, long textBytes) throws IOException {
        SeekTable table = SeekTable.read(file, (from, into) -> ChannelChunks.readFully(channel, ByteBuffer.wrap(into),
                from, file), fileBytes, textBytes);
        int[][] sizes = table.sizes();
        int n = table.blocks();
        int[] compressedSizes = Arrays.copyOf(sizes[0], n + 1);
        int[] decompressedSizes = Arrays.copyOf(sizes[1], n + 1);
        compressedSizes[n] = (int) (fileBytes - table.fileStart(n));
        return new BlockWriter(file, channel, compressor, fileBytes, crc,
                new int[][] {compressedSizes, decompressedSizes});
    }

    /**
     * Adds text after what was added before.
     *
     * @param text the bytes, from position to limit; consumed
     * @throws IOException if writing a frame fails
     */
    public void write(ByteBuffer text) throws IOException {
        while (text.hasRemaining()) {
            int n = Math.min(text.remaining(), blockBytes - filled);
            text.get(block, filled, n);
            filled += n;
            if (filled == blockBytes) {
                cut();
            }
        }
    }

    /** Compresses a full block up to its last line end, or whole if it holds none. */
    private void cut() throws IOException {
        int end = filled;
        while (end > 0 && block[end - 1] != '\n') {
            end--;
        }
        if (end == 0) {
            end = filled;
        }
        byte[] next = new byte[blockBytes];
        System.arraycopy(block, end, next, 0, filled - end);
        submit(block, end);
        block = next;
        filled -= end;
    }

    private void submit(byte[] text, int length) throws IOException {
        if (pending.size() >= compressor.inFlight()) {
            writeFrame(pending.removeFirst());
        }
        pending.addLast(compressor.submit(text, length));
    }

    private void writeFrame(Future<FrameCompressor.Frame> future) throws IOException {
        FrameCompressor.Frame frame;
        try {
            frame = future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while compressing " + file);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ZstdException z) {
                throw new IOException("cannot compress a block of " + file + ": " + z.getMessage(), z);
            }
            throw new UncheckedIOException(new IOException("cannot compress a block of " + file, e.getCause()));
        }
        put(ByteBuffer.wrap(frame.bytes(), 0, frame.length()), frame.length(), frame.textBytes());
    }

    /** Writes a frame (or the table, with {@code textBytes} -1) and records its sizes and checksums. */
    private void put(ByteBuffer bytes, int length, int textBytes) throws IOException {
        if (fileBytes < DataFileIdentity.HEAD_BYTES) {
            headCrc.update(bytes.duplicate().limit((int) Math.min(length, DataFileIdentity.HEAD_BYTES - fileBytes)));
        }
        CRC32C frameCrc = new CRC32C();
        frameCrc.update(bytes.duplicate());
        crc = Checksums.combine(crc, frameCrc.getValue(), length);
        ChannelChunks.writeFully(channel, bytes, fileBytes);
        fileBytes += length;
        if (textBytes >= 0) {
            if (frames == compressed.length) {
                compressed = Arrays.copyOf(compressed, Math.max(16, 2 * frames));
                decompressed = Arrays.copyOf(decompressed, compressed.length);
            }
            compressed[frames] = length;
            decompressed[frames] = textBytes;
            frames++;
        }
    }

    /**
     * Compresses what is left, writes every frame and the seek table.
     *
     * @return the file's size
     * @throws IOException if writing fails
     */
    public long finish() throws IOException {
        if (filled > 0) {
            submit(block, filled);
            block = new byte[0];
            filled = 0;
        }
        while (!pending.isEmpty()) {
            writeFrame(pending.removeFirst());
        }
        ByteBuffer table = SeekTable.encode(compressed, decompressed, frames);
        put(table, table.remaining(), -1);
        return fileBytes;
    }

    /**
     * The CRC32C of the bytes this writer wrote, combined with the committed bytes' it continued.
     *
     * @return the checksum of the file's bytes {@code [0, size)}
     */
    public long crc32c() {
        return Checksums.combine(resumedCrc, crc, fileBytes - resumedBytes);
    }

    /**
     * The CRC32C of the bytes this writer wrote within the file's first
     * {@link DataFileIdentity#HEAD_BYTES} bytes.
     *
     * @return the checksum
     */
    public long headCrc32c() {
        return headCrc.getValue();
    }

    /** Drops the blocks not yet written; the compressor is its owner's to close. */
    @Override
    public void close() {
        pending.forEach(f -> f.cancel(true));
        pending.clear();
    }
}
