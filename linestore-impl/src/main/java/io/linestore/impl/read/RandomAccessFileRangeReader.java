package io.linestore.impl.read;

import io.linestore.impl.io.ChunkSink;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;

/**
 * {@link io.linestore.ReadMethod#RANDOM_ACCESS_FILE}: {@code seek} then {@code readFully} of whole
 * chunks (never {@code readLine}, which costs a system call per byte). The file pointer is shared
 * state, so the seek and the read hold the file's lock together; reads of one file take turns.
 */
public final class RandomAccessFileRangeReader implements RangeReader {

    private final RandomAccessFile file;
    private final int bufferSize;

    /**
     * Reads through a file it then owns.
     *
     * @param file the open file; closed by {@link #close()}
     * @param bufferSize the largest chunk, {@code >= 1}
     */
    public RandomAccessFileRangeReader(RandomAccessFile file, int bufferSize) {
        this.file = file;
        this.bufferSize = bufferSize;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        byte[] buffer = new byte[(int) Math.min(to - from, bufferSize)];
        for (long position = from; position < to; ) {
            int length = (int) Math.min(buffer.length, to - position);
            synchronized (file) {
                file.seek(position);
                file.readFully(buffer, 0, length);
            }
            position += length;
            if (!sink.accept(ByteBuffer.wrap(buffer, 0, length))) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
