package io.linestore.impl.blocks;

import static io.linestore.impl.blocks.CheckpointEntries.HEADER;

import io.linestore.CorruptStoreException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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
 *
 * <p>The header and entries are parsed from their bytes by {@link CheckpointEntries}; a table is
 * written by {@link CheckpointTableWriter}.
 */
public final class CheckpointTable implements BlockTable, Closeable {

    /** The file's name in the generation directory. */
    public static final String FILE = "checkpoints";

    /** The codec of a gzip file (members of deflate streams). */
    public static final int GZIP = 1;
    /** The codec of a zstd file of several frames. */
    public static final int ZSTD = 2;

    /** Where {@link #window(int)} keeps frames: nowhere. */
    private static final BlockCache NO_CACHE = new BlockCache(0);

    private final CheckpointEntries entries;
    private final CheckpointWindows windows;

    private CheckpointTable(Path path, FileChannel channel, CheckpointEntries entries) {
        this.entries = entries;
        this.windows = new CheckpointWindows(path, channel, entries);
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
        CheckpointEntries.Header header = CheckpointEntries.Header.parse(path,
                CheckpointWindows.read(channel, path, 0, (int) Math.min(bytes, HEADER)), storeId, bytes);
        byte[] table = CheckpointWindows.read(channel, path, header.tableAt(), header.tableBytes());
        return new CheckpointTable(path, channel, CheckpointEntries.parse(path, header, table, textBytes, fileBytes));
    }

    /**
     * The codec of the file the table indexes.
     *
     * @return {@link #GZIP} or {@link #ZSTD}
     */
    public int codec() {
        return entries.header.codec();
    }

    @Override
    public int blocks() {
        return entries.count();
    }

    @Override
    public int blockAt(long textOffset) {
        return BlockTable.holding(entries.textStart, entries.count(), textOffset);
    }

    @Override
    public long textStart(int block) {
        return entries.textStart[block];
    }

    @Override
    public long fileFrom(int block) {
        return entries.fileStart[block] - (entries.bits[block] > 0 ? 1 : 0);
    }

    @Override
    public long fileTo(int block) {
        return entries.fileStart[block + 1];
    }

    /**
     * How many high bits of the block's first byte ({@link #fileFrom}) belong to it.
     *
     * @param block the block
     * @return 0 (it starts at a byte) to 7
     */
    public int bits(int block) {
        return entries.bits[block];
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
        return windows.window(block, NO_CACHE);
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
        return windows.window(block, cache);
    }

    /** The parsed entries, for {@link CheckpointTableWriter#continuing}. */
    CheckpointEntries entries() {
        return entries;
    }

    /** The windows, for {@link CheckpointTableWriter#continuing}. */
    CheckpointWindows windows() {
        return windows;
    }

    @Override
    public void close() throws IOException {
        windows.close();
    }
}
