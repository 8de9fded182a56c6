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

    /** The polynomial 1 ({@code x^0}) in the reflected bit order of the CRC. */
    private static final int X_TO_1 = 0x80000000;

    /** {@code x^(2^k)} modulo the polynomial, for every k a length of bits ({@code 8 * long}) needs. */
    private static final int[] X_TO_POWERS_OF_TWO = powersOfTwo();

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
     * and the length of {@code B}: zlib's {@code crc32_combine} (multiplies the CRC of {@code A} by
     * {@code x^(8 * lengthB)} modulo the Castagnoli polynomial, built from a table of
     * {@code x^(2^k)}), which costs one polynomial product per set bit of the length. Writers
     * combine once per chunk, so this is cheap next to checksumming the chunk.
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
        int shift = X_TO_1;
        // lengthB bytes are 8 * lengthB bits: x^(lengthB * 2^3), from x^(2^(k + 3)) per set bit k.
        int k = 3;
        for (long n = lengthB; n != 0; n >>>= 1, k++) {
            if ((n & 1) != 0) {
                shift = times(X_TO_POWERS_OF_TWO[k], shift);
            }
        }
        return Integer.toUnsignedLong(times(shift, (int) crcA) ^ (int) crcB);
    }

    private static int[] powersOfTwo() {
        int[] table = new int[Long.SIZE + 3];
        int p = X_TO_1 >>> 1;
        for (int k = 0; k < table.length; k++) {
            table[k] = p;
            p = times(p, p);
        }
        return table;
    }

    /** The product of two polynomials modulo the CRC's, in its reflected bit order. */
    private static int times(int a, int b) {
        int product = 0;
        int m = X_TO_1;
        int multiplicand = b;
        while (true) {
            if ((a & m) != 0) {
                product ^= multiplicand;
                if ((a & (m - 1)) == 0) {
                    return product;
                }
            }
            m >>>= 1;
            multiplicand = (multiplicand & 1) != 0 ? (multiplicand >>> 1) ^ POLYNOMIAL : multiplicand >>> 1;
        }
    }
}
