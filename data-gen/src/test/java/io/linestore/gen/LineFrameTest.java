package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LineFrameTest {

    static LongStream seeds() {
        return LongStream.range(0, 1000);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theSuffixIsTheChecksumInLowerCaseHex(long seed) {
        int checksum = checksum(new SplittableRandom(seed));
        byte[] suffix = new byte[LineFrame.SUFFIX_BYTES];

        LineFrame.writeSuffix(checksum, suffix, 0);

        assertThat(new String(suffix, StandardCharsets.US_ASCII)).as("seed %d: checksum %d", seed, checksum)
                .isEqualTo(" #" + "%08x".formatted(checksum));
    }

    /** Any int; the ones whose hex digits are all equal, or that have a sign bit, often. */
    private static int checksum(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> -1;
            case 2 -> Integer.MIN_VALUE;
            case 3 -> Integer.MAX_VALUE;
            default -> random.nextInt();
        };
    }
}
