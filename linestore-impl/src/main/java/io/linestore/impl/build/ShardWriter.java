package io.linestore.impl.build;

import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.index.IndexWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes one shard: its data file through a large buffer, its index entries alongside, and the
 * CRC32C of both for the manifest. Not thread-safe: the builder thread owns it.
 */
final class ShardWriter implements Closeable {

    private final FileChannel data;
    private final FileChannel indexChannel;
    private final IndexWriter index;
    private final int stride;
    private final boolean fsync;
    private final ByteBuffer buffer;
    private final CRC32C dataCrc = new CRC32C();
    private long dataBytes;
    private long lines;

    /**
     * Creates the shard's files, which must not exist.
     *
     * @param dataFile the data file
     * @param indexFile the index file; not created when {@code stride} is 0
     * @param stride index stride, 0 for none
     * @param bufferSize write buffer size per file
     * @param fsync whether {@link #finish()} forces the files to the device
     * @throws IOException if a file cannot be created
     */
    ShardWriter(Path dataFile, Path indexFile, int stride, int bufferSize, boolean fsync) throws IOException {
        this.stride = stride;
        this.fsync = fsync;
        this.buffer = ByteBuffer.allocate(bufferSize);
        this.data = FileChannel.open(dataFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            this.indexChannel = stride == 0 ? null : FileChannel.open(indexFile, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            data.close();
            throw e;
        }
        this.index = stride == 0 ? null : new IndexWriter(indexChannel, stride, bufferSize);
    }

    /**
     * Marks the start of a line at the current end of the data.
     *
     * @throws IOException if writing the index fails
     */
    void startLine() throws IOException {
        if (index != null && lines % stride == 0) {
            index.add(dataBytes);
        }
    }

    /**
     * Appends bytes of the current line (its terminator included, once it comes).
     *
     * @param bytes the source
     * @param offset the first byte
     * @param length how many bytes
     * @throws IOException if writing fails
     */
    void write(byte[] bytes, int offset, int length) throws IOException {
        dataCrc.update(bytes, offset, length);
        dataBytes += length;
        if (length > buffer.remaining()) {
            flush();
            if (length >= buffer.capacity()) {
                writeFully(ByteBuffer.wrap(bytes, offset, length));
                return;
            }
        }
        buffer.put(bytes, offset, length);
    }

    /** Counts a line whose terminator has been written. */
    void endLine() {
        lines++;
    }

    /**
     * Lines written so far.
     *
     * @return the count
     */
    long lines() {
        return lines;
    }

    /**
     * Flushes the data, completes the index, forces both when asked, and describes the shard.
     *
     * @return the shard's manifest entry
     * @throws IOException if writing fails
     */
    ShardEntry finish() throws IOException {
        flush();
        long indexBytes = 0;
        long indexCrc = 0;
        if (index != null) {
            indexBytes = index.finish(lines, dataBytes);
            // The header is written last, so the checksum is taken by reading the finished file back.
            indexCrc = Checksums.crc32c(indexChannel, indexBytes);
        }
        if (fsync) {
            data.force(true);
            if (indexChannel != null) {
                indexChannel.force(true);
            }
        }
        return new ShardEntry(lines, dataBytes, dataCrc.getValue(), indexBytes, indexCrc);
    }

    private void flush() throws IOException {
        buffer.flip();
        writeFully(buffer);
        buffer.clear();
    }

    private void writeFully(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            data.write(bytes);
        }
    }


    @Override
    public void close() throws IOException {
        try (data) {
            if (indexChannel != null) {
                indexChannel.close();
            }
        }
    }
}
