package io.linestore.impl.index;

import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.function.LongPredicate;
import java.util.zip.CRC32C;

/**
 * A read-only view of one shard's compact index: the byte offset of every line in about
 * {@code 2 + log2(average line length)} bits per line instead of 64, each found in constant time,
 * over a memory mapping of the index file; nothing is copied onto the heap but the few segment
 * positions of the header. Thread-safe: absolute reads only. The mapping belongs to the caller, who
 * must keep it open while this view is used.
 *
 * <h2>File format</h2>
 *
 * All numbers little-endian. The first 48 bytes are the version-2 header of {@link IndexFormat}, with
 * another magic and two fields used differently; a compact index exists only in stores of format
 * version 2, whose manifest names it ({@code "index": "compact"} or {@code "compact:B"}).
 *
 * <pre>
 * offset  size  field
 *      0     4  magic, the ASCII bytes "LSCI"
 *      4     4  version, 2
 *      8     4  B, lines per block: a power of two in [2, 65536] (the manifest's {@code compact:B},
 *               128 for plain {@code compact})
 *     12     4  the shard's number (0 for a single-file store or a sidecar)
 *     16     8  lines in the shard, n; -1 while an append is in progress (as in {@link IndexFormat})
 *     24     8  the file's size for those n lines
 *     32     8  the store id of the generation that wrote the file (the manifest's storeId)
 *     40     8  that generation (the manifest's generation)
 *     48   8*40 segment table: entry k is the file position of segment k's block directory; entries
 *               of segments the committed lines do not reach are ignored (0, or left by an append
 *               that did not commit)
 *    368     .  segments, raw tails of earlier commits, and the raw tail
 * </pre>
 *
 * <p>The shard number, store id and generation are checked on open exactly as a dense index's
 * (see {@link IndexFormat.Identity}).
 *
 * <p>Lines are grouped into blocks of B: block b holds lines {@code [b*B, (b+1)*B)}. Only complete
 * blocks are coded; the {@code n mod B} lines of the last, incomplete block are the <em>raw tail</em>:
 * their offsets as plain 8-byte entries, the last bytes of the file (the file size is in the
 * manifest, so the tail is {@code [size - 8*(n mod B), size)}).
 *
 * <p>Segment k holds blocks {@code [2^k - 1, 2^(k+1) - 1)}. It starts with its block directory:
 * {@code 2^k} 8-byte entries, entry j the file position of block {@code 2^k - 1 + j} (entries of
 * blocks not yet written are ignored, like the table's); the blocks follow, each in {@link EliasFanoBlock}'s format. So
 * line i is found in three steps: its block {@code b = i / B}, the segment
 * {@code k = floor(log2(b + 1))} (one instruction), the directory entry, then value {@code i mod B}
 * of the block (a handful of reads, see {@link EliasFanoBlock}). The doubling directories are what
 * lets the file grow only at its end: a directory is reserved whole when its segment starts, so no
 * directory ever has to move; at most half of the last one is unused.
 *
 * <p>The end entry of the dense format (the data size) is not stored: it is the manifest's.
 *
 * <p>Appending never changes committed bytes that a reader of the committed index reads: new
 * blocks and a new raw tail go past the committed size, new directory entries into slots reserved
 * earlier, new segment positions into unused table entries. The header's line count is marked in
 * progress during an append and written after the manifest, as in {@link IndexFormat}. An append
 * that completes the block of a committed raw tail leaves that tail behind, unreferenced: at most
 * {@code 8 * (B - 1)} bytes per append.
 *
 * <p>The manifest's checksum of a compact index is the CRC32C of its line starts as 8-byte
 * little-endian numbers, exactly the bytes the dense index's checksum covers: it grows with the
 * lines alone, whatever blocks and tails they are stored in.
 */
public final class CompactIndex implements LineIndex {

    /** The magic number, "LSCI" read as a little-endian int. */
    public static final int MAGIC = 0x4943534C;

    /** The largest block a file may declare. */
    public static final int MAX_BLOCK_LINES = 1 << 16;

    /** Segments the table has room for: at most {@code 2^40 - 1} complete blocks. */
    public static final int MAX_SEGMENTS = 40;

    /** Bytes of the header fields shared with {@link IndexFormat}, before the segment table. */
    static final int FIXED_HEADER_BYTES = IndexFormat.HEADER_BYTES_V2;

    /** Bytes before the first segment. */
    public static final int HEADER_BYTES = FIXED_HEADER_BYTES + MAX_SEGMENTS * Long.BYTES;

    static final long BLOCK_LINES_OFFSET = IndexFormat.STRIDE_OFFSET;
    static final long LINES_OFFSET = IndexFormat.LINES_OFFSET;
    static final long BYTES_OFFSET = IndexFormat.ENTRY_COUNT_OFFSET;
    static final long SEGMENTS_OFFSET = FIXED_HEADER_BYTES;

    static final ValueLayout.OfLong LONG = IndexFormat.Layouts.LONG;

    private final Path file;
    private final MemorySegment segment;
    private final int blockLines;
    private final int blockShift;
    private final long lines;
    private final long dataBytes;
    private final long indexBytes;
    private final long fullBlocks;
    private final long tailStart;
    private final long[] directories;

    private CompactIndex(Path file, MemorySegment segment, int blockLines, long lines, long dataBytes,
            long indexBytes, long[] directories) {
        this.file = file;
        this.segment = segment;
        this.blockLines = blockLines;
        this.blockShift = Integer.numberOfTrailingZeros(blockLines);
        this.lines = lines;
        this.dataBytes = dataBytes;
        this.indexBytes = indexBytes;
        this.fullBlocks = lines >>> blockShift;
        this.tailStart = indexBytes - (lines & (blockLines - 1)) * Long.BYTES;
        this.directories = directories;
    }

    /**
     * Checks an index file's header against what the manifest commits and returns a view of the
     * committed lines. The file may hold more (an append that did not commit): that is ignored.
     *
     * @param file the index file, for messages
     * @param segment the file's committed bytes, mapped
     * @param identity the store id, generation and shard the manifest expects; version 2
     * @param blockLines the lines per block the manifest's index kind names
     * @param lines the shard's committed line count, from the manifest
     * @param dataBytes the shard's committed data size, from the manifest
     * @param indexBytes the index's committed size, from the manifest
     * @return the view
     * @throws CorruptStoreException if the header, the size, a segment position or the first entry is
     *     wrong, or the header names another store, generation or shard than the manifest
     * @throws UnsupportedFormatException if the index version is unknown
     */
    public static CompactIndex open(Path file, MemorySegment segment, IndexFormat.Identity identity, int blockLines,
            long lines, long dataBytes, long indexBytes) {
        return open(file, segment, identity, blockLines, lines, dataBytes, indexBytes, null);
    }

    /**
     * Checks an index file's header against what the manifest commits, its line count and size too,
     * before anything that depends on them, and returns a view of the committed lines: {@link #open(Path,
     * MemorySegment, IndexFormat.Identity, int, long, long, long)} for a reader, which must never take
     * an index of another line count for the shard's.
     *
     * @param file the index file, for messages
     * @param segment the file's committed bytes, mapped
     * @param identity the store id, generation and shard the manifest expects; version 2
     * @param blockLines the lines per block the manifest's index kind names
     * @param lines the shard's committed line count, from the manifest
     * @param dataBytes the shard's committed data size, from the manifest
     * @param indexBytes the index's committed size, from the manifest
     * @param committedSince whether a manifest committed since gives the shard at least the given number
     *     of lines (see {@link IndexFiles#open(io.linestore.IndexKind, Path, MemorySegment,
     *     IndexFormat.Identity, long, long, long, LongPredicate)}); {@code null} to leave the counts to
     *     {@link #checkWhole}
     * @return the view
     * @throws CorruptStoreException if the header, the size, a segment position or the first entry is
     *     wrong, or the header names another store, generation or shard than the manifest, or counts
     *     other lines
     * @throws UnsupportedFormatException if the index version is unknown
     */
    public static CompactIndex open(Path file, MemorySegment segment, IndexFormat.Identity identity, int blockLines,
            long lines, long dataBytes, long indexBytes, LongPredicate committedSince) {
        if (indexBytes < HEADER_BYTES || segment.byteSize() < indexBytes) {
            throw new CorruptStoreException(file, "compact index of " + segment.byteSize()
                    + " bytes, the manifest says " + indexBytes + ", the header alone takes " + HEADER_BYTES);
        }
        IndexFormat.checkHeader(file, segment, MAGIC, identity);
        int fileBlockLines = IndexFormat.intAt(segment, BLOCK_LINES_OFFSET);
        if (fileBlockLines != blockLines) {
            throw new CorruptStoreException(file, "header says " + fileBlockLines + " lines per block, the manifest "
                    + blockLines);
        }
        long fileLines = segment.get(LONG, LINES_OFFSET);
        if (fileLines < lines && fileLines != IndexFormat.IN_PROGRESS_LINES) {
            throw new CorruptStoreException(file, "header says lines=" + fileLines + ", the manifest says " + lines);
        }
        if (committedSince != null) {
            checkCounts(file, segment, lines, indexBytes, committedSince);
        }
        long tailBytes = (lines % blockLines) * Long.BYTES;
        if (indexBytes - HEADER_BYTES < tailBytes) {
            throw new CorruptStoreException(file, "size " + indexBytes + " leaves no room for the header and a raw tail"
                    + " of " + tailBytes + " bytes");
        }
        int segments = segmentCount(lines / blockLines);
        if (segments > MAX_SEGMENTS) {
            throw new CorruptStoreException(file, lines + " lines in blocks of " + blockLines + " need " + segments
                    + " segments, more than the format's " + MAX_SEGMENTS);
        }
        long[] directories = new long[segments];
        for (int k = 0; k < directories.length; k++) {
            directories[k] = segment.get(LONG, SEGMENTS_OFFSET + (long) k * Long.BYTES);
            if (directories[k] < HEADER_BYTES || directories[k] > indexBytes - ((long) Long.BYTES << k)) {
                throw new CorruptStoreException(file, "segment " + k + " at " + directories[k]
                        + ", outside the file's committed " + indexBytes + " bytes");
            }
        }
        CompactIndex index = new CompactIndex(file, segment, blockLines, lines, dataBytes, indexBytes, directories);
        if (lines > 0 && index.entry(0) != 0) {
            throw new CorruptStoreException(file, "first entry=" + index.entry(0) + ", expected 0");
        }
        return index;
    }

    /**
     * Checks what {@link #open} leaves alone because an append may be changing it, that the header
     * gives the committed line count and size (unless an append left it in progress, see
     * {@link IndexFormat}), and that every block is stored exactly as its lines code, so that a
     * damaged byte a lookup happens not to read (padding, a length) is found too. For {@code verify},
     * with no writer running; reads the whole index.
     *
     * @throws CorruptStoreException if the header disagrees with the manifest or a block is damaged
     */
    @Override
    public void checkWhole() {
        checkCounts(file, segment, lines, indexBytes, more -> false);
        long[] values = new long[blockLines];
        ByteBuffer expected = ByteBuffer.allocate(EliasFanoBlock.maxEncodedBytes(blockLines));
        for (long block = 0; block < fullBlocks; block++) {
            for (int j = 0; j < blockLines; j++) {
                values[j] = entry((block << blockShift) + j);
            }
            long position = blockPosition(block);
            expected.clear();
            try {
                EliasFanoBlock.encode(values, expected);
            } catch (IllegalArgumentException e) {
                throw new CorruptStoreException(file, "block " + block + " at " + position + ": " + e.getMessage());
            }
            expected.flip();
            if (position + expected.remaining() > indexBytes
                    || !segment.asSlice(position, expected.remaining()).asByteBuffer().equals(expected)) {
                throw new CorruptStoreException(file, "block " + block + " at " + position
                        + " is not stored as its lines code");
            }
        }
    }

    /**
     * Checks, in O(1), that the header counts the lines the manifest gives the shard, in the size the
     * manifest commits. A header marked in progress by an append passes, and so does one that counts
     * more lines when a manifest committed since gives the shard at least that many (an append committed
     * after the manifest was read, whose lines lie past those this view reads).
     */
    private static void checkCounts(Path file, MemorySegment segment, long lines, long indexBytes,
            LongPredicate committedSince) {
        long fileLines = segment.get(LONG, LINES_OFFSET);
        if (fileLines == IndexFormat.IN_PROGRESS_LINES) {
            return;
        }
        long fileBytes = segment.get(LONG, BYTES_OFFSET);
        if (fileLines == lines && fileBytes == indexBytes || fileLines > lines && committedSince.test(fileLines)) {
            return;
        }
        throw new CorruptStoreException(file, "header says lines=" + fileLines + " in " + fileBytes
                + " bytes; the manifest says lines=" + lines + " in " + indexBytes
                + " bytes: the index and the manifest count different lines");
    }

    /**
     * The byte offset of line {@code i}, or the committed data size for {@code i == lines()}.
     *
     * @param i the line, {@code [0, lines()]}
     * @return the byte offset
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws CorruptStoreException if the block holding line {@code i} is damaged
     */
    @Override
    public long entry(long i) {
        if (i < 0 || i > lines) {
            throw new IndexOutOfBoundsException("line=" + i + ", lines=" + lines + " in " + file);
        }
        if (i == lines) {
            return dataBytes;
        }
        long block = i >>> blockShift;
        if (block >= fullBlocks) {
            return segment.get(LONG, tailStart + (i - (fullBlocks << blockShift)) * Long.BYTES);
        }
        long position = blockPosition(block);
        long value;
        try {
            value = position < HEADER_BYTES ? -1
                    : EliasFanoBlock.get(segment, position, blockLines, (int) (i & (blockLines - 1)));
        } catch (IndexOutOfBoundsException e) {
            value = -1;
        }
        if (value < 0) {
            throw new CorruptStoreException(file, "block " + block + " at " + position + " of " + indexBytes
                    + " bytes does not hold line " + i);
        }
        return value;
    }

    @Override
    public void entries(long first, long[] into, int count) {
        if (first < 0 || count < 0 || first + count > lines + 1) {
            throw new IndexOutOfBoundsException("lines [" + first + ", " + (first + count) + "), lines=" + lines
                    + " in " + file);
        }
        int done = 0;
        while (done < count) {
            long i = first + done;
            long block = i >>> blockShift;
            if (i == lines || block >= fullBlocks) {
                into[done++] = entry(i);
                continue;
            }
            int j = (int) (i & (blockLines - 1));
            int run = Math.min(count - done, blockLines - j);
            long position = blockPosition(block);
            boolean decoded;
            try {
                decoded = position >= HEADER_BYTES
                        && EliasFanoBlock.decode(segment, position, blockLines, j, into, done, run);
            } catch (IndexOutOfBoundsException e) {
                decoded = false;
            }
            if (!decoded) {
                throw new CorruptStoreException(file, "block " + block + " at " + position + " of " + indexBytes
                        + " bytes does not hold lines " + i + " to " + (i + run - 1));
            }
            done += run;
        }
    }

    /**
     * One entry per line.
     *
     * @return 1
     */
    @Override
    public int stride() {
        return 1;
    }

    @Override
    public long entryCount() {
        return lines + 1;
    }

    @Override
    public long entriesCrc32c() {
        CRC32C crc = new CRC32C();
        ByteBuffer chunk = ByteBuffer.allocate(Long.BYTES * blockLines).order(ByteOrder.LITTLE_ENDIAN);
        for (long i = 0; i < lines; i++) {
            if (!chunk.hasRemaining()) {
                crc.update(chunk.flip());
                chunk.clear();
            }
            chunk.putLong(entry(i));
        }
        crc.update(chunk.flip());
        return crc.getValue();
    }

    @Override
    public long byteSize() {
        return indexBytes;
    }

    /**
     * Lines in the shard.
     *
     * @return the committed line count
     */
    public long lines() {
        return lines;
    }

    /**
     * Lines per block.
     *
     * @return {@code B}
     */
    public int blockLines() {
        return blockLines;
    }

    /**
     * The file, for messages.
     *
     * @return the index file's path
     */
    @Override
    public Path file() {
        return file;
    }

    /** Where a complete block is stored, from its segment's directory. */
    private long blockPosition(long block) {
        int k = segmentOf(block);
        return segment.get(LONG, directories[k] + (block - firstBlock(k)) * Long.BYTES);
    }

    /** The segment of block {@code block}: {@code floor(log2(block + 1))}. */
    static int segmentOf(long block) {
        return 63 - Long.numberOfLeadingZeros(block + 1);
    }

    /** The first block of segment {@code k}. */
    static long firstBlock(int k) {
        return (1L << k) - 1;
    }

    /** Segments that hold {@code blocks} complete blocks. */
    static int segmentCount(long blocks) {
        return blocks == 0 ? 0 : segmentOf(blocks - 1) + 1;
    }
}
