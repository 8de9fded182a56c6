package io.linestore.bench.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class IntervalTest {

    @Test
    void theMedianOfAnOddAndOfAnEvenNumberOfTrials() {
        assertThat(Interval.ofMedian(List.of(5.0, 1.0, 3.0)).median()).isEqualTo(3.0);
        assertThat(Interval.ofMedian(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
    }

    @Test
    void sixTrialsGiveTheirWholeRangeAndNineCutOneFromEachEnd() {
        assertThat(Interval.ofMedian(List.of(6.0, 2.0, 4.0, 1.0, 5.0, 3.0))).isEqualTo(new Interval(3.5, 1, 6));
        assertThat(Interval.ofMedian(List.of(9.0, 1.0, 8.0, 2.0, 7.0, 3.0, 6.0, 4.0, 5.0)))
                .isEqualTo(new Interval(5, 2, 8));
    }

    @Test
    void fifteenTrialsCutThreeFromEachEnd() {
        List<Double> trials = IntStream.rangeClosed(1, 15).mapToObj(i -> (double) i).toList();

        assertThat(Interval.ofMedian(trials)).isEqualTo(new Interval(8, 4, 12));
    }

    @Test
    void infiniteTrialsStayOrdered() {
        double infinity = Double.POSITIVE_INFINITY;

        assertThat(Interval.ofMedian(List.of(infinity, 1.0, infinity, 2.0, infinity, infinity)))
                .isEqualTo(new Interval(infinity, 1, infinity));
        assertThat(Interval.ofMedian(List.of(infinity, infinity)).median()).isEqualTo(infinity);
    }

    @Test
    void noTrialsOrNanAreRejected() {
        assertThatThrownBy(() -> Interval.ofMedian(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Interval.ofMedian(List.of(1.0, Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> new Interval(2, 3, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
