package io.linestore.impl.zstd;

import io.linestore.CorruptStoreException;
import io.linestore.impl.blocks.BlockTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The blocks of a compressed data file: where each zstd frame lies in the file and which bytes of the
 * uncompressed text it holds. Read from, and written as, the seek table of the zstd seekable format
 * (zstd's {@code contrib/seekable_format}), which ends the file as a skippable frame, so that
 * {@code zstd -dc} skips it and tools that read that format can seek in the file. All numbers
 * little-endian:
 *
 * <pre>
 * offset        size  field
 *      0           4  skippable frame magic, 0x184D2A5E
 *      4           4  frame size: 9 + 8 * n (what follows these 8 bytes)
 *      8       8 * n  per frame i in file order: compressed size (4), decompressed size (4)
 *  8 + 8n          4  n, the number of frames
 * 12 + 8n          1  descriptor: 0 (no per-frame checksums here; each frame carries its own)
 * 13 + 8n          4  seekable magic, 0x8F92EAB1
 * </pre>
 *
 * <p>Frame {@code i} starts in the file at the sum of the compressed sizes before it and holds the
 * text from the sum of the decompressed sizes before it. A frame of decompressed size 0 holds no text:
 * it is the seek table an append left behind (a skippable frame, which decoders skip), listed so that
 * the offsets of the frames after it stay right. The frames and the table fill the file's committed
 * bytes exactly, and the decompressed sizes add up to the shard's text bytes; a table that says
 * otherwise is damage. Immutable and thread-safe once read.
 */
public final class SeekTable implements BlockTable {

    /** The magic of the skippable frame that holds the table. */
    static final int SKIPPABLE_MAGIC = 0x184D2A5E;

    /** The magic that ends a seekable zstd file. */
    static final int SEEKABLE_MAGIC = 0x8F92EAB1;

    /** Bytes of the skippable frame's header: its magic and its size. */
    static final int HEADER_BYTES = 8;

    /** Bytes of the footer: frame count, descriptor, magic. */
    static final int FOOTER_BYTES = 9;

    /** Bytes per frame in the table. */
    static final int ENTRY_BYTES = 8;

    /** The descriptor bit that says each entry has a checksum (4 bytes more). */
    private static final int CHECKSUM_FLAG = 0x80;

    private final long[] fileStart;
    private final long[] textStart;
    private final int frames;

    private SeekTable(long[] fileStart, long[] textStart, int frames) {
        this.fileStart = fileStart;
        this.textStart = textStart;
        this.frames = frames;
    }

    /** Reads bytes of the file: a positional read of whatever the caller reads with. */
    @FunctionalInterface
    public interface Source {
        /**
         * Fills {@code into} from file offset {@code from}.
         *
         * @param from the first byte
         * @param into the array to fill completely
         * @throws IOException if reading fails or the file ends first
         */
        void read(long from, byte[] into) throws IOException;
    }

    /**
     * Reads the table that ends the committed bytes of a data file and checks it against the file's
     * size and the shard's text size.
     *
     * @param file the data file, for messages
     * @param source reads the file
     * @param fileBytes the file's committed size
     * @param textBytes the shard's uncompressed size, from the manifest
     * @return the table
     * @throws CorruptStoreException if there is no table, or it does not fit the file or the text
     * @throws IOException if reading fails
     */
    public static SeekTable read(Path file, Source source, long fileBytes, long textBytes) throws IOException {
        if (fileBytes < HEADER_BYTES + FOOTER_BYTES) {
            throw damaged(file, "the file is " + fileBytes + " bytes, too short to end in a seek table");
        }
        byte[] footer = new byte[FOOTER_BYTES];
        source.read(fileBytes - FOOTER_BYTES, footer);
        ByteBuffer f = ByteBuffer.wrap(footer).order(ByteOrder.LITTLE_ENDIAN);
        long count = Integer.toUnsignedLong(f.getInt(0));
        int descriptor = f.get(4) & 0xFF;
        if (f.getInt(5) != SEEKABLE_MAGIC) {
            throw damaged(file, "no seek table at its end (the last 4 bytes are 0x"
                    + Integer.toHexString(f.getInt(5)) + ", not the seekable magic 0x8F92EAB1)");
        }
        int entryBytes = (descriptor & CHECKSUM_FLAG) != 0 ? ENTRY_BYTES + 4 : ENTRY_BYTES;
        long tableBytes = HEADER_BYTES + count * entryBytes + FOOTER_BYTES;
        if (tableBytes > fileBytes || count > Integer.MAX_VALUE - 8) {
            throw damaged(file, "its seek table lists " + count + " frames, more than its " + fileBytes
                    + " bytes hold");
        }
        byte[] table = new byte[(int) (tableBytes - FOOTER_BYTES)];
        source.read(fileBytes - tableBytes, table);
        ByteBuffer t = ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN);
        if (t.getInt(0) != SKIPPABLE_MAGIC || Integer.toUnsignedLong(t.getInt(4)) != tableBytes - HEADER_BYTES) {
            throw damaged(file, "its seek table at byte " + (fileBytes - tableBytes)
                    + " does not start with a skippable frame of its size");
        }
        int n = (int) count;
        // One bulk copy, then plain array reads: a buffer read per entry is slow until the JIT compiles
        // it, and a short command never gets that far.
        int stride = entryBytes / Integer.BYTES;
        int[] entries = new int[n * stride];
        t.position(HEADER_BYTES).asIntBuffer().get(entries);
        long[] fileStart = new long[n + 1];
        long[] textStart = new long[n + 1];
        for (int i = 0; i < n; i++) {
            fileStart[i + 1] = fileStart[i] + Integer.toUnsignedLong(entries[i * stride]);
            textStart[i + 1] = textStart[i] + Integer.toUnsignedLong(entries[i * stride + 1]);
        }
        if (fileStart[n] != fileBytes - tableBytes || textStart[n] != textBytes) {
            throw damaged(file, "its seek table's " + n + " frames hold " + fileStart[n] + " compressed bytes and "
                    + textStart[n] + " of text, but the file has " + (fileBytes - tableBytes)
                    + " before the table and the manifest " + textBytes + " of text");
        }
        return new SeekTable(fileStart, textStart, n);
    }

    /**
     * Encodes a table, the skippable frame that ends a data file.
     *
     * @param compressed the compressed size of each frame
     * @param decompressed the decompressed size of each frame
     * @param frames how many frames the arrays hold
     * @return the frame's bytes
     */
    static ByteBuffer encode(int[] compressed, int[] decompressed, int frames) {
        ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + frames * ENTRY_BYTES + FOOTER_BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(SKIPPABLE_MAGIC).putInt(frames * ENTRY_BYTES + FOOTER_BYTES);
        for (int i = 0; i < frames; i++) {
            out.putInt(compressed[i]).putInt(decompressed[i]);
        }
        out.putInt(frames).put((byte) 0).putInt(SEEKABLE_MAGIC);
        return out.flip();
    }

    /**
     * The frames' sizes, for an append that continues the file: each frame's compressed and
     * decompressed size in file order.
     *
     * @return {@code {compressed, decompressed}}, each of {@link #blocks()} entries
     */
    int[][] sizes() {
        int[] compressed = new int[frames];
        int[] decompressed = new int[frames];
        for (int i = 0; i < frames; i++) {
            compressed[i] = (int) (fileStart[i + 1] - fileStart[i]);
            decompressed[i] = (int) (textStart[i + 1] - textStart[i]);
        }
        return new int[][] {compressed, decompressed};
    }

    /**
     * The frame that holds a byte of the text.
     *
     * @param textOffset a byte of the text, {@code 0 <=} it {@code <} the text's size
     * @return the frame's number
     */
    @Override
    public int blockAt(long textOffset) {
        return BlockTable.holding(textStart, frames, textOffset);
    }

    /**
     * The number of frames, those without text included.
     *
     * @return the count
     */
    @Override
    public int blocks() {
        return frames;
    }

    @Override
    public long fileFrom(int block) {
        return fileStart[block];
    }

    @Override
    public long fileTo(int block) {
        return fileStart[block + 1];
    }

    /**
     * Where frame {@code i} starts in the file; {@code fileStart(blocks())} is where the table starts.
     *
     * @param i a frame, or {@link #blocks()}
     * @return the file offset
     */
    public long fileStart(int i) {
        return fileStart[i];
    }

    /**
     * The first text byte frame {@code i} holds; {@code textStart(blocks())} is the text's size.
     *
     * @param i a frame, or {@link #blocks()}
     * @return the text offset
     */
    @Override
    public long textStart(int i) {
        return textStart[i];
    }

    private static CorruptStoreException damaged(Path file, String problem) {
        return new CorruptStoreException(file, problem);
    }
}
