package io.linestore.impl.index;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.UnsupportedFormatException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.function.LongPredicate;

/**
 * Opens, starts and continues the index file of a shard in the encoding its {@link IndexKind} names:
 * {@link CompactIndex} for a compact index, {@link IndexFormat}'s 8-byte entries for a dense or sparse
 * one. The one place that tells them apart. Both record the same {@link IndexFormat.Identity} in their
 * header. Stateless.
 */
public final class IndexFiles {

    private IndexFiles() {
    }

    /**
     * Starts a new index.
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param channel an empty file opened for reading and writing; the caller closes it
     * @param identity what the header records
     * @param bufferBytes write buffer size
     * @return the writer
     */
    public static IndexSink create(IndexKind kind, FileChannel channel, IndexFormat.Identity identity,
            int bufferBytes) {
        return kind.isCompact() ? CompactIndexWriter.create(channel, identity, kind.blockLines(), bufferBytes)
                : IndexWriter.create(channel, identity, kind.stride(), bufferBytes);
    }

    /**
     * Continues a committed index after its committed lines.
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param file the index file, for messages
     * @param channel the index file opened for reading and writing; the caller closes it
     * @param identity what the committed header records
     * @param bufferBytes write buffer size
     * @param lines the committed lines, from the manifest
     * @param indexBytes the index's committed size, from the manifest
     * @param entriesCrc the committed entries' CRC32C, from the manifest
     * @return the writer
     * @throws IOException if the index cannot be read or prepared
     */
    public static IndexSink resume(IndexKind kind, Path file, FileChannel channel, IndexFormat.Identity identity,
            int bufferBytes, long lines, long indexBytes, long entriesCrc) throws IOException {
        return kind.isCompact()
                ? CompactIndexWriter.resume(file, channel, identity, kind.blockLines(), bufferBytes, lines, indexBytes,
                        entriesCrc)
                : IndexWriter.resume(channel, identity, kind.stride(), bufferBytes, Math.ceilDiv(lines, kind.stride()),
                        entriesCrc);
    }

    /**
     * Writes the header of a continued index once the manifest that commits its lines is published.
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param file the index file
     * @param identity what the header records
     * @param lines the lines the published manifest gives the shard
     * @param indexBytes the index size the published manifest gives the shard
     * @param fsync whether to force the header to the device
     * @throws IOException if writing fails; readers accept the in-progress mark meanwhile
     */
    public static void commitHeader(IndexKind kind, Path file, IndexFormat.Identity identity, long lines,
            long indexBytes, boolean fsync) throws IOException {
        if (kind.isCompact()) {
            CompactIndexWriter.commitHeader(file, identity, kind.blockLines(), lines, indexBytes, fsync);
        } else {
            IndexWriter.commitHeader(file, identity, kind.stride(), lines, fsync);
        }
    }

    /**
     * The bytes of an index file that its committed lines use, the part to map.
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param identity the header layout
     * @param lines the committed lines
     * @param indexBytes the index's committed size, from the manifest
     * @return bytes from the start of the file
     */
    public static long committedBytes(IndexKind kind, IndexFormat.Identity identity, long lines, long indexBytes) {
        return kind.isCompact() ? indexBytes : identity.fileBytes(lines, kind.stride());
    }

    /**
     * Checks an index file against what the manifest commits and returns a view of it.
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param file the index file, for messages
     * @param segment the file's {@link #committedBytes}, mapped
     * @param identity the header layout, store id, generation and shard the manifest expects
     * @param lines the shard's committed lines
     * @param dataBytes the shard's committed data size
     * @param indexBytes the index's committed size
     * @return the view
     * @throws CorruptStoreException if the file disagrees with the manifest
     * @throws UnsupportedFormatException if its version is unknown
     */
    public static LineIndex open(IndexKind kind, Path file, MemorySegment segment, IndexFormat.Identity identity,
            long lines, long dataBytes, long indexBytes) {
        return open(kind, file, segment, identity, lines, dataBytes, indexBytes, null);
    }

    /**
     * Checks an index file against what the manifest commits, the line count its header gives too, and
     * returns a view of it: for a reader, which must never take an index of another line count for the
     * shard's (it would read the lines the manifest does not count as part of the last one). O(1).
     *
     * @param kind the index kind, not {@link IndexKind#NONE}
     * @param file the index file, for messages
     * @param segment the file's {@link #committedBytes}, mapped
     * @param identity the header layout, store id, generation and shard the manifest expects
     * @param lines the shard's committed lines
     * @param dataBytes the shard's committed data size
     * @param indexBytes the index's committed size
     * @param committedSince whether a manifest committed since the one {@code lines} comes from gives the
     *     shard at least the given number of lines: an append that committed meanwhile has written a header
     *     that counts its lines, which lie past those read. Asked only when the header counts more lines
     *     than {@code lines}; {@code null} leaves the counts to {@link LineIndex#checkWhole}
     * @return the view
     * @throws CorruptStoreException if the file disagrees with the manifest; when the counts disagree,
     *     naming the index and both counts
     * @throws UnsupportedFormatException if its version is unknown
     */
    public static LineIndex open(IndexKind kind, Path file, MemorySegment segment, IndexFormat.Identity identity,
            long lines, long dataBytes, long indexBytes, LongPredicate committedSince) {
        return kind.isCompact()
                ? CompactIndex.open(file, segment, identity, kind.blockLines(), lines, dataBytes, indexBytes,
                        committedSince)
                : OffsetIndex.open(file, segment, identity, kind.stride(), lines, dataBytes, committedSince);
    }
}
