package io.linestore;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import java.util.stream.Stream;

/**
 * An open, read-only store of text lines, read by line number the way SQL reads
 * {@code LIMIT offset, size}.
 *
 * <p>Lines are numbered from 0. A read of {@code (offset, size)} returns the lines
 * {@code [offset, min(offset + size, lineCount()))}: an offset at or past the end gives an empty
 * result, a negative offset or size throws {@link IllegalArgumentException} naming the value.
 * Text is decoded as UTF-8; malformed bytes become U+FFFD, exactly as
 * {@code new String(bytes, UTF_8)} does. Every {@link ReadMethod} returns the same lines.
 *
 * <p>Thread safety: an instance is safe for use by any number of threads at once. Closing it while
 * reads are running lets those reads finish; any read that starts after {@link #close()} throws
 * {@link StoreClosedException}.
 *
 * <p>Errors: a read that finds the store damaged (for example an index entry that does not point
 * at a line start or was moved to another one, an index that counts other lines than the manifest,
 * or a data file that is not the manifest's) throws {@link CorruptStoreException} naming the file. A
 * read checks the index entries of the lines it returns and the bytes around them (with a sparse
 * index, every line between the two entries around them), not every byte: damage that only a look at
 * every byte shows (a changed byte inside a line, index entries that skip line starts in step and so
 * join two lines, sparse index entries moved in step by the same number of lines) is found by
 * {@link #verify()}. An I/O failure is thrown as {@link java.io.UncheckedIOException}.
 */
public interface LineStore extends AutoCloseable {

    /**
     * Returns the number of lines in the store, fixed for the life of this instance.
     *
     * @return the line count, {@code >= 0}
     */
    long lineCount();

    /**
     * The most lines one {@link #read} returns: as many as a {@link List} can hold (the largest array
     * length every JDK allocates). Read larger ranges with {@link #lines} or {@link #readBytes}.
     */
    int MAX_READ_LINES = Integer.MAX_VALUE - 8;

    /**
     * Reads lines {@code [offset, min(offset + size, lineCount()))}, decoded as UTF-8, without
     * their line terminators.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to return, {@code >= 0}; any size is accepted as long as the lines
     *     actually returned number at most {@link #MAX_READ_LINES}
     * @return the lines, in order; empty when {@code offset >= lineCount()} or {@code size == 0}
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative, or the range
     *     holds more than {@link #MAX_READ_LINES} lines (the message names the values)
     * @throws StoreClosedException if the store is closed
     * @throws CorruptStoreException if the bytes read do not split into the expected lines
     */
    List<String> read(long offset, long size);

    /**
     * Hands the stored bytes of lines {@code [offset, min(offset + size, lineCount()))} to the
     * visitor, in order, without copying them where the read method allows it (memory mapping).
     * Each line's bytes exclude its terminator ({@code \n}, or {@code \r\n}).
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to visit, {@code >= 0}
     * @param visitor receives each line; see {@link LineVisitor} for how long the bytes stay valid
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative
     * @throws StoreClosedException if the store is closed
     * @throws CorruptStoreException if the bytes read do not split into the expected lines
     */
    void readBytes(long offset, long size, LineVisitor visitor);

    /**
     * Reads lines {@code [offset, min(offset + size, lineCount()))} into a batch, replacing what it
     * held: their stored bytes in one array, each followed by {@code \n}, with no object per line (see
     * {@link LineBatch}). The fastest way to move many lines; a batch reused across reads allocates
     * nothing once it has grown to their size.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to read, {@code >= 0}
     * @param batch receives the lines, from its line 0; {@link LineBatch#firstLine()} becomes {@code offset}
     * @return the number of lines read, {@link LineBatch#size()}
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative, or the lines do not
     *     fit in one batch ({@link LineBatch#MAX_BYTES})
     * @throws StoreClosedException if the store is closed
     * @throws CorruptStoreException if the bytes read do not split into the expected lines
     */
    default int read(long offset, long size, LineBatch batch) {
        batch.clear(offset);
        readBytes(offset, size, (number, line) -> batch.add(line));
        return batch.size();
    }

    /**
     * Reads lines from {@code offset} into a batch whose bytes are a {@link MemorySegment}: for a local
     * store read by memory mapping with an entry for every line, a view of the mapping (no byte copied;
     * see {@link SegmentBatch} for how long it stays valid), else one read into the batch's own memory.
     * One view cannot span two files, so a read returns the lines of one shard at most: fewer than
     * {@code size} when the range goes on into the next shard; read on from
     * {@code firstLine() + size()}. The per-read checks are those of every read.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to read, {@code >= 0}
     * @param batch receives the lines, from its line 0; {@link SegmentBatch#firstLine()} becomes {@code offset}
     * @return the number of lines read, {@link SegmentBatch#size()}: 0 only when {@code size} is 0 or
     *     {@code offset >= lineCount()}
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative, or the lines are more
     *     than one batch holds
     * @throws StoreClosedException if the store is closed
     * @throws CorruptStoreException if the bytes read do not split into the expected lines
     */
    default int read(long offset, long size, SegmentBatch batch) {
        batch.clear(offset);
        readBytes(offset, size, (number, line) -> batch.add(line));
        return batch.size();
    }

    /**
     * Writes lines {@code [offset, min(offset + size, lineCount()))} to a channel: each line's stored
     * bytes followed by {@code \n}, the bytes {@link LineBatch#writeTo} writes for a batch read of them,
     * and what {@code linestore read} prints. Where a store's lines all end in a lone {@code \n} (recorded
     * when it was built and appended to), a range's stored bytes are that output, and a local store has
     * the operating system send them ({@link java.nio.channels.FileChannel#transferTo}, so
     * {@code sendfile} or {@code copy_file_range}: the bytes never enter the JVM) after the per-read
     * check of the range's ends; other stores copy through a batch. Memory does not grow with the range.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to write, {@code >= 0}
     * @param target where the bytes go; neither flushed nor closed
     * @return the number of lines written
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative
     * @throws StoreClosedException if the store is closed
     * @throws CorruptStoreException if the bytes read do not split into the expected lines
     * @throws IOException if writing to the target fails
     */
    default long transferTo(long offset, long size, WritableByteChannel target) throws IOException {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0: " + offset);
        }
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
        long end = offset >= lineCount() ? offset : offset + Math.min(size, lineCount() - offset);
        // A slice of lines per batch bounds memory, and each write still moves many lines.
        int slice = 1 << 12;
        LineBatch batch = new LineBatch();
        for (long first = offset; first < end; first += slice) {
            read(first, Math.min(slice, end - first), batch);
            ByteBuffer bytes = ByteBuffer.wrap(batch.bytes(), batch.byteStart(), batch.byteEnd() - batch.byteStart());
            while (bytes.hasRemaining()) {
                target.write(bytes);
            }
        }
        return end - offset;
    }

    /**
     * Returns a lazy stream of lines {@code [offset, min(offset + size, lineCount()))} that reads
     * in bounded batches, for ranges too large for one list. The stream holds no file open between
     * batches; it needs no closing, and it fails with {@link StoreClosedException} if the store is
     * closed before it is consumed.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to stream, {@code >= 0}
     * @return a sequential, ordered stream of the lines
     * @throws IllegalArgumentException if {@code offset} or {@code size} is negative
     * @throws StoreClosedException if the store is closed
     */
    Stream<String> lines(long offset, long size);

    /**
     * Describes the store: layout, counts and sizes from its manifest.
     *
     * @return the description
     * @throws StoreClosedException if the store is closed
     */
    StoreInfo info();

    /**
     * Checks the whole store: recomputes the CRC32C of every data and index file and compares it
     * with the manifest, and checks that every index entry points at a line start and the last one
     * at the end of the data. Reads every byte; costs a full scan.
     *
     * @return every problem found; {@link VerifyReport#ok()} when there is none
     * @throws StoreClosedException if the store is closed
     * @throws StoreReplacedException if the store was replaced since it was opened or while verify read
     *     it: the files it read were the old store's, whatever it found of them; open the store and
     *     verify it again
     */
    VerifyReport verify();

    /**
     * Returns the read method this store was opened with.
     *
     * @return the read method
     */
    ReadMethod readMethod();

    /**
     * Closes the store: releases every open file and mapping once the reads running now finish.
     * Idempotent.
     */
    @Override
    void close();
}
