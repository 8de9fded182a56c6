package io.linestore.cli.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.TypeConversionException;

class SizesTest {

    @ParameterizedTest
    @CsvSource({"0, 0", "1500, 1500", "10k, 10000", "10K, 10000", "10M, 10000000", "1G, 1000000000",
        "2T, 2000000000000", "1.5M, 1500000"})
    void countsAreDecimal(String text, long expected) {
        assertThat(Sizes.parseCount(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "100, 100", "100B, 100", "64k, 65536", "64KiB, 65536", "64kB, 64000", "512MiB, 536870912",
        "1GiB, 1073741824", "1g, 1073741824", "1GB, 1000000000", "1TiB, 1099511627776", "1.5GiB, 1610612736",
        "' 8 MiB ', 8388608"})
    void byteSizesAreBinaryUnlessSaidDecimal(String text, long expected) {
        assertThat(Sizes.parseBytes(text)).isEqualTo(expected);
    }

    @Test
    void badValuesAreNamed() {
        assertThatThrownBy(() -> Sizes.parseCount("-5")).hasMessageStartingWith("bad count '-5': expected");
        assertThatThrownBy(() -> Sizes.parseCount("1.5")).hasMessage("bad count '1.5': not a whole number");
        assertThatThrownBy(() -> Sizes.parseCount("10Mi")).hasMessageStartingWith("bad count '10Mi'");
        assertThatThrownBy(() -> Sizes.parseBytes("1XB")).hasMessageStartingWith("bad byte size '1XB': expected");
        assertThatThrownBy(() -> Sizes.parseBytes("")).hasMessageStartingWith("bad byte size ''");
        assertThatThrownBy(() -> Sizes.parseBytes("9000000TiB")).hasMessageContaining("larger than");
    }

    @Test
    void intCountsFitAnInt() {
        assertThat(Sizes.parseIntCount("2G")).isEqualTo(2_000_000_000);
        assertThatThrownBy(() -> Sizes.parseIntCount("3G")).hasMessage("bad count '3G': larger than 2147483647");
        assertThat(Sizes.parseCount("999999999999999999")).isEqualTo(999_999_999_999_999_999L);
        assertThatThrownBy(() -> Sizes.parseCount("99999999999999999999")).hasMessageContaining("larger than");
    }

    /**
     * Whole numbers are read in long arithmetic and fractions in decimal arithmetic: both give the
     * exact product, rounded down for bytes, refused for a count unless whole, and refuse what a long
     * cannot hold.
     */
    @Test
    void everySizeIsTheExactProductOfItsNumberAndUnit() {
        String[] suffixes = {"", "k", "KiB", "kB", "M", "MiB", "MB", "G", "GiB", "GB", "T", "TiB", "TB"};
        long[] units = {1, 1L << 10, 1L << 10, 1_000, 1L << 20, 1L << 20, 1_000_000, 1L << 30, 1L << 30,
            1_000_000_000, 1L << 40, 1L << 40, 1_000_000_000_000L};
        String[] countSuffixes = {"", "k", "M", "G", "T"};
        long[] countUnits = {1, 1_000, 1_000_000, 1_000_000_000, 1_000_000_000_000L};
        SplittableRandom random = new SplittableRandom(20261128);
        for (int i = 0; i < 2_000; i++) {
            int s = random.nextInt(suffixes.length);
            String number = Long.toString(random.nextLong(1L << random.nextInt(1, 63)));
            if (random.nextBoolean()) {
                number += "." + random.nextInt(1, 1_000_000);
            }
            String text = number + suffixes[s];
            BigDecimal exact = new BigDecimal(number).multiply(BigDecimal.valueOf(units[s]));
            if (exact.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                assertThatThrownBy(() -> Sizes.parseBytes(text)).as(text).hasMessageContaining("larger than");
            } else {
                assertThat(Sizes.parseBytes(text)).as(text).isEqualTo(exact.longValue());
            }
            String count = number + countSuffixes[s % countSuffixes.length];
            BigDecimal exactCount = new BigDecimal(number).multiply(BigDecimal.valueOf(countUnits[s % countUnits.length]));
            if (exactCount.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                assertThatThrownBy(() -> Sizes.parseCount(count)).as(count).hasMessageContaining("larger than");
            } else if (exactCount.stripTrailingZeros().scale() > 0) {
                assertThatThrownBy(() -> Sizes.parseCount(count)).as(count).hasMessageContaining("not a whole number");
            } else {
                assertThat(Sizes.parseCount(count)).as(count).isEqualTo(exactCount.longValueExact());
            }
        }
    }

    @Test
    void convertersReportBadValuesAsConversionErrors() {
        assertThat(new Sizes.CountConverter().convert("3k")).isEqualTo(3000);
        assertThat(new Sizes.ByteSizeConverter().convert("3k")).isEqualTo(3072);
        assertThat(new Sizes.IntCountConverter().convert("3k")).isEqualTo(3000);
        assertThatThrownBy(() -> new Sizes.ByteSizeConverter().convert("lots"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageStartingWith("bad byte size 'lots'");
    }
}
