package io.linestore.impl.index;

import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A read-only view of one shard's index, over a memory mapping of its {@code .idx} file (see
 * {@link IndexFormat}); nothing is copied onto the heap. Thread-safe: absolute reads only.
 *
 * <p>The mapping belongs to the caller, who must keep it open while this view is used.
 */
public final class OffsetIndex {

    private final Path file;
    private final MemorySegment segment;
    private final int stride;
    private final long lines;
    private final long entryCount;

    private OffsetIndex(Path file, MemorySegment segment, int stride, long lines, long entryCount) {
        this.file = file;
        this.segment = segment;
        this.stride = stride;
        this.lines = lines;
        this.entryCount = entryCount;
    }

    /**
     * Checks an index file's header against what the manifest says and returns a view of it.
     *
     * @param file the index file, for messages
     * @param segment the whole file, mapped
     * @param stride the stride the manifest gives
     * @param lines the shard's line count from the manifest
     * @param dataBytes the shard's data file size from the manifest
     * @return the view
     * @throws CorruptStoreException if the header, the size, the first or the last entry is wrong
     * @throws UnsupportedFormatException if the index version is unknown
     */
    public static OffsetIndex open(Path file, MemorySegment segment, int stride, long lines, long dataBytes) {
        long expectedBytes = IndexFormat.fileBytes(lines, stride);
        if (segment.byteSize() < IndexFormat.HEADER_BYTES) {
            throw new CorruptStoreException(file, "index of " + segment.byteSize() + " bytes is shorter than its "
                    + IndexFormat.HEADER_BYTES + "-byte header");
        }
        int magic = segment.get(IndexFormat.INT, IndexFormat.MAGIC_OFFSET);
        if (magic != IndexFormat.MAGIC) {
            throw new CorruptStoreException(file, "bad magic 0x" + Integer.toHexString(magic) + ", expected 0x"
                    + Integer.toHexString(IndexFormat.MAGIC));
        }
        int version = segment.get(IndexFormat.INT, IndexFormat.VERSION_OFFSET);
        if (version != IndexFormat.VERSION) {
            throw new UnsupportedFormatException(file, version, IndexFormat.VERSION);
        }
        int fileStride = segment.get(IndexFormat.INT, IndexFormat.STRIDE_OFFSET);
        long fileLines = segment.get(IndexFormat.LONG, IndexFormat.LINES_OFFSET);
        long entries = segment.get(IndexFormat.LONG, IndexFormat.ENTRY_COUNT_OFFSET);
        if (fileStride != stride || fileLines != lines || entries != IndexFormat.entryCount(lines, stride)
                || segment.byteSize() != expectedBytes) {
            throw new CorruptStoreException(file, "header says stride=" + fileStride + ", lines=" + fileLines
                    + ", entries=" + entries + " in " + segment.byteSize() + " bytes; the manifest says stride="
                    + stride + ", lines=" + lines + ", which needs " + expectedBytes + " bytes");
        }
        OffsetIndex index = new OffsetIndex(file, segment, stride, lines, entries);
        long first = index.entry(0);
        long last = index.entry(entries - 1);
        if (first != 0 || last != dataBytes) {
            throw new CorruptStoreException(file, "first entry=" + first + " (expected 0), last entry=" + last
                    + " (expected the data size " + dataBytes + ")");
        }
        return index;
    }

    /**
     * The stride.
     *
     * @return {@code K >= 1}
     */
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
    public long entryCount() {
        return entryCount;
    }

    /**
     * Entry {@code i}: the byte offset of line {@code i * stride}, or the data size for the last.
     *
     * @param i the entry, {@code [0, entryCount())}
     * @return the byte offset
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public long entry(long i) {
        if (i < 0 || i >= entryCount) {
            throw new IndexOutOfBoundsException("entry=" + i + ", entryCount=" + entryCount + " in " + file);
        }
        return segment.get(IndexFormat.LONG, IndexFormat.HEADER_BYTES + i * IndexFormat.ENTRY_BYTES);
    }

    /**
     * The file, for messages.
     *
     * @return the index file's path
     */
    public Path file() {
        return file;
    }
}
