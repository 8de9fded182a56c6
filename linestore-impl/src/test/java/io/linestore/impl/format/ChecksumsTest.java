package io.linestore.impl.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
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
