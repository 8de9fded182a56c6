package io.linestore.impl.blocks;

import static io.linestore.impl.blocks.CheckpointEntries.DEFLATED;
import static io.linestore.impl.blocks.CheckpointEntries.END;
import static io.linestore.impl.blocks.CheckpointEntries.ENTRY;
import static io.linestore.impl.blocks.CheckpointEntries.HEADER;
import static io.linestore.impl.blocks.CheckpointEntries.IN_FRAME;
import static io.linestore.impl.blocks.CheckpointEntries.MAGIC;
import static io.linestore.impl.blocks.CheckpointEntries.WINDOWS_PER_FRAME;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import io.linestore.impl.format.Checksums;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes a {@link CheckpointTable} as a file is indexed: windows as checkpoints are added, in frames
 * of up to {@value CheckpointEntries#WINDOWS_PER_FRAME}, the entries and the header at the end. Not
 * thread-safe.
 */
public final class CheckpointTableWriter implements Closeable {

    /** The zstd level of the frames: 8% smaller than level 3; the frames of 642 MB of text take about 80 ms. */
    private static final int FRAME_LEVEL = 9;


    private final FileChannel channel;
    private final long storeId;
    private final int codec;
    /** The CRC32C of the windows copied from another table, the first bytes after the header. */
    private long copiedCrc;
    /** Where the copied windows end. */
    private long copiedEnd = HEADER;
    /** The CRC32C of the windows added, after the copied ones. */
    private final CRC32C windowsCrc = new CRC32C();
    /** The windows of the frame being filled, one after another; made with the first. */
    private byte[] frame;
    private int frameBytes;
    /** The checkpoints whose windows are in {@link #frame}; their entries get its offset and size when it is written. */
    private final int[] frameEntries = new int[WINDOWS_PER_FRAME];
    private final int[] frameLengths = new int[WINDOWS_PER_FRAME];
    private int frameWindows;
    private ZstdCompressCtx zstd;
    private long position = HEADER;
    private ByteBuffer entries = ByteBuffer.allocate(ENTRY * 64).order(ByteOrder.LITTLE_ENDIAN);
    private int count;
    private long lastText;

    /**
     * Creates the file.
     *
     * @param path the new file
     * @param storeId the manifest's store id
     * @param codec {@link CheckpointTable#GZIP} or {@link CheckpointTable#ZSTD}
     * @throws IOException if the file exists or cannot be created
     */
    public CheckpointTableWriter(Path path, long storeId, int codec) throws IOException {
        this.channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.storeId = storeId;
        this.codec = codec;
    }

    /**
     * Creates a table that starts with another's checkpoints and windows, to add the checkpoints of
     * what the file grew by: the windows are copied as they are (so their offsets hold), the end is
     * dropped.
     *
     * @param path the new file
     * @param storeId the new manifest's store id
     * @param table the table of the file as it was
     * @return the writer, {@link #count()} and {@link #lastText()} those of {@code table}
     * @throws IOException if the file exists, cannot be created, or the copy fails
     */
    public static CheckpointTableWriter continuing(Path path, long storeId, CheckpointTable table) throws IOException {
        CheckpointTableWriter writer = new CheckpointTableWriter(path, storeId, table.codec());
        try {
            CheckpointEntries before = table.entries();
            // A last frame with room is decoded and filled on: the frames come out as indexing the
            // whole file at once makes them.
            int last = table.blocks() - 1;
            while (last >= 0 && before.windowBytes[last] == 0) {
                last--;
            }
            boolean reopen = last >= 0 && before.windowCoding[last] == IN_FRAME
                    && before.frameCount[before.frameFirst[last]] < WINDOWS_PER_FRAME;
            long copied = reopen ? before.windowAt[last] : before.header.tableAt();
            writer.copiedCrc = table.windows().copyWindows(copied, writer.channel);
            writer.position = copied;
            writer.copiedEnd = copied;
            // The last frame decoded once for all its windows.
            BlockCache lastFrame = new BlockCache(Long.MAX_VALUE);
            for (int b = 0; b < table.blocks(); b++) {
                boolean inLastFrame = reopen && before.windowBytes[b] > 0 && before.windowAt[b] == copied;
                if (inLastFrame) {
                    byte[] window = table.window(b, lastFrame);
                    writer.gather(window, window.length, b);
                }
                writer.entry(before.textStart[b], before.fileStart[b], inLastFrame ? 0 : before.windowAt[b],
                        inLastFrame ? 0 : before.windowBytes[b], before.windowText[b], before.bits[b],
                        before.windowCoding[b], before.windowIndex[b]);
            }
            return writer;
        } catch (IOException | RuntimeException e) {
            writer.close();
            throw e;
        }
    }

    /**
     * Adds a checkpoint.
     *
     * @param text its text offset, {@code >=} the last one's
     * @param file the file offset of its first whole byte
     * @param bits how many high bits of the byte before belong to its block, 0 to 7
     * @param window the text its block refers back into, from index 0; may be empty
     * @param windowLength how many bytes of {@code window}, at most 32 KiB
     * @throws IOException if writing fails
     */
    public void add(long text, long file, int bits, byte[] window, int windowLength) throws IOException {
        if (windowLength == 0) {
            entry(text, file, 0, 0, 0, bits, DEFLATED, 0);
            return;
        }
        gather(window, windowLength, count);
        entry(text, file, 0, 0, windowLength, bits, IN_FRAME, frameWindows - 1);
        if (frameWindows == WINDOWS_PER_FRAME) {
            writeFrame();
        }
    }

    /** Adds a window to the frame being filled; its checkpoint's entry gets the frame's place when it is written. */
    private void gather(byte[] window, int length, int entry) {
        if (frame == null) {
            frame = new byte[WINDOWS_PER_FRAME << 15];
        }
        System.arraycopy(window, 0, frame, frameBytes, length);
        frameBytes += length;
        frameLengths[frameWindows] = length;
        frameEntries[frameWindows++] = entry;
    }

    /** Compresses the windows gathered, writes the frame and sets its offset and size in their entries. */
    private void writeFrame() throws IOException {
        if (frameWindows == 0) {
            return;
        }
        if (zstd == null) {
            zstd = new ZstdCompressCtx();
            zstd.setLevel(FRAME_LEVEL);
            // Kept bytes are short fragments: repeats of 4 bytes pay (level 9 would take 5 on a frame's size).
            zstd.setMinMatch(4);
            zstd.setChecksum(true);
            zstd.setContentSize(true);
        }
        byte[] packed = SparseWindows.pack(frame, frameLengths, frameWindows);
        byte[] compressed = new byte[(int) Zstd.compressBound(packed.length)];
        int bytes = zstd.compressByteArray(compressed, 0, compressed.length, packed, 0, packed.length);
        long at = position;
        ByteBuffer buffer = ByteBuffer.wrap(compressed, 0, bytes);
        while (buffer.hasRemaining()) {
            position += channel.write(buffer, position);
        }
        windowsCrc.update(compressed, 0, bytes);
        for (int k = 0; k < frameWindows; k++) {
            int entry = frameEntries[k] * ENTRY;
            entries.putLong(entry + 16, at).putInt(entry + 24, bytes);
        }
        frameWindows = 0;
        frameBytes = 0;
    }

    private void entry(long text, long file, long windowAt, int windowBytes, int windowText, int bits, int coding,
            int windowIndex) {
        if (entries.remaining() < ENTRY) {
            entries = ByteBuffer.allocate(entries.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN)
                    .put(entries.flip());
        }
        entries.putLong(text).putLong(file).putLong(windowAt).putInt(windowBytes).putInt(windowText)
                .put((byte) bits).put((byte) coding).put((byte) windowIndex).put(new byte[5]);
        count++;
        lastText = text;
    }

    /**
     * Checkpoints added so far.
     *
     * @return the count
     */
    public int count() {
        return count;
    }

    /**
     * The text offset of the last checkpoint.
     *
     * @return the offset, 0 before the first
     */
    public long lastText() {
        return lastText;
    }

    /**
     * Writes the entries, the end and the header.
     *
     * @param textBytes the text's size
     * @param fileBytes the compressed file's size
     * @param fsync whether to force the file to the device
     * @return the file's size and CRC32C, in that order
     * @throws IOException if writing fails
     */
    public long[] finish(long textBytes, long fileBytes, boolean fsync) throws IOException {
        writeFrame();
        long tableAt = position;
        if (entries.remaining() < END) {
            entries = ByteBuffer.allocate(entries.capacity() + END).order(ByteOrder.LITTLE_ENDIAN)
                    .put(entries.flip());
        }
        entries.putLong(textBytes).putLong(fileBytes).flip();
        CRC32C tableCrc = new CRC32C();
        tableCrc.update(entries.duplicate());
        int tableBytes = entries.remaining();
        while (entries.hasRemaining()) {
            position += channel.write(entries, position);
        }
        ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        header.put(MAGIC).putLong(storeId).putInt(codec).putInt(count).putLong(tableAt).flip();
        CRC32C headerCrc = new CRC32C();
        headerCrc.update(header.duplicate());
        while (header.hasRemaining()) {
            channel.write(header, header.position());
        }
        channel.truncate(position); // a reopened frame may have been written back shorter
        if (fsync) {
            channel.force(true);
        }
        long windows = Checksums.combine(copiedCrc, windowsCrc.getValue(), tableAt - copiedEnd);
        long crc = Checksums.combine(Checksums.combine(headerCrc.getValue(), windows, tableAt - HEADER),
                tableCrc.getValue(), tableBytes);
        return new long[] {position, crc};
    }

    @Override
    public void close() throws IOException {
        if (zstd != null) {
            zstd.close();
        }
        channel.close();
    }
}
