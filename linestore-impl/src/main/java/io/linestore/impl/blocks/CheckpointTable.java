package io.linestore.impl.blocks;

import io.linestore.CorruptStoreException;
import io.linestore.impl.format.Checksums;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The checkpoints of a compressed file indexed in place ({@code checkpoints} in the sidecar's
 * generation directory): the places where decoding can start without decoding what comes before, and
 * for gzip the 32 KiB window each needs. Block {@code b} is the text from checkpoint {@code b} to the
 * next. All numbers little-endian:
 *
 * <pre>
 * offset      size    field
 *      0         8    magic "LSCHKPT1"
 *      8         8    store id (the manifest's, so that another generation's table is refused)
 *     16         4    codec: 1 gzip, 2 zstd
 *     20         4    n, the number of checkpoints, {@code >= 1}
 *     24         8    T, where the entries start
 *     32   T - 32     windows: each the raw deflate stream of at most 32 KiB of text, the bytes
 *                     before a gzip checkpoint (those the text after it does not copy from zeroed)
 *      T    40 * n    per checkpoint: text offset (8), file offset of its first whole byte (8),
 *                     window offset in this file (8), window's compressed bytes (4), window's text
 *                     bytes (4), bits (1: how many high bits of the byte before the file offset
 *                     start the block, 0 to 7), 7 zero bytes
 * T + 40n       16    end: the text's size (8), the file's size (8)
 * </pre>
 *
 * <p>A gzip checkpoint is the start of a deflate block (zlib's {@code zran} method) or of a member
 * (window empty); a zstd checkpoint is the start of a frame (no window, bits 0). The checkpoints' text
 * and file offsets never decrease. Windows are deflate streams so that reading a gzip file needs
 * nothing beyond the JDK. Opening checks the header, the sizes and the order; a window is checked
 * to inflate to its size when it is read; {@code verify} checks the whole file against the
 * manifest's CRC32C. Immutable and thread-safe once read; {@link #close()} closes the file.
 */
public final class CheckpointTable implements BlockTable, Closeable {

    /** The file's name in the generation directory. */
    public static final String FILE = "checkpoints";

    /** The codec of a gzip file (members of deflate streams). */
    public static final int GZIP = 1;
    /** The codec of a zstd file of several frames. */
    public static final int ZSTD = 2;

    private static final byte[] MAGIC = "LSCHKPT1".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 32;
    private static final int ENTRY = 40;
    private static final int END = 16;
    /** The deflate level windows are kept at: a few times smaller than the text, fast enough to index at. */
    private static final int WINDOW_LEVEL = Integer.getInteger("linestore.windowLevel", 1);

    private final Path path;
    /** Open again when a reader that was interrupted closed it for every thread (see {@link #window}). */
    private volatile FileChannel channel;
    private volatile boolean closed;
    private final int codec;
    /** Where the entries start: the windows are the bytes before, from the header's end. */
    private final long tableAt;
    private final long[] textStart;
    private final long[] fileStart;
    private final long[] windowAt;
    private final int[] windowBytes;
    private final int[] windowText;
    private final byte[] bits;

    private CheckpointTable(Path path, FileChannel channel, int codec, long tableAt, long[] textStart,
            long[] fileStart, long[] windowAt, int[] windowBytes, int[] windowText, byte[] bits) {
        this.path = path;
        this.channel = channel;
        this.codec = codec;
        this.tableAt = tableAt;
        this.textStart = textStart;
        this.fileStart = fileStart;
        this.windowAt = windowAt;
        this.windowBytes = windowBytes;
        this.windowText = windowText;
        this.bits = bits;
    }

    /**
     * Where a sidecar's table is and what its manifest says of it.
     *
     * @param path the table's file
     * @param storeId the manifest's store id
     * @param bytes the table's size
     */
    public record Location(Path path, long storeId, long bytes) {

        /**
         * Opens and checks the table.
         *
         * @param textBytes the text's size, from the manifest
         * @param fileBytes the compressed file's size, from the manifest
         * @return the table; close it
         */
        public CheckpointTable open(long textBytes, long fileBytes) {
            return CheckpointTable.open(path, storeId, bytes, textBytes, fileBytes);
        }
    }

    /**
     * Opens and checks a table.
     *
     * @param path the table's file
     * @param storeId the manifest's store id
     * @param bytes the table's size, from the manifest
     * @param textBytes the text's size, from the manifest
     * @param fileBytes the compressed file's size, from the manifest
     * @return the table; close it
     * @throws CorruptStoreException if the table disagrees with the manifest or with itself
     * @throws UncheckedIOException if reading fails
     */
    public static CheckpointTable open(Path path, long storeId, long bytes, long textBytes, long fileBytes) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
            CheckpointTable table = parse(path, channel, storeId, bytes, textBytes, fileBytes);
            channel = null;
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // the failure being reported matters more
                }
            }
        }
    }

    private static CheckpointTable parse(Path path, FileChannel channel, long storeId, long bytes, long textBytes,
            long fileBytes) throws IOException {
        if (channel.size() != bytes) {
            throw new CorruptStoreException(path, "size " + channel.size() + " bytes, the manifest says " + bytes);
        }
        ByteBuffer header = read(channel, 0, HEADER);
        if (bytes < HEADER || !Arrays.equals(header.array(), 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new CorruptStoreException(path, "not a checkpoint table");
        }
        if (header.getLong(8) != storeId) {
            throw new CorruptStoreException(path, "belongs to another index (store id " + header.getLong(8)
                    + ", the manifest says " + storeId + ")");
        }
        int codec = header.getInt(16);
        int n = header.getInt(20);
        long tableAt = header.getLong(24);
        if ((codec != GZIP && codec != ZSTD) || n < 1 || tableAt < HEADER || tableAt + (long) ENTRY * n + END != bytes) {
            throw new CorruptStoreException(path, "header (codec " + codec + ", " + n + " checkpoints at " + tableAt
                    + ") does not fit its " + bytes + " bytes");
        }
        // One bulk copy, then plain array reads: a buffer read per field is slow until the JIT compiles it,
        // and a short command never gets that far.
        long[] fields = new long[(ENTRY * n + END) / Long.BYTES];
        read(channel, tableAt, ENTRY * n + END).asLongBuffer().get(fields);
        long[] text = new long[n + 1];
        long[] file = new long[n + 1];
        long[] windowAt = new long[n];
        int[] windowBytes = new int[n];
        int[] windowText = new int[n];
        byte[] bits = new byte[n];
        int perEntry = ENTRY / Long.BYTES;
        for (int i = 0; i < n; i++) {
            int at = i * perEntry;
            text[i] = fields[at];
            file[i] = fields[at + 1];
            windowAt[i] = fields[at + 2];
            windowBytes[i] = (int) fields[at + 3];
            windowText[i] = (int) (fields[at + 3] >>> 32);
            bits[i] = (byte) fields[at + 4];
            boolean windowFits = windowBytes[i] == 0
                    ? windowText[i] == 0
                    : windowAt[i] >= HEADER && windowAt[i] + windowBytes[i] <= tableAt && windowText[i] > 0
                            && windowText[i] <= 1 << 15;
            boolean ordered = i == 0 ? text[0] == 0 : text[i] >= text[i - 1] && file[i] >= file[i - 1];
            if (!ordered || !windowFits || bits[i] < 0 || bits[i] > 7 || (bits[i] > 0 && file[i] == 0)
                    || (codec == ZSTD && (bits[i] != 0 || windowBytes[i] != 0))) {
                throw new CorruptStoreException(path, "checkpoint " + i + " is damaged (text " + text[i] + ", file "
                        + file[i] + ", bits " + bits[i] + ")");
            }
        }
        text[n] = fields[perEntry * n];
        file[n] = fields[perEntry * n + 1];
        if (text[n] != textBytes || file[n] != fileBytes || text[n] < text[n - 1] || file[n] < file[n - 1]) {
            throw new CorruptStoreException(path, "ends at text " + text[n] + " and file byte " + file[n]
                    + ", the manifest says " + textBytes + " and " + fileBytes);
        }
        return new CheckpointTable(path, channel, codec, tableAt, text, file, windowAt, windowBytes, windowText, bits);
    }

    private static ByteBuffer read(FileChannel channel, long from, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, from + buffer.position()) < 0) {
                throw new java.io.EOFException("ends at byte " + (from + buffer.position()));
            }
        }
        return buffer.clear();
    }

    /**
     * The codec of the file the table indexes.
     *
     * @return {@link #GZIP} or {@link #ZSTD}
     */
    public int codec() {
        return codec;
    }

    @Override
    public int blocks() {
        return bits.length;
    }

    @Override
    public int blockAt(long textOffset) {
        return BlockTable.holding(textStart, bits.length, textOffset);
    }

    @Override
    public long textStart(int block) {
        return textStart[block];
    }

    @Override
    public long fileFrom(int block) {
        return fileStart[block] - (bits[block] > 0 ? 1 : 0);
    }

    @Override
    public long fileTo(int block) {
        return fileStart[block + 1];
    }

    /**
     * How many high bits of the block's first byte ({@link #fileFrom}) belong to it.
     *
     * @param block the block
     * @return 0 (it starts at a byte) to 7
     */
    public int bits(int block) {
        return bits[block];
    }

    /**
     * The text before a gzip checkpoint that its block refers back into, read and decompressed.
     *
     * @param block the block
     * @return the window, empty at the start of a member
     * @throws CorruptStoreException if the window does not decompress to its size
     * @throws UncheckedIOException if reading fails
     */
    public byte[] window(int block) {
        if (windowBytes[block] == 0) {
            return new byte[0];
        }
        byte[] compressed;
        try {
            compressed = readWindow(windowAt[block], windowBytes[block]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        byte[] window = new byte[windowText[block]];
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(compressed);
            int n = inflater.inflate(window);
            if (n != window.length || !inflater.finished()) {
                throw new CorruptStoreException(path, "the window of checkpoint " + block + " is damaged: it inflates to "
                        + (inflater.finished() ? n : "more than " + n) + " bytes, not " + window.length);
            }
            return window;
        } catch (DataFormatException e) {
            throw new CorruptStoreException(path, "the window of checkpoint " + block + " is damaged: " + e.getMessage(),
                    e);
        } finally {
            inflater.end();
        }
    }

    /**
     * A window's bytes. A thread interrupted while reading (a read cancelled with others) closes the
     * channel for every thread: the others open it again, so that one cancelled read does not fail
     * the reads after it; the interrupted thread gets its {@link ClosedByInterruptException}.
     */
    private byte[] readWindow(long at, int length) throws IOException {
        for (int attempt = 0; ; attempt++) {
            FileChannel current = channel;
            try {
                return read(current, at, length).array();
            } catch (ClosedByInterruptException e) {
                throw e;
            } catch (ClosedChannelException e) {
                if (attempt >= 2 || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                reopen(current);
            }
        }
    }

    private synchronized void reopen(FileChannel dead) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (channel == dead) {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        channel.close();
    }

    /**
     * Writes a table as a file is indexed: windows as checkpoints are added, the entries and the
     * header at the end. Not thread-safe.
     */
    public static final class Writer implements Closeable {

        private final FileChannel channel;
        private final long storeId;
        private final int codec;
        /** The CRC32C of the windows copied from another table, the first bytes after the header. */
        private long copiedCrc;
        /** Where the copied windows end. */
        private long copiedEnd = HEADER;
        /** The CRC32C of the windows added, after the copied ones. */
        private final CRC32C windowsCrc = new CRC32C();
        private final Deflater deflater = new Deflater(WINDOW_LEVEL, true);
        private byte[] deflated = new byte[0];
        private long position = HEADER;
        private ByteBuffer entries = ByteBuffer.allocate(ENTRY * 64).order(ByteOrder.LITTLE_ENDIAN);
        private int count;
        private long lastText;

        /**
         * Creates the file.
         *
         * @param path the new file
         * @param storeId the manifest's store id
         * @param codec {@link #GZIP} or {@link #ZSTD}
         * @throws IOException if the file exists or cannot be created
         */
        public Writer(Path path, long storeId, int codec) throws IOException {
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
        public static Writer continuing(Path path, long storeId, CheckpointTable table) throws IOException {
            Writer writer = new Writer(path, storeId, table.codec);
            try {
                long windows = table.tableAt - HEADER;
                for (long done = 0; done < windows; ) {
                    done += table.channel.transferTo(HEADER + done, windows - done, writer.channel.position(HEADER + done));
                }
                writer.copiedCrc = Checksums.crc32c(table.channel, table.path, HEADER, table.tableAt);
                writer.position = table.tableAt;
                writer.copiedEnd = table.tableAt;
                for (int b = 0; b < table.blocks(); b++) {
                    writer.entry(table.textStart[b], table.fileStart[b], table.windowAt[b], table.windowBytes[b],
                            table.windowText[b], table.bits[b]);
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
            long at = 0;
            int compressedBytes = 0;
            if (windowLength > 0) {
                deflater.reset();
                deflater.setInput(window, 0, windowLength);
                deflater.finish();
                if (deflated.length < windowLength + windowLength / 4 + 64) {
                    // Above deflate's bound for any input: one call deflates the whole window.
                    deflated = new byte[windowLength + windowLength / 4 + 64];
                }
                compressedBytes = deflater.deflate(deflated);
                if (!deflater.finished()) {
                    throw new IllegalStateException("a window of " + windowLength + " bytes deflated past "
                            + deflated.length);
                }
                at = position;
                ByteBuffer buffer = ByteBuffer.wrap(deflated, 0, compressedBytes);
                while (buffer.hasRemaining()) {
                    position += channel.write(buffer, position);
                }
                windowsCrc.update(deflated, 0, compressedBytes);
            }
            entry(text, file, at, compressedBytes, windowLength, bits);
        }

        private void entry(long text, long file, long windowAt, int windowBytes, int windowText, int bits) {
            if (entries.remaining() < ENTRY) {
                entries = ByteBuffer.allocate(entries.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN)
                        .put(entries.flip());
            }
            entries.putLong(text).putLong(file).putLong(windowAt).putInt(windowBytes).putInt(windowText)
                    .put((byte) bits).put(new byte[7]);
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
            deflater.end();
            channel.close();
        }
    }
}
