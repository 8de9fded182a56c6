package io.linestore.impl.index;

import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.io.ChannelChunks;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The layout of an index ({@code .idx}) file. All numbers little-endian. Version 2, written by
 * stores of manifest version 2:
 *
 * <pre>
 * offset  size  field
 *      0     4  magic, the ASCII bytes "LSIX"
 *      4     4  version, 2
 *      8     4  stride K (&gt;= 1): entry i is the byte offset of line i*K
 *     12     4  the shard's number (0 for a single-file store or a sidecar)
 *     16     8  lines in the shard, n
 *     24     8  entry count, ceil(n / K) + 1
 *     32     8  the store id of the generation that wrote the file (the manifest's storeId)
 *     40     8  that generation (the manifest's generation)
 *     48   8*c  entries: the offsets of lines 0, K, 2K, ... below n, then the data file's size
 * </pre>
 *
 * <p>The shard number, store id and generation let a reader tell on open, in O(1), that the file is
 * the one its manifest means: not a shard of another store or generation put in its place, and not
 * another shard's index (see {@link Identity}). Version 1 (stores of manifest version 1) ends its
 * header at byte 32, has 0 at offset 12 and no identity; its entries start at byte 32.
 *
 * With stride 1 (dense) a read of lines {@code [a, b)} is exactly the byte range
 * {@code [entry(a), entry(b))}. A store with stride 0 has no index files.
 *
 * <p>The manifest's checksum of an index covers its line-start entries only (bytes
 * {@code [h, h + 8 * ceil(n / K))}, {@code h} the header's size): those never change once committed, so appending lines extends
 * the checksum instead of recomputing it. The header and the end entry change with every append; they
 * are checked against the manifest instead. An index may hold more than the manifest commits (an
 * append that was interrupted before its manifest was published): readers ignore it.
 *
 * <p>An append that continues an index first sets the header's line count to
 * {@value #IN_PROGRESS_LINES} (in progress), and writes the real count only after its manifest is
 * published: until then the old end entry may already be overwritten by a new line's entry, and the
 * marker tells {@code verify} not to hold the header to the manifest. Readers accept either.
 *
 * <p>The 48-byte version-2 header is shared with the compact index ({@link CompactIndex}), which
 * differs only in its magic, in what the fields at 8 and 24 hold, and in what follows the header:
 * this class writes, checks and commits that header for both.
 */
public final class IndexFormat {

    /** The magic number, "LSIX" read as a little-endian int. */
    public static final int MAGIC = 0x5849534C;

    /** The index format version written into new stores. */
    public static final int VERSION = 2;

    /** The index format of version-1 stores. */
    public static final int VERSION_1 = 1;

    /** The line count in the header of an index that an append is continuing. */
    public static final long IN_PROGRESS_LINES = -1;

    /** Bytes before the first entry in a version-1 index. */
    static final int HEADER_BYTES_V1 = 32;

    /** Bytes before the first entry in a version-2 index. */
    static final int HEADER_BYTES_V2 = 48;

    /** Bytes per entry. */
    public static final int ENTRY_BYTES = Long.BYTES;

    static final long MAGIC_OFFSET = 0;
    static final long VERSION_OFFSET = 4;
    static final long STRIDE_OFFSET = 8;
    static final long SHARD_OFFSET = 12;
    static final long LINES_OFFSET = 16;
    static final long ENTRY_COUNT_OFFSET = 24;
    static final long STORE_ID_OFFSET = 32;
    static final long GENERATION_OFFSET = 40;

    private IndexFormat() {
    }

    /**
     * The little-endian layout of a long field, in a class of its own so that it is made on the first
     * lookup that needs it: making a layout initialises {@code ValueLayout}, whose var handles the JDK
     * builds lambda forms for at run time in every process (its start-up cache keeps none), and opening
     * an index and reading a range of a dense or sparse one need no layout (header fields go through
     * {@link #intAt} and {@link #longAt}, entries through a bulk copy or buffer views); a compact
     * index's blocks use it.
     */
    static final class Layouts {

        static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        private Layouts() {
        }
    }

    /** The little-endian int at {@code offset}, read through a buffer view (see {@link Layouts}). */
    static int intAt(MemorySegment segment, long offset) {
        return segment.asSlice(offset, Integer.BYTES).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    }

    /** The little-endian long at {@code offset}, read through a buffer view (see {@link Layouts}). */
    static long longAt(MemorySegment segment, long offset) {
        return segment.asSlice(offset, Long.BYTES).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0);
    }

    /**
     * What an index's header says it belongs to, and which header layout it has.
     *
     * @param version the index version: {@value #VERSION}, or {@value #VERSION_1} (which records no
     *     identity: the other fields are 0)
     * @param shard the shard's number
     * @param storeId the store id of the generation that wrote it
     * @param generation that generation
     */
    public record Identity(int version, int shard, long storeId, long generation) {

        /**
         * The identity a manifest expects of a shard's index.
         *
         * @param manifest the store's manifest
         * @param shard the shard's number
         * @return version 1 with no identity for a version-1 store, else the manifest's
         */
        public static Identity of(Manifest manifest, int shard) {
            return manifest.version() == Manifest.VERSION_1 ? new Identity(VERSION_1, 0, 0, 0)
                    : new Identity(VERSION, shard, manifest.storeId(), manifest.generation());
        }

        /**
         * Bytes before the first entry.
         *
         * @return 48 for version 2, 32 for version 1
         */
        public int headerBytes() {
            return version == VERSION_1 ? HEADER_BYTES_V1 : HEADER_BYTES_V2;
        }

        /**
         * Size of an index file of this layout.
         *
         * @param lines lines in the shard, {@code >= 0}
         * @param stride the stride, {@code >= 1}
         * @return header plus entries, in bytes
         */
        public long fileBytes(long lines, int stride) {
            return headerBytes() + entryCount(lines, stride) * ENTRY_BYTES;
        }

        /**
         * Where entry {@code i} lies.
         *
         * @param i the entry
         * @return its byte offset in the file
         */
        public long entryOffset(long i) {
            return headerBytes() + i * ENTRY_BYTES;
        }

        /**
         * Makes the header of an index file.
         *
         * @param stride the stride, {@code >= 1}
         * @param lines lines in the shard, or {@link #IN_PROGRESS_LINES}
         * @return a {@link #headerBytes()}-byte buffer, ready to write
         */
        public ByteBuffer header(int stride, long lines) {
            return header(MAGIC, stride, lines, entryCount(Math.max(0, lines), stride));
        }

        /**
         * Makes a header of this layout for either index encoding.
         *
         * @param magic {@link #MAGIC} or {@link CompactIndex#MAGIC}
         * @param shape the field at offset 8: the stride, or a compact index's lines per block
         * @param lines lines in the shard, or {@link #IN_PROGRESS_LINES}
         * @param size the field at offset 24: the entry count, or a compact index's file size
         * @return a {@link #headerBytes()}-byte buffer, ready to write
         */
        ByteBuffer header(int magic, int shape, long lines, long size) {
            ByteBuffer header = ByteBuffer.allocate(headerBytes()).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(magic)
                    .putInt(version)
                    .putInt(shape)
                    .putInt(shard)
                    .putLong(lines)
                    .putLong(size);
            if (version != VERSION_1) {
                header.putLong(storeId).putLong(generation);
            }
            return header.flip();
        }
    }

    /**
     * Checks on open, in O(1), that an index file is of the expected encoding and version and is the
     * one its manifest means: not a file of another store, generation or shard put in its place.
     *
     * @param file the index file, for messages
     * @param segment the file, mapped
     * @param magic {@link #MAGIC} or {@link CompactIndex#MAGIC}
     * @param expected the header layout, store id, generation and shard the manifest expects
     * @throws CorruptStoreException if the file is shorter than its header, or the magic or identity
     *     is wrong
     * @throws UnsupportedFormatException if the version is unknown
     */
    static void checkHeader(Path file, MemorySegment segment, int magic, Identity expected) {
        if (segment.byteSize() < expected.headerBytes()) {
            throw new CorruptStoreException(file, "index of " + segment.byteSize() + " bytes is shorter than its "
                    + expected.headerBytes() + "-byte header");
        }
        int found = intAt(segment, MAGIC_OFFSET);
        if (found != magic) {
            throw new CorruptStoreException(file, "bad magic 0x" + Integer.toHexString(found) + ", expected 0x"
                    + Integer.toHexString(magic));
        }
        int version = intAt(segment, VERSION_OFFSET);
        if (version != VERSION && (version != VERSION_1 || magic != MAGIC)) {
            throw new UnsupportedFormatException(file, version, VERSION);
        }
        int shard = intAt(segment, SHARD_OFFSET);
        if (version == VERSION_1) {
            if (expected.version() != VERSION_1 || shard != 0) {
                throw new CorruptStoreException(file, "index version 1 (reserved field " + shard
                        + ") where the manifest expects version " + expected.version());
            }
            return;
        }
        if (segment.byteSize() < HEADER_BYTES_V2) {
            throw new CorruptStoreException(file, "index of " + segment.byteSize() + " bytes is shorter than its "
                    + HEADER_BYTES_V2 + "-byte header");
        }
        long storeId = longAt(segment, STORE_ID_OFFSET);
        long generation = longAt(segment, GENERATION_OFFSET);
        // Field by field, not the record's equals: that one links through a bootstrap method on its first
        // call, which the JDK's start-up cache does not keep, and every short command opens an index.
        if (version != expected.version() || shard != expected.shard() || storeId != expected.storeId()
                || generation != expected.generation()) {
            throw new CorruptStoreException(file, "the index belongs to shard " + shard + " of store id "
                    + Long.toHexString(storeId) + ", generation " + generation + " (index version " + version
                    + "); the manifest expects shard " + expected.shard() + " of store id "
                    + Long.toHexString(expected.storeId()) + ", generation " + expected.generation()
                    + " (a file of another store or shard was put in its place)");
        }
    }

    /**
     * Marks an index that an append is about to continue: its header's line count becomes
     * {@link #IN_PROGRESS_LINES} until {@link #commitHeader} writes the committed one.
     *
     * @param channel the index file, open for writing
     * @throws IOException if writing fails
     */
    static void markInProgress(FileChannel channel) throws IOException {
        ChannelChunks.writeFully(channel, ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(IN_PROGRESS_LINES).flip(), LINES_OFFSET);
    }

    /**
     * Writes the header of a continued index, once the manifest that commits its lines is published.
     *
     * @param indexFile the index file
     * @param header the header, as {@link Identity#header} makes it
     * @param fsync whether to force it to the device
     * @throws IOException if writing fails; the index stays marked in progress, which readers accept
     */
    static void commitHeader(Path indexFile, ByteBuffer header, boolean fsync) throws IOException {
        try (FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.WRITE)) {
            ChannelChunks.writeFully(channel, header, MAGIC_OFFSET);
            if (fsync) {
                channel.force(true);
            }
        }
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
}
