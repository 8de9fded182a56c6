package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LengthDistributionTest {

    private static int[] draw(LengthDistribution distribution, int count) {
        int[] lengths = new int[count];
        for (int i = 0; i < count; i++) {
            lengths[i] = distribution.sample(Mix.at(99, i));
        }
        Arrays.sort(lengths);
        return lengths;
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed:80", "uniform:10:200", "normal:80:20", "lognormal:60:1.5", "normal:80.5:0.25"})
    void theTextualFormReadsBack(String spec) {
        assertThat(LengthDistribution.parse(spec).toString()).isEqualTo(spec);
        assertThat(LengthDistribution.parse(spec.toUpperCase())).isEqualTo(LengthDistribution.parse(spec));
    }

    @Test
    void uniformCoversItsWholeRangeAndNothingElse() {
        int[] lengths = draw(LengthDistribution.uniform(10, 20), 10_000);

        assertThat(lengths[0]).isEqualTo(10);
        assertThat(lengths[lengths.length - 1]).isEqualTo(20);
    }

    @Test
    void normalHasItsMeanAndSpread() {
        int[] lengths = draw(LengthDistribution.normal(1000, 100), 100_000);

        assertThat(Arrays.stream(lengths).average().orElseThrow()).isCloseTo(1000, within(2.0));
        assertThat(lengths[(int) (lengths.length * 0.8413)]).isCloseTo(1100, within(3));
    }

    @Test
    void logNormalHasItsMedianAndALongTail() {
        int[] lengths = draw(LengthDistribution.logNormal(100, 1), 100_000);

        assertThat(lengths[lengths.length / 2]).isCloseTo(100, within(3));
        assertThat(lengths[lengths.length - 1]).isGreaterThan(5_000);
    }

    @Test
    void quantilesMatchTheStandardNormal() {
        assertThat(InverseNormal.quantile(0.5)).isCloseTo(0, within(1e-9));
        assertThat(InverseNormal.quantile(0.975)).isCloseTo(1.959963985, within(1e-8));
        assertThat(InverseNormal.quantile(0.001)).isCloseTo(-3.090232306, within(1e-8));
    }

    @Test
    void badFormsAreRejectedWithTheValueAndTheAcceptedForms() {
        assertThatThrownBy(() -> LengthDistribution.parse("uniform:30:20"))
                .hasMessageStartingWith("bad length distribution 'uniform:30:20': uniform length: min 30 > max 20")
                .hasMessageEndingWith("(expected fixed:L, uniform:MIN:MAX, normal:MEAN:SD or lognormal:MEDIAN:SIGMA)");
        assertThatThrownBy(() -> LengthDistribution.parse("zipf:1")).hasMessageContaining("unknown kind 'zipf'");
        assertThatThrownBy(() -> LengthDistribution.parse("fixed:1:2")).hasMessageContaining("'fixed' takes 1 number(s), got 2");
        assertThatThrownBy(() -> LengthDistribution.parse("fixed:-3")).hasMessageContaining("length -3 is outside");
        assertThatThrownBy(() -> LengthDistribution.parse("normal:abc:1")).hasMessageContaining("'normal:abc:1'");
        assertThatThrownBy(() -> LengthDistribution.logNormal(0, 1)).hasMessageContaining("median 0 is outside");
    }
}
