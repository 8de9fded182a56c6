package io.linestore.impl.index;

import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The layout of an index ({@code .idx}) file, format version 1. All numbers little-endian.
 *
 * <pre>
 * offset  size  field
 *      0     4  magic, the ASCII bytes "LSIX"
 *      4     4  version, 1
 *      8     4  stride K (&gt;= 1): entry i is the byte offset of line i*K
 *     12     4  reserved, 0
 *     16     8  lines in the shard, n
 *     24     8  entry count, ceil(n / K) + 1
 *     32   8*c  entries: the offsets of lines 0, K, 2K, ... below n, then the data file's size
 * </pre>
 *
 * With stride 1 (dense) a read of lines {@code [a, b)} is exactly the byte range
 * {@code [entry(a), entry(b))}. A store with stride 0 has no index files.
 *
 * <p>The manifest's checksum of an index covers its line-start entries only (bytes
 * {@code [32, 32 + 8 * ceil(n / K))}): those never change once committed, so appending lines extends
 * the checksum instead of recomputing it. The header and the end entry change with every append; they
 * are checked against the manifest instead. An index may hold more than the manifest commits (an
 * append that was interrupted before its manifest was published): readers ignore it.
 *
 * <p>An append that continues an index first sets the header's line count to
 * {@value #IN_PROGRESS_LINES} (in progress), and writes the real count only after its manifest is
 * published: until then the old end entry may already be overwritten by a new line's entry, and the
 * marker tells {@code verify} not to hold the header to the manifest. Readers accept either.
 */
public final class IndexFormat {

    /** The magic number, "LSIX" read as a little-endian int. */
    public static final int MAGIC = 0x5849534C;

    /** The index format version. */
    public static final int VERSION = 1;

    /** The line count in the header of an index that an append is continuing. */
    public static final long IN_PROGRESS_LINES = -1;

    /** Bytes before the first entry. */
    public static final int HEADER_BYTES = 32;

    /** Bytes per entry. */
    public static final int ENTRY_BYTES = Long.BYTES;

    static final long MAGIC_OFFSET = 0;
    static final long VERSION_OFFSET = 4;
    static final long STRIDE_OFFSET = 8;
    static final long RESERVED_OFFSET = 12;
    static final long LINES_OFFSET = 16;
    static final long ENTRY_COUNT_OFFSET = 24;

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private IndexFormat() {
    }

    /**
     * Entries an index of {@code lines} lines at {@code stride} holds.
     *
     * @param lines lines in the shard, {@code >= 0}
     * @param stride the stride, {@code >= 1}
     * @return {@code ceil(lines / stride) + 1}
     */
    public static long entryCount(long lines, int stride) {
        return Math.ceilDiv(lines, stride) + 1;
    }

    /**
     * Bytes of an index's line-start entries, the part its checksum covers.
     *
     * @param lines lines in the shard, {@code >= 0}
     * @param stride the stride, {@code >= 1}
     * @return {@code 8 * ceil(lines / stride)}
     */
    public static long lineStartBytes(long lines, int stride) {
        return Math.ceilDiv(lines, stride) * (long) ENTRY_BYTES;
    }

    /**
     * Size of an index file.
     *
     * @param lines lines in the shard, {@code >= 0}
     * @param stride the stride, {@code >= 1}
     * @return header plus entries, in bytes
     */
    public static long fileBytes(long lines, int stride) {
        return HEADER_BYTES + entryCount(lines, stride) * ENTRY_BYTES;
    }

    /**
     * Makes the header of an index file.
     *
     * @param stride the stride, {@code >= 1}
     * @param lines lines in the shard
     * @return a {@value #HEADER_BYTES}-byte buffer, ready to write
     */
    public static ByteBuffer header(int stride, long lines) {
        return ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(MAGIC)
                .putInt(VERSION)
                .putInt(stride)
                .putInt(0)
                .putLong(lines)
                .putLong(entryCount(lines, stride))
                .flip();
    }
}
