package io.linestore.impl.format;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/** The checksum the manifest records for every file: CRC32C of its whole content. */
public final class Checksums {

    private static final int READ_BUFFER = 1 << 20;

    private Checksums() {
    }

    /**
     * Computes the CRC32C of the first {@code size} bytes of a file.
     *
     * @param channel the open file, read positionally (its position is untouched)
     * @param size bytes to read
     * @return the CRC32C
     * @throws EOFException if the file is shorter than {@code size}
     * @throws IOException if reading fails
     */
    public static long crc32c(FileChannel channel, long size) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer chunk = ByteBuffer.allocate((int) Math.max(1, Math.min(size, READ_BUFFER)));
        for (long position = 0; position < size; ) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), size - position));
            int n = channel.read(chunk, position);
            if (n < 0) {
                throw new EOFException("file ends at " + position + ", expected " + size + " bytes");
            }
            chunk.flip();
            crc.update(chunk);
            position += n;
        }
        return crc.getValue();
    }
}
