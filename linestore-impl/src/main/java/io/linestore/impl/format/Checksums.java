package io.linestore.impl.format;

import io.linestore.impl.io.ChannelChunks;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The checksums the manifest records: CRC32C of a data file's committed bytes and of an index's
 * line-start entries. Both only ever grow at their end, so {@link #combine} extends a recorded
 * checksum by the checksum of what was appended, without reading the old bytes again.
 */
public final class Checksums {

    private static final int READ_BUFFER = 1 << 20;

    /** The CRC32C (Castagnoli) polynomial, bit-reversed, as java.util.zip.CRC32C uses it. */
    private static final int POLYNOMIAL = 0x82F63B78;

    private Checksums() {
    }

    /**
     * Computes the CRC32C of the bytes {@code [from, to)} of a file.
     *
     * @param channel the open file, read positionally (its position is untouched)
     * @param file the file, for messages
     * @param from the first byte
     * @param to the end, exclusive
     * @return the CRC32C
     * @throws EOFException if the file ends before {@code to}
     * @throws IOException if reading fails
     */
    public static long crc32c(FileChannel channel, Path file, long from, long to) throws IOException {
        CRC32C crc = new CRC32C();
        ChannelChunks.read(channel, file, from, to, READ_BUFFER, chunk -> {
            crc.update(chunk);
            return true;
        });
        return crc.getValue();
    }

    /**
     * Computes the CRC32C of {@code A || B} from the CRC32C of {@code A}, the CRC32C of {@code B}
     * and the length of {@code B}: the zlib {@code crc32_combine} method (multiplying by
     * {@code x^(8 * lengthB)} in GF(2) through repeated squaring of the shift operator), with the
     * Castagnoli polynomial. O(log lengthB).
     *
     * @param crcA the CRC32C of the first part
     * @param crcB the CRC32C of the second part
     * @param lengthB the second part's length in bytes, {@code >= 0}
     * @return the CRC32C of both parts in order
     */
    public static long combine(long crcA, long crcB, long lengthB) {
        if (lengthB <= 0) {
            return crcA;
        }
        int[] odd = new int[32];
        int[] even = new int[32];
        odd[0] = POLYNOMIAL;
        for (int n = 1, row = 1; n < 32; n++, row <<= 1) {
            odd[n] = row;
        }
        square(even, odd);
        square(odd, even);
        int crc = (int) crcA;
        long length = lengthB;
        do {
            square(even, odd);
            if ((length & 1) != 0) {
                crc = times(even, crc);
            }
            length >>>= 1;
            if (length == 0) {
                break;
            }
            square(odd, even);
            if ((length & 1) != 0) {
                crc = times(odd, crc);
            }
            length >>>= 1;
        } while (length != 0);
        return Integer.toUnsignedLong(crc ^ (int) crcB);
    }

    private static int times(int[] matrix, int vector) {
        int sum = 0;
        for (int i = 0, v = vector; v != 0; i++, v >>>= 1) {
            if ((v & 1) != 0) {
                sum ^= matrix[i];
            }
        }
        return sum;
    }

    private static void square(int[] result, int[] matrix) {
        for (int n = 0; n < 32; n++) {
            result[n] = times(matrix, matrix[n]);
        }
    }
}
