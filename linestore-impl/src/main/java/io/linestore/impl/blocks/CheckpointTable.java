package io.linestore.impl.blocks;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
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
import java.util.zip.Inflater;

/**
 * The checkpoints of a compressed file indexed in place ({@code checkpoints} in the sidecar's
 * generation directory): the places where decoding can start without decoding what comes before, and
 * for gzip the 32 KiB window each needs. Block {@code b} is the text from checkpoint {@code b} to the
 * next. All numbers little-endian:
 *
 * <pre>
 * offset      size    field
 *      0         8    magic "LSCHKPT2"
 *      8         8    store id (the manifest's, so that another generation's table is refused)
 *     16         4    codec: 1 gzip, 2 zstd
 *     20         4    n, the number of checkpoints, {@code >= 1}
 *     24         8    T, where the entries start
 *     32   T - 32     windows, in frames: each a zstd frame (content size and checksum set) of the
 *                     windows of up to 64 consecutive gzip checkpoints, one after another; a window
 *                     is the (at most 32 KiB of) text before its checkpoint, the bytes the text
 *                     after it does not copy from zeroed
 *      T    40 * n    per checkpoint: text offset (8), file offset of its first whole byte (8),
 *                     offset of its window's frame in this file (8), the frame's bytes (4), the
 *                     window's text bytes (4), bits (1: how many high bits of the byte before the
 *                     file offset start the block, 0 to 7), window coding (1: 1 in a zstd frame
 *                     of windows, 0 a raw deflate stream of this window alone), the window's place
 *                     in its frame (1: 0 to 63), 5 zero bytes
 * T + 40n       16    end: the text's size (8), the file's size (8)
 * </pre>
 *
 * <p>Windows are compressed 64 at a time, packed ({@link SparseWindows}), because the kept bytes of
 * neighbouring windows are fragments of the same words: on 642 MB of source code and text the frames
 * take 0.92 MB where each window deflated alone took 1.54 MB. A read takes the frame from the cache
 * it is given or decodes it (about 1 ms for 64 windows of log lines), then unpacks its one window
 * (15 to 30 us). A table whose magic is "LSCHKPT1" (each window a raw deflate stream: coding and
 * place 0) reads too.
 *
 * <p>A gzip checkpoint is the start of a deflate block (zlib's {@code zran} method) or of a member
 * (window empty); a zstd checkpoint is the start of a frame (no window, bits 0). The checkpoints' text
 * and file offsets never decrease. Opening checks the header, the sizes, the order and that the
 * windows of a frame follow each other; a frame is checked against its checksum and sizes when it is
 * read; {@code verify} checks the whole file against the
 * manifest's CRC32C. Immutable and thread-safe once read; {@link #close()} closes the file.
 */
public final class CheckpointTable implements BlockTable, Closeable {

    /** The file's name in the generation directory. */
    public static final String FILE = "checkpoints";

    /** The codec of a gzip file (members of deflate streams). */
    public static final int GZIP = 1;
    /** The codec of a zstd file of several frames. */
    public static final int ZSTD = 2;

    private static final byte[] MAGIC = "LSCHKPT2".getBytes(StandardCharsets.US_ASCII);
    /** The magic of tables whose windows are each a raw deflate stream. */
    private static final byte[] MAGIC_DEFLATED_WINDOWS = "LSCHKPT1".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 32;
    private static final int ENTRY = 40;
    /** The most bytes of entries a table is read in: one array, of fewer than 2^31 bytes. */
    private static final long MAX_TABLE_BYTES = Integer.MAX_VALUE - 8 - (Integer.MAX_VALUE - 8) % Long.BYTES;
    private static final int END = 16;
    /** A window's coding: a raw deflate stream of that window alone. */
    private static final int DEFLATED = 0;
    /** A window's coding: part of a zstd frame of the windows of consecutive checkpoints. */
    private static final int IN_FRAME = 1;
    /** Windows per frame, at most: a read decodes its frame (2 MiB of windows) and unpacks its one. */
    static final int WINDOWS_PER_FRAME = 64;
    /** The zstd level of the frames: 8% smaller than level 3; the frames of 642 MB of text take about 80 ms. */
    private static final int FRAME_LEVEL = 9;
    /** Where {@link #window(int)} keeps frames: nowhere. */
    private static final BlockCache NO_CACHE = new BlockCache(0);

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
    private final byte[] windowCoding;
    /** Each window's place in its frame. */
    private final byte[] windowIndex;
    /** The first checkpoint whose window is in the same frame as each one's (the frame's key). */
    private final int[] frameFirst;
    /** The text bytes of the frame that starts with each checkpoint's window, 0 for the others. */
    private final int[] frameText;
    /** The windows of the frame that starts with each checkpoint's window, 0 for the others. */
    private final int[] frameCount;

    private CheckpointTable(Path path, FileChannel channel, int codec, long tableAt, long[] textStart,
            long[] fileStart, long[] windowAt, int[] windowBytes, int[] windowText, byte[] bits, byte[] windowCoding,
            byte[] windowIndex, int[] frameFirst, int[] frameText, int[] frameCount) {
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
        this.windowCoding = windowCoding;
        this.windowIndex = windowIndex;
        this.frameFirst = frameFirst;
        this.frameText = frameText;
        this.frameCount = frameCount;
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
        if (bytes < HEADER) {
            // Damage, as a wrong magic is: not the end of the file met while reading a header it lacks.
            throw new CorruptStoreException(path, "not a checkpoint table: " + bytes + " bytes, shorter than its "
                    + HEADER + "-byte header");
        }
        ByteBuffer header = read(channel, 0, HEADER);
        boolean framed = Arrays.equals(header.array(), 0, MAGIC.length, MAGIC, 0, MAGIC.length);
        if (!framed && !Arrays.equals(header.array(), 0, MAGIC.length, MAGIC_DEFLATED_WINDOWS, 0, MAGIC.length)) {
            throw new CorruptStoreException(path, "not a checkpoint table");
        }
        if (header.getLong(8) != storeId) {
            throw new CorruptStoreException(path, "belongs to another index (store id " + header.getLong(8)
                    + ", the manifest says " + storeId + ")");
        }
        int codec = header.getInt(16);
        int n = header.getInt(20);
        long tableAt = header.getLong(24);
        long tableBytes = (long) ENTRY * n + END;
        if ((codec != GZIP && codec != ZSTD) || n < 1 || tableAt < HEADER || tableAt + tableBytes != bytes) {
            throw new CorruptStoreException(path, "header (codec " + codec + ", " + n + " checkpoints at " + tableAt
                    + ") does not fit its " + bytes + " bytes");
        }
        if (tableBytes > MAX_TABLE_BYTES) {
            throw new CorruptStoreException(path, n + " checkpoints, more than a table holds ("
                    + (MAX_TABLE_BYTES - END) / ENTRY + ")");
        }
        // One bulk copy, then plain array reads: a buffer read per field is slow until the JIT compiles it,
        // and a short command never gets that far.
        long[] fields = new long[(int) tableBytes / Long.BYTES];
        read(channel, tableAt, (int) tableBytes).asLongBuffer().get(fields);
        long[] text = new long[n + 1];
        long[] file = new long[n + 1];
        long[] windowAt = new long[n];
        int[] windowBytes = new int[n];
        int[] windowText = new int[n];
        byte[] bits = new byte[n];
        byte[] coding = new byte[n];
        byte[] windowIndex = new byte[n];
        int[] frameFirst = new int[n];
        int[] frameText = new int[n];
        int[] frameCount = new int[n];
        int perEntry = ENTRY / Long.BYTES;
        int lastWindow = -1;
        for (int i = 0; i < n; i++) {
            int at = i * perEntry;
            text[i] = fields[at];
            file[i] = fields[at + 1];
            windowAt[i] = fields[at + 2];
            windowBytes[i] = (int) fields[at + 3];
            windowText[i] = (int) (fields[at + 3] >>> 32);
            bits[i] = (byte) fields[at + 4];
            coding[i] = (byte) (fields[at + 4] >>> 8);
            windowIndex[i] = (byte) (fields[at + 4] >>> 16);
            boolean zeros = fields[at + 4] >>> 24 == 0;
            boolean windowFits = windowBytes[i] == 0
                    ? windowText[i] == 0 && coding[i] == 0 && windowIndex[i] == 0 && zeros
                    : windowAt[i] >= HEADER && windowBytes[i] > 0 && windowBytes[i] <= tableAt - windowAt[i]
                            && windowText[i] > 0
                            && windowText[i] <= 1 << 15 && (coding[i] == DEFLATED || framed && coding[i] == IN_FRAME)
                            && zeros;
            if (windowFits && windowBytes[i] > 0) {
                // The windows of a frame follow each other from its start: its text is theirs, in order.
                boolean sameFrame = coding[i] == IN_FRAME && lastWindow >= 0 && coding[lastWindow] == IN_FRAME
                        && windowAt[lastWindow] == windowAt[i];
                frameFirst[i] = sameFrame ? frameFirst[lastWindow] : i;
                windowFits = sameFrame
                        ? windowBytes[i] == windowBytes[lastWindow]
                                && windowIndex[i] == windowIndex[lastWindow] + 1 && windowIndex[i] < WINDOWS_PER_FRAME
                        : windowIndex[i] == 0;
                frameText[frameFirst[i]] += windowText[i];
                frameCount[frameFirst[i]]++;
                lastWindow = i;
            }
            boolean ordered = i == 0 ? text[0] == 0 && file[0] >= 0
                    : text[i] >= text[i - 1] && file[i] >= file[i - 1];
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
        return new CheckpointTable(path, channel, codec, tableAt, text, file, windowAt, windowBytes, windowText, bits,
                coding, windowIndex, frameFirst, frameText, frameCount);
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
        return window(block, NO_CACHE);
    }

    /**
     * The text before a gzip checkpoint that its block refers back into, its frame of windows taken
     * from a cache or decoded into it.
     *
     * @param block the block
     * @param cache where decoded frames are kept, by their first checkpoint
     * @return the window, empty at the start of a member
     * @throws CorruptStoreException if the window does not decompress to its size
     * @throws UncheckedIOException if reading fails
     */
    public byte[] window(int block, BlockCache cache) {
        if (windowBytes[block] == 0) {
            return new byte[0];
        }
        if (windowCoding[block] == IN_FRAME) {
            // Frames are kept packed: a read unpacks only its window (a whole frame is 2 MiB). A frame
            // is loaded whole, so any one of its bytes is all of it.
            byte[] frame = cache.get(0, frameFirst[block], 1, (first, all) -> frame(first));
            byte[] window = new byte[windowText[block]];
            try {
                SparseWindows.unpack(frame, frameCount[frameFirst[block]], windowIndex[block], window, 0, window.length);
            } catch (IllegalArgumentException e) {
                throw new CorruptStoreException(path, "the frame of windows at bytes [" + windowAt[block] + ", "
                        + (windowAt[block] + windowBytes[block]) + ") is damaged: " + e.getMessage(), e);
            }
            return window;
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
     * The packed text of the frame of windows that starts with a checkpoint's window
     * ({@link SparseWindows}), its size checked (its windows are checked as they are unpacked).
     *
     * @param first the checkpoint
     * @return the frame's text
     * @throws CorruptStoreException if the frame does not decode to windows of their sizes
     * @throws UncheckedIOException if reading fails
     */
    private byte[] frame(int first) {
        byte[] compressed;
        try {
            compressed = readWindow(windowAt[first], windowBytes[first]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        String damaged = "the windows of checkpoint " + first + " on (bytes [" + windowAt[first] + ", "
                + (windowAt[first] + windowBytes[first]) + ")) are damaged: ";
        int count = frameCount[first];
        byte[] packed;
        try {
            long size = Zstd.getFrameContentSize(compressed);
            // Packed, a window takes at most 2 bytes per byte and 12 more (its table entry; runs of 1
            // byte: 2 varints and it).
            if (Zstd.isError(size) || size < 8L * count || size > 2L * frameText[first] + 12L * count) {
                throw new CorruptStoreException(path, damaged + "its frame says it holds " + size + " bytes");
            }
            packed = new byte[(int) size];
            long n = Zstd.decompressByteArray(packed, 0, packed.length, compressed, 0, compressed.length);
            if (Zstd.isError(n) || n != packed.length) {
                throw new CorruptStoreException(path, damaged
                        + (Zstd.isError(n) ? "zstd says: " + Zstd.getErrorName(n) : n + " bytes, not " + packed.length));
            }
        } catch (ZstdException e) {
            throw new CorruptStoreException(path, damaged + "zstd says: " + e.getMessage(), e);
        }
        return packed;
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
                // A last frame with room is decoded and filled on: the frames come out as indexing the
                // whole file at once makes them.
                int last = table.blocks() - 1;
                while (last >= 0 && table.windowBytes[last] == 0) {
                    last--;
                }
                boolean reopen = last >= 0 && table.windowCoding[last] == IN_FRAME
                        && table.frameCount[table.frameFirst[last]] < WINDOWS_PER_FRAME;
                long copied = reopen ? table.windowAt[last] : table.tableAt;
                for (long done = 0; done < copied - HEADER; ) {
                    done += table.channel.transferTo(HEADER + done, copied - HEADER - done,
                            writer.channel.position(HEADER + done));
                }
                writer.copiedCrc = Checksums.crc32c(table.channel, table.path, HEADER, copied);
                writer.position = copied;
                writer.copiedEnd = copied;
                // The last frame decoded once for all its windows.
                BlockCache lastFrame = new BlockCache(Long.MAX_VALUE);
                for (int b = 0; b < table.blocks(); b++) {
                    boolean inLastFrame = reopen && table.windowBytes[b] > 0 && table.windowAt[b] == copied;
                    if (inLastFrame) {
                        byte[] window = table.window(b, lastFrame);
                        writer.gather(window, window.length, b);
                    }
                    writer.entry(table.textStart[b], table.fileStart[b], inLastFrame ? 0 : table.windowAt[b],
                            inLastFrame ? 0 : table.windowBytes[b], table.windowText[b], table.bits[b],
                            table.windowCoding[b], table.windowIndex[b]);
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
}
