package io.linestore.impl.blocks;

import io.linestore.CorruptStoreException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A checkpoint table's header and entries, parsed from their bytes and checked against each other and
 * the manifest: no file, no window read. The byte layout is {@link CheckpointTable}'s; the constants
 * here are the one statement of it, for the reader and {@link CheckpointTableWriter} alike. Immutable
 * once parsed.
 */
final class CheckpointEntries {

    static final byte[] MAGIC = "LSCHKPT2".getBytes(StandardCharsets.US_ASCII);
    /** The magic of tables whose windows are each a raw deflate stream. */
    static final byte[] MAGIC_DEFLATED_WINDOWS = "LSCHKPT1".getBytes(StandardCharsets.US_ASCII);
    static final int HEADER = 32;
    static final int ENTRY = 40;
    static final int END = 16;
    /** A window's coding: a raw deflate stream of that window alone. */
    static final int DEFLATED = 0;
    /** A window's coding: part of a zstd frame of the windows of consecutive checkpoints. */
    static final int IN_FRAME = 1;
    /** Windows per frame, at most: a read decodes its frame (2 MiB of windows) and unpacks its one. */
    static final int WINDOWS_PER_FRAME = 64;
    /** The most bytes of entries a table is read in: one array, of fewer than 2^31 bytes. */
    static final long MAX_TABLE_BYTES = Integer.MAX_VALUE - 8 - (Integer.MAX_VALUE - 8) % Long.BYTES;

    /**
     * What a table's first {@value #HEADER} bytes say, checked against the table's size.
     *
     * @param framed whether windows may be in frames ("LSCHKPT2"), not only deflated alone
     * @param codec {@link CheckpointTable#GZIP} or {@link CheckpointTable#ZSTD}
     * @param count the number of checkpoints, {@code >= 1}
     * @param tableAt where the entries start
     */
    record Header(boolean framed, int codec, int count, long tableAt) {

        /**
         * Parses and checks a header.
         *
         * @param path the table, for messages
         * @param header the table's first {@value #HEADER} bytes
         * @param storeId the manifest's store id
         * @param bytes the table's size
         * @return the header
         * @throws CorruptStoreException if it is not a table's, belongs to another store id or does not
         *     fit the size
         */
        static Header parse(Path path, byte[] header, long storeId, long bytes) {
            if (header.length < HEADER) {
                // Damage, as a wrong magic is: not the end of the file met while reading a header it lacks.
                throw new CorruptStoreException(path, "not a checkpoint table: " + bytes + " bytes, shorter than its "
                        + HEADER + "-byte header");
            }
            ByteBuffer fields = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            boolean framed = Arrays.equals(header, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
            if (!framed && !Arrays.equals(header, 0, MAGIC.length, MAGIC_DEFLATED_WINDOWS, 0, MAGIC.length)) {
                throw new CorruptStoreException(path, "not a checkpoint table");
            }
            if (fields.getLong(8) != storeId) {
                throw new CorruptStoreException(path, "belongs to another index (store id " + fields.getLong(8)
                        + ", the manifest says " + storeId + ")");
            }
            int codec = fields.getInt(16);
            int n = fields.getInt(20);
            long tableAt = fields.getLong(24);
            long tableBytes = (long) ENTRY * n + END;
            if ((codec != CheckpointTable.GZIP && codec != CheckpointTable.ZSTD) || n < 1 || tableAt < HEADER
                    || tableAt + tableBytes != bytes) {
                throw new CorruptStoreException(path, "header (codec " + codec + ", " + n + " checkpoints at "
                        + tableAt + ") does not fit its " + bytes + " bytes");
            }
            if (tableBytes > MAX_TABLE_BYTES) {
                throw new CorruptStoreException(path, n + " checkpoints, more than a table holds ("
                        + (MAX_TABLE_BYTES - END) / ENTRY + ")");
            }
            return new Header(framed, codec, n, tableAt);
        }

        /**
         * The bytes of the entries and the end.
         *
         * @return {@code 40 * count + 16}, below 2^31 once parsed
         */
        int tableBytes() {
            return ENTRY * count + END;
        }
    }

    final Header header;
    /** Each checkpoint's text offset, and the text's size last. */
    final long[] textStart;
    /** Each checkpoint's file offset of its first whole byte, and the file's size last. */
    final long[] fileStart;
    final long[] windowAt;
    final int[] windowBytes;
    final int[] windowText;
    final byte[] bits;
    final byte[] windowCoding;
    /** Each window's place in its frame. */
    final byte[] windowIndex;
    /** The first checkpoint whose window is in the same frame as each one's (the frame's key). */
    final int[] frameFirst;
    /** The text bytes of the frame that starts with each checkpoint's window, 0 for the others. */
    final int[] frameText;
    /** The windows of the frame that starts with each checkpoint's window, 0 for the others. */
    final int[] frameCount;

    private CheckpointEntries(Header header) {
        int n = header.count();
        this.header = header;
        this.textStart = new long[n + 1];
        this.fileStart = new long[n + 1];
        this.windowAt = new long[n];
        this.windowBytes = new int[n];
        this.windowText = new int[n];
        this.bits = new byte[n];
        this.windowCoding = new byte[n];
        this.windowIndex = new byte[n];
        this.frameFirst = new int[n];
        this.frameText = new int[n];
        this.frameCount = new int[n];
    }

    /**
     * Parses and checks the entries and the end: offsets that never decrease from 0 to the manifest's
     * sizes, bit counts of 0 to 7, windows of at most 32 KiB inside the windows' bytes, the windows of a
     * frame one after another from its start, no window or bits for zstd.
     *
     * @param path the table, for messages
     * @param header the table's header
     * @param table the {@link Header#tableBytes()} bytes from {@link Header#tableAt()}
     * @param textBytes the text's size, from the manifest
     * @param fileBytes the compressed file's size, from the manifest
     * @return the entries
     * @throws CorruptStoreException naming the first damaged checkpoint, or the end that differs from
     *     the manifest
     */
    static CheckpointEntries parse(Path path, Header header, byte[] table, long textBytes, long fileBytes) {
        // One bulk copy, then plain array reads: a buffer read per field is slow until the JIT compiles it,
        // and a short command never gets that far.
        long[] fields = new long[header.tableBytes() / Long.BYTES];
        ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(fields);
        CheckpointEntries entries = new CheckpointEntries(header);
        int n = header.count();
        int perEntry = ENTRY / Long.BYTES;
        int lastWindow = -1;
        for (int i = 0; i < n; i++) {
            int at = i * perEntry;
            entries.textStart[i] = fields[at];
            entries.fileStart[i] = fields[at + 1];
            entries.windowAt[i] = fields[at + 2];
            entries.windowBytes[i] = (int) fields[at + 3];
            entries.windowText[i] = (int) (fields[at + 3] >>> 32);
            entries.bits[i] = (byte) fields[at + 4];
            entries.windowCoding[i] = (byte) (fields[at + 4] >>> 8);
            entries.windowIndex[i] = (byte) (fields[at + 4] >>> 16);
            boolean zeros = fields[at + 4] >>> 24 == 0;
            boolean windowFits = entries.windowFits(i, zeros);
            if (windowFits && entries.windowBytes[i] > 0) {
                windowFits = entries.joinFrame(i, lastWindow);
                lastWindow = i;
            }
            if (!entries.ordered(i) || !windowFits || entries.bits[i] < 0 || entries.bits[i] > 7
                    || (entries.bits[i] > 0 && entries.fileStart[i] == 0)
                    || (header.codec() == CheckpointTable.ZSTD && (entries.bits[i] != 0 || entries.windowBytes[i] != 0))) {
                throw new CorruptStoreException(path, "checkpoint " + i + " is damaged (text " + entries.textStart[i]
                        + ", file " + entries.fileStart[i] + ", bits " + entries.bits[i] + ")");
            }
        }
        long text = fields[perEntry * n];
        long file = fields[perEntry * n + 1];
        entries.textStart[n] = text;
        entries.fileStart[n] = file;
        if (text != textBytes || file != fileBytes || text < entries.textStart[n - 1] || file < entries.fileStart[n - 1]) {
            throw new CorruptStoreException(path, "ends at text " + text + " and file byte " + file
                    + ", the manifest says " + textBytes + " and " + fileBytes);
        }
        return entries;
    }

    /** Whether checkpoint {@code i}'s window fields describe no window, or one inside the windows' bytes. */
    private boolean windowFits(int i, boolean zeros) {
        if (windowBytes[i] == 0) {
            return windowText[i] == 0 && windowCoding[i] == 0 && windowIndex[i] == 0 && zeros;
        }
        return windowAt[i] >= HEADER && windowBytes[i] > 0 && windowBytes[i] <= header.tableAt() - windowAt[i]
                && windowText[i] > 0 && windowText[i] <= 1 << 15
                && (windowCoding[i] == DEFLATED || header.framed() && windowCoding[i] == IN_FRAME) && zeros;
    }

    /**
     * Counts checkpoint {@code i}'s window into its frame: the windows of a frame follow each other from
     * its start, so its text is theirs, in order.
     *
     * @return whether the window takes the next place of the frame before it, or the first of its own
     */
    private boolean joinFrame(int i, int lastWindow) {
        boolean sameFrame = windowCoding[i] == IN_FRAME && lastWindow >= 0 && windowCoding[lastWindow] == IN_FRAME
                && windowAt[lastWindow] == windowAt[i];
        frameFirst[i] = sameFrame ? frameFirst[lastWindow] : i;
        frameText[frameFirst[i]] += windowText[i];
        frameCount[frameFirst[i]]++;
        return sameFrame
                ? windowBytes[i] == windowBytes[lastWindow] && windowIndex[i] == windowIndex[lastWindow] + 1
                        && windowIndex[i] < WINDOWS_PER_FRAME
                : windowIndex[i] == 0;
    }

    /** Whether checkpoint {@code i} starts the text at 0, or does not go back from the one before. */
    private boolean ordered(int i) {
        return i == 0 ? textStart[0] == 0 && fileStart[0] >= 0
                : textStart[i] >= textStart[i - 1] && fileStart[i] >= fileStart[i - 1];
    }

    /**
     * The number of checkpoints.
     *
     * @return {@code >= 1}
     */
    int count() {
        return bits.length;
    }
}
