package io.linestore.bench.recommend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CrossoverTest {

    @Test
    void theThresholdLiesBetweenTheLastMappingWinAndTheFirstChannelWin() {
        assertThat(Crossover.threshold(List.of(
                new Crossover.Point(100, 900, 500),
                new Crossover.Point(10_000, 400, 300),
                new Crossover.Point(1_000_000, 5, 9)))).hasValue(100_000);
    }

    @Test
    void aMappingWinAfterAChannelWinMovesTheThresholdUp() {
        assertThat(Crossover.threshold(List.of(
                new Crossover.Point(100, 900, 950),
                new Crossover.Point(400, 900, 500),
                new Crossover.Point(1_600, 5, 9)))).hasValue(800);
    }

    @Test
    void noCrossoverWhenOneMethodWinsEverySize() {
        assertThat(Crossover.threshold(List.of(new Crossover.Point(100, 9, 5), new Crossover.Point(1000, 9, 5))))
                .isEmpty();
        assertThat(Crossover.threshold(List.of(new Crossover.Point(100, 5, 9), new Crossover.Point(1000, 5, 9))))
                .isEmpty();
        assertThat(Crossover.threshold(List.of())).isEmpty();
    }
}
