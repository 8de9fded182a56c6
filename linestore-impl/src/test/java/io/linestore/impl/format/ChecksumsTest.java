package io.linestore.impl.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ChecksumsTest {

    private static final int MAX_LENGTH = 3000;

    static LongStream seeds() {
        return LongStream.range(0, 200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void combineEqualsTheChecksumOfTheConcatenation(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] a = bytes(random);
        byte[] b = bytes(random);
        CRC32C whole = new CRC32C();
        whole.update(a);
        whole.update(b);

        assertThat(Checksums.combine(crc(a), crc(b), b.length))
                .as("seed %d: %d bytes then %d bytes", seed, a.length, b.length)
                .isEqualTo(whole.getValue());
    }

    /**
     * Lengths far past what a test can checksum (up to 2^62 bytes, where every entry of the table of
     * powers is used): combining three parts must not depend on which two are combined first.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void combineIsAssociativeForHugeLengths(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long a = random.nextLong(1L << 32);
        long b = random.nextLong(1L << 32);
        long c = random.nextLong(1L << 32);
        long lengthB = random.nextLong(1, 1L << 62);
        long lengthC = random.nextLong(1, 1L << 62);

        assertThat(Checksums.combine(Checksums.combine(a, b, lengthB), c, lengthC))
                .as("seed %d: lengths %d and %d", seed, lengthB, lengthC)
                .isEqualTo(Checksums.combine(a, Checksums.combine(b, c, lengthC), lengthB + lengthC));
    }

    @Test
    void combinesAPartLongerThanItsBuffers() {
        byte[] a = "a line\n".getBytes();
        byte[] b = new byte[(64 << 20) + 3];
        new SplittableRandom(7).nextBytes(b);
        CRC32C whole = new CRC32C();
        whole.update(a);
        whole.update(b);

        assertThat(Checksums.combine(crc(a), crc(b), b.length)).isEqualTo(whole.getValue());
    }

    /** Any bytes, up to {@value #MAX_LENGTH} of them; empty (which combine special-cases) and one byte often. */
    private static byte[] bytes(SplittableRandom random) {
        int length = switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> MAX_LENGTH;
            default -> random.nextInt(MAX_LENGTH + 1);
        };
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static long crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }
}
