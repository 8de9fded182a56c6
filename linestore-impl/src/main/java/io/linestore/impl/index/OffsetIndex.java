package io.linestore.impl.index;

import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.function.LongPredicate;
import java.util.zip.CRC32C;

/**
 * A read-only view of one shard's index, over a memory mapping of its {@code .idx} file (see
 * {@link IndexFormat}); nothing is copied onto the heap. Thread-safe: absolute reads only.
 *
 * <p>The mapping belongs to the caller, who must keep it open while this view is used.
 */
public final class OffsetIndex implements LineIndex {

    /** Bytes of the mapping per buffer of {@link #pages}, as a shift: 1 GiB. */
    private static final int PAGE_SHIFT = 30;

    private final Path file;
    private final MemorySegment segment;
    /**
     * The mapping as little-endian buffers of {@code 1 << PAGE_SHIFT} bytes each, every one a long
     * longer, so that an entry lies whole in the buffer of its first byte: an entry is read without
     * a layout, whose var handle costs a process its first read (see {@link IndexFormat.Layouts}).
     */
    private final ByteBuffer[] pages;
    private final IndexFormat.Identity identity;
    private final int stride;
    private final long lines;
    private final long entryCount;
    private final long dataBytes;

    private OffsetIndex(Path file, MemorySegment segment, IndexFormat.Identity identity, int stride, long lines,
            long entryCount, long dataBytes) {
        this.file = file;
        this.segment = segment;
        this.pages = pages(segment);
        this.identity = identity;
        this.stride = stride;
        this.lines = lines;
        this.entryCount = entryCount;
        this.dataBytes = dataBytes;
    }

    /**
     * Checks an index file's header against what the manifest commits and returns a view of the
     * committed entries. The file may hold more (an append that did not commit): that is ignored.
     *
     * @param file the index file, for messages
     * @param segment the whole file, mapped
     * @param identity the header layout, store id, generation and shard the manifest expects
     * @param stride the stride the manifest gives
     * @param lines the shard's committed line count, from the manifest
     * @param dataBytes the shard's committed data size, from the manifest
     * @return the view; its last entry is {@code dataBytes}, whatever the file holds there
     * @throws CorruptStoreException if the header, the size, or the first or last entry is wrong, or the
     *     header names another store, generation or shard than the manifest
     * @throws UnsupportedFormatException if the index version is unknown
     */
    public static OffsetIndex open(Path file, MemorySegment segment, IndexFormat.Identity identity, int stride,
            long lines, long dataBytes) {
        return open(file, segment, identity, stride, lines, dataBytes, null);
    }

    /**
     * Checks an index file's header against what the manifest commits, its line and entry counts too,
     * and returns a view of the committed entries: {@link #open(Path, MemorySegment, IndexFormat.Identity,
     * int, long, long)} for a reader, which must never take an index of another line count for the
     * shard's.
     *
     * @param file the index file, for messages
     * @param segment the whole file, mapped
     * @param identity the header layout, store id, generation and shard the manifest expects
     * @param stride the stride the manifest gives
     * @param lines the shard's committed line count, from the manifest
     * @param dataBytes the shard's committed data size, from the manifest
     * @param committedSince whether a manifest committed since gives the shard at least the given number
     *     of lines (see {@link IndexFiles#open(io.linestore.IndexKind, Path, MemorySegment,
     *     IndexFormat.Identity, long, long, long, LongPredicate)}); {@code null} to leave the counts
     *     to {@link #checkWhole}
     * @return the view; its last entry is {@code dataBytes}, whatever the file holds there
     * @throws CorruptStoreException if the header, the size, or the first or last entry is wrong, or the
     *     header names another store, generation or shard than the manifest, or counts other lines
     * @throws UnsupportedFormatException if the index version is unknown
     */
    public static OffsetIndex open(Path file, MemorySegment segment, IndexFormat.Identity identity, int stride,
            long lines, long dataBytes, LongPredicate committedSince) {
        long expectedBytes = identity.fileBytes(lines, stride);
        IndexFormat.checkHeader(file, segment, IndexFormat.MAGIC, identity);
        int fileStride = IndexFormat.intAt(segment, IndexFormat.STRIDE_OFFSET);
        long fileLines = IndexFormat.longAt(segment, IndexFormat.LINES_OFFSET);
        // An append running now may be rewriting the header and the entries past the commit: only
        // what it never changes is checked here (see checkWhole for the rest).
        boolean linesOk = fileLines >= lines || fileLines == IndexFormat.IN_PROGRESS_LINES;
        if (fileStride != stride || !linesOk || segment.byteSize() < expectedBytes) {
            throw new CorruptStoreException(file, "header says stride=" + fileStride + ", lines=" + fileLines
                    + " in " + segment.byteSize() + " bytes; the manifest says stride=" + stride + ", lines=" + lines
                    + ", which needs " + expectedBytes + " bytes");
        }
        if (committedSince != null) {
            checkCounts(file, segment, stride, lines, committedSince);
        }
        OffsetIndex index = new OffsetIndex(file, segment, identity, stride, lines,
                IndexFormat.entryCount(lines, stride), dataBytes);
        long first = lines > 0 ? IndexFormat.longAt(segment, identity.entryOffset(0)) : 0;
        if (first != 0) {
            throw new CorruptStoreException(file, "first entry=" + first + ", expected 0");
        }
        return index;
    }

    /**
     * Checks what {@link #open} leaves alone because an append may be changing it: that the header
     * gives the committed line count and its entry count, and that the end entry is the data size.
     * An index marked in progress (an append that did not finish) passes: its committed entries are
     * covered by the manifest's checksum, and the next append rewrites the rest. For {@code verify},
     * with no writer running.
     *
     * @throws CorruptStoreException if the header or the end entry is wrong
     */
    @Override
    public void checkWhole() {
        long fileLines = IndexFormat.longAt(segment, IndexFormat.LINES_OFFSET);
        if (fileLines == IndexFormat.IN_PROGRESS_LINES) {
            return;
        }
        checkCounts(file, segment, stride, lines, more -> false);
        long end = IndexFormat.longAt(segment, identity.entryOffset(entryCount - 1));
        if (end != dataBytes) {
            throw new CorruptStoreException(file, "last entry=" + end + ", expected the data size " + dataBytes);
        }
    }

    /**
     * Checks, in O(1), that the header counts the lines the manifest gives the shard and the entries
     * they take. A header marked in progress by an append passes, and so does one that counts more lines
     * when a manifest committed since gives the shard at least that many (an append committed after the
     * manifest was read, whose lines lie past those this view reads).
     */
    private static void checkCounts(Path file, MemorySegment segment, int stride, long lines,
            LongPredicate committedSince) {
        // Through buffer views, not a layout: this runs whenever a reader opens a shard (see IndexFormat.Layouts).
        long fileLines = IndexFormat.longAt(segment, IndexFormat.LINES_OFFSET);
        if (fileLines == IndexFormat.IN_PROGRESS_LINES) {
            return;
        }
        long fileEntries = IndexFormat.longAt(segment, IndexFormat.ENTRY_COUNT_OFFSET);
        boolean consistent = fileLines >= 0 && fileEntries == IndexFormat.entryCount(fileLines, stride);
        if (consistent && (fileLines == lines || fileLines > lines && committedSince.test(fileLines))) {
            return;
        }
        throw new CorruptStoreException(file, "header says lines=" + fileLines + ", entries=" + fileEntries
                + "; the manifest says lines=" + lines + ", which take " + IndexFormat.entryCount(lines, stride)
                + " entries at stride " + stride + ": the index and the manifest count different lines");
    }

    /**
     * The stride.
     *
     * @return {@code K >= 1}
     */
    @Override
    public int stride() {
        return stride;
    }

    /**
     * Lines in the shard.
     *
     * @return the line count
     */
    public long lines() {
        return lines;
    }

    /**
     * Entries in the index.
     *
     * @return {@code ceil(lines / stride) + 1}
     */
    @Override
    public long entryCount() {
        return entryCount;
    }

    /**
     * Entry {@code i}: the byte offset of line {@code i * stride}, or the committed data size for the
     * last.
     *
     * @param i the entry, {@code [0, entryCount())}
     * @return the byte offset
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    @Override
    public long entry(long i) {
        if (i < 0 || i >= entryCount) {
            throw new IndexOutOfBoundsException("entry=" + i + ", entryCount=" + entryCount + " in " + file);
        }
        if (i == entryCount - 1) {
            return dataBytes;
        }
        long offset = identity.entryOffset(i);
        return pages[(int) (offset >>> PAGE_SHIFT)].getLong((int) (offset & ((1 << PAGE_SHIFT) - 1)));
    }

    private static ByteBuffer[] pages(MemorySegment segment) {
        long size = segment.byteSize();
        ByteBuffer[] pages = new ByteBuffer[(int) Math.max(1, Math.ceilDiv(size, 1L << PAGE_SHIFT))];
        for (int k = 0; k < pages.length; k++) {
            long from = (long) k << PAGE_SHIFT;
            pages[k] = segment.asSlice(from, Math.min(size - from, (1L << PAGE_SHIFT) + Long.BYTES)).asByteBuffer()
                    .order(ByteOrder.LITTLE_ENDIAN);
        }
        return pages;
    }

    @Override
    public void entries(long first, long[] into, int count) {
        if (first < 0 || count < 0 || first + count > entryCount) {
            throw new IndexOutOfBoundsException("entries [" + first + ", " + (first + count) + "), entryCount="
                    + entryCount + " in " + file);
        }
        // One copy out of the mapping; the end entry is the committed data size, whatever the file holds.
        int stored = (int) Math.min(count, entryCount - 1 - first);
        // Bytes segment to segment, without layouts (see IndexFormat.Layouts), swapped where longs are not
        // little-endian: an array copy would bootstrap a pattern switch (see MmapRangeReader.readFully).
        MemorySegment.copy(segment, identity.entryOffset(first), MemorySegment.ofArray(into), 0,
                (long) stored * Long.BYTES);
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            for (int k = 0; k < stored; k++) {
                into[k] = Long.reverseBytes(into[k]);
            }
        }
        if (stored < count) {
            into[stored] = dataBytes;
        }
    }

    @Override
    public long entriesCrc32c() {
        CRC32C crc = new CRC32C();
        crc.update(segment.asSlice(identity.headerBytes(), IndexFormat.lineStartBytes(lines, stride)).asByteBuffer());
        return crc.getValue();
    }

    /**
     * Bytes of the file this view covers, as the manifest commits them.
     *
     * @return the committed size of the index file
     */
    @Override
    public long byteSize() {
        return identity.fileBytes(lines, stride);
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
}
