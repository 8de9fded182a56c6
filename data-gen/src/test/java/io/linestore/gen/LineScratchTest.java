package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LineScratchTest {

    private static String formatted(long n) {
        byte[] bytes = new byte[24];
        return new String(bytes, 0, LineFrame.writeNumber(n, bytes, 0), StandardCharsets.US_ASCII);
    }

    private static String incremented(LineScratch scratch, long n) {
        byte[] bytes = new byte[24];
        Arrays.fill(bytes, (byte) '?');
        return new String(bytes, 0, scratch.writeNumber(n, bytes, 0), StandardCharsets.US_ASCII);
    }

    @Test
    void consecutiveNumbersMatchFreshFormattingAcrossEveryCarry() {
        LineScratch scratch = new LineScratch();
        long[][] runs = {{0, 1_200}, {9_999_999_990L, 10_000_000_020L}, {99_999_999_990L, 100_000_000_005L}, {5, 9}};
        for (long[] run : runs) {
            for (long n = run[0]; n < run[1]; n++) {
                assertThat(incremented(scratch, n)).as("%d", n).isEqualTo(formatted(n));
            }
        }
    }

    @Test
    void numbersOutOfOrderAreFormattedAnew() {
        LineScratch scratch = new LineScratch();

        assertThat(incremented(scratch, 41)).isEqualTo("0000000041 ");
        assertThat(incremented(scratch, 7)).isEqualTo("0000000007 ");
        assertThat(incremented(scratch, 12_345_678_901L)).isEqualTo("12345678901 ");
        assertThat(incremented(scratch, 12_345_678_902L)).isEqualTo("12345678902 ");
    }
}
