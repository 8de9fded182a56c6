package io.linestore.impl.read;

import io.linestore.impl.io.ChunkSink;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * {@link io.linestore.ReadMethod#RANDOM_ACCESS_FILE}: {@code seek} then {@code readFully} of whole
 * ranges (never {@code readLine}, which costs a system call per byte), into the reading thread's
 * {@link Scratch} array or the caller's. The file pointer is shared state, so the seek and the read
 * hold the file's lock together; reads of one file take turns.
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
        RangeReader.readInChunks(this, from, to, bufferSize, sink);
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        synchronized (file) {
            file.seek(from);
            try {
                file.readFully(into, at, length);
            } catch (EOFException e) {
                // readFully's own exception has no message: say where the file ends.
                throw new EOFException("the file is " + file.length() + " bytes, it ends before byte "
                        + (from + length));
            }
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
