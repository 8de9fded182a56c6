package io.linestore.s3;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Bytes {@code [from, from + length)} of a local file as a fresh stream each time one is asked for
 * (the SDK asks again when it retries an upload). Each stream reads positionally from its own
 * channel and ends at the range's end, whatever the file holds past it (a store's uncommitted bytes).
 *
 * @param file the file
 * @param from the first byte
 * @param length how many bytes
 */
record FileRange(Path file, long from, long length) {

    /**
     * Opens a stream of the range.
     *
     * @return the stream; close it
     * @throws java.io.UncheckedIOException if the file cannot be opened
     */
    InputStream open() {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + file, e);
        }
        return new InputStream() {
            private long position = from;
            private final long end = from + length;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] bytes, int offset, int count) throws IOException {
                if (count == 0) {
                    return 0;
                }
                if (position >= end) {
                    return -1;
                }
                int n = channel.read(ByteBuffer.wrap(bytes, offset, (int) Math.min(count, end - position)), position);
                if (n < 0) {
                    throw new IOException(file + " ends at byte " + position + ", before the committed "
                            + end + " bytes");
                }
                position += n;
                return n;
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }
}
