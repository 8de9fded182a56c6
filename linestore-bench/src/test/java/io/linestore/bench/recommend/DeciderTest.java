package io.linestore.bench.recommend;

import static io.linestore.bench.recommend.RecordedRuns.COMPACT;
import static io.linestore.bench.recommend.RecordedRuns.COMPRESSED;
import static io.linestore.bench.recommend.RecordedRuns.DEFAULT_RUN_1;
import static io.linestore.bench.recommend.RecordedRuns.DEFAULT_RUN_2;
import static io.linestore.bench.recommend.RecordedRuns.DENSE;
import static io.linestore.bench.recommend.RecordedRuns.RUN_2;
import static io.linestore.bench.recommend.RecordedRuns.SHARDED;
import static io.linestore.bench.recommend.RecordedRuns.SPARSE;
import static io.linestore.bench.recommend.RecordedRuns.copying;
import static io.linestore.bench.recommend.RecordedRuns.recorded;
import static io.linestore.bench.recommend.RecordedRuns.replacing;
import static io.linestore.bench.recommend.RecordedRuns.scaling;
import static io.linestore.bench.recommend.RecordedRuns.sharpCrossover;
import static io.linestore.bench.recommend.RecordedRuns.withCompact;
import static io.linestore.bench.recommend.RecordedRuns.withCompressed;
import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.bench.recommend.Recommendation.Standing;
import org.junit.jupiter.api.Test;

/**
 * The decision on the {@link RecordedRuns recorded runs}, and on variations of them where a test
 * needs a clear win or an exact tie (each says how it changed the recording).
 */
class DeciderTest {

    private static Recommendation.Score score(Recommendation recommendation, String candidate) {
        return recommendation.scores().stream().filter(s -> s.candidate().name().equals(candidate)).findFirst()
                .orElseThrow();
    }

    @Test
    void aRecordedTieBetweenSingleAndShardedGoesToSingleWithTheReason() {
        Recommendation recommendation = Decider.decide(recorded(DEFAULT_RUN_1));

        assertThat(recommendation.choice().name()).isEqualTo(DENSE);
        assertThat(score(recommendation, SHARDED).standing()).isEqualTo(Standing.TIED);
        assertThat(recommendation.reasons().getFirst()).startsWith(SHARDED + " is not measurably faster than " + DENSE)
                .endsWith("choosing single/dense, the simpler layout (3 files instead of 21)");
    }

    @Test
    void shardsFasterOnlyWithinTheNoiseStillGetTheSingleFile() {
        // Every sharded figure times 1.2: the fastest median, but within the recording's noise.
        Recommendation recommendation = Decider.decide(scaling(recorded(DEFAULT_RUN_1), SHARDED, 1.2));

        assertThat(score(recommendation, SHARDED).standing()).isEqualTo(Standing.FASTEST);
        assertThat(score(recommendation, DENSE).standing()).isEqualTo(Standing.TIED);
        assertThat(recommendation.choice().name()).isEqualTo(DENSE);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith(SHARDED + " is not measurably faster than " + DENSE + " (1.")
                .contains("choosing single/dense, the simpler layout (3 files instead of 21)"));
        assertThat(recommendation.buildArguments("in.txt", "store")).containsSequence("--layout", "single");
    }

    @Test
    void aClearShardWinIsChosenAndSaysWhere() {
        // Every sharded figure is the dense single file's of the same trial times 1.5: better in every trial.
        Recommendation recommendation = Decider.decide(copying(recorded(DEFAULT_RUN_1), SHARDED, DENSE,
                1.5));

        assertThat(recommendation.choice().name()).isEqualTo(SHARDED);
        assertThat(score(recommendation, DENSE).standing()).isEqualTo(Standing.SLOWER);
        assertThat(recommendation.reasons().getFirst()).startsWith("the simpler " + DENSE + " reads measurably slower"
                + " than " + SHARDED + " (0.67x, 95% interval 0.67-0.67x over the trials); " + SHARDED + " leads it"
                + " most at the ").endsWith(": 1.50x: choosing " + SHARDED);
        assertThat(recommendation.buildArguments("in.txt", "store"))
                .containsSequence("--layout", "sharded", "--shard-lines", "100000", "--index", "dense");
    }

    @Test
    void aTieBetweenIndexesGoesToTheSmallerIndex() {
        // The sparse index's figures are the dense index's of the same trial, 2% slower: within the margin.
        Recommendation recommendation = Decider.decide(copying(recorded(DEFAULT_RUN_1), SPARSE, DENSE,
                0.98));

        assertThat(recommendation.choice().name()).isEqualTo(SPARSE);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith(DENSE + " is not measurably faster than " + SPARSE + " (1.02x")
                .endsWith("the smaller index (0.13 instead of 8.00 bytes per line)"));
    }

    @Test
    void aCompactIndexThatReadsAsFastIsChosenForItsSize() {
        // The compact index's figures are the dense index's of the same trial, 2% slower: within the margin.
        Recommendation recommendation = Decider.decide(withCompact(recorded(DEFAULT_RUN_1), 0.98));

        assertThat(recommendation.choice().name()).isEqualTo(COMPACT);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith(DENSE + " is not measurably faster than " + COMPACT + " (1.02x")
                .endsWith("the smaller index (1.28 instead of 8.00 bytes per line)"));
        assertThat(recommendation.buildArguments("in.txt", "store")).containsSequence("--index", "compact");
    }

    @Test
    void aCompactIndexThatReadsMeasurablySlowerIsNotChosen() {
        Recommendation recommendation = Decider.decide(withCompact(recorded(DEFAULT_RUN_1), 0.7));

        assertThat(recommendation.choice().name()).isEqualTo(DENSE);
        assertThat(score(recommendation, COMPACT).standing()).isEqualTo(Standing.SLOWER);
    }

    @Test
    void aCompressedStoreThatReadsAsFastIsChosenForItsSize() {
        // The compressed store's figures are the dense plain one's of the same trial, 2% slower.
        Recommendation recommendation = Decider.decide(withCompressed(recorded(DEFAULT_RUN_1), 0.98));

        assertThat(recommendation.choice().name()).isEqualTo(COMPRESSED);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith(DENSE + " is not measurably faster than " + COMPRESSED + " (1.02x")
                .endsWith("the smaller store (34.0 instead of 108.0 bytes per line)"));
        assertThat(recommendation.buildArguments("in.txt", "store")).containsSequence("--compress", "zstd:3");
    }

    @Test
    void aCompressedStoreThatReadsMeasurablySlowerIsWeighedInAReasonNotChosen() {
        Recommendation recommendation = Decider.decide(withCompressed(recorded(DEFAULT_RUN_1), 0.5));

        assertThat(recommendation.choice().name()).isEqualTo(DENSE);
        assertThat(score(recommendation, COMPRESSED).standing()).isEqualTo(Standing.SLOWER);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith(COMPRESSED + " stores 34.0 bytes per line, 0.31 of " + DENSE + "'s 108.0, and reads at 0.50x")
                .endsWith("build it (--compress zstd:3) where disk or transfer matters more than read time"));
        assertThat(recommendation.reasons()).noneSatisfy(reason -> assertThat(reason).startsWith("the simpler "
                + COMPRESSED));
    }

    @Test
    void aSimplerButMeasurablySlowerIndexIsNotChosen() {
        Recommendation recommendation = Decider.decide(recorded(DEFAULT_RUN_1));

        assertThat(score(recommendation, SPARSE).standing()).isEqualTo(Standing.SLOWER);
        assertThat(score(recommendation, SPARSE).ofFastest().high()).isLessThan(1);
        assertThat(recommendation.reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith("the simpler " + SPARSE + " reads measurably slower than " + DENSE));
    }

    @Test
    void twoRecordedRunsOfTheSameFileDecideTheSame() {
        Recommendation first = Decider.decide(recorded(DEFAULT_RUN_1));
        Recommendation second = Decider.decide(recorded(DEFAULT_RUN_2));

        assertThat(first.choice().name()).isEqualTo(second.choice().name()).isEqualTo(DENSE);
        assertThat(first.reader()).isEqualTo(second.reader()).isEqualTo(ReadMethod.AUTO);
        assertThat(first.autoThresholdBytes()).isEqualTo(second.autoThresholdBytes()).isEmpty();
        assertThat(first.buildCommand("in.txt", "STORE")).isEqualTo(second.buildCommand("in.txt", "STORE"))
                .isEqualTo("linestore build in.txt STORE --layout single --index dense");
    }

    @Test
    void aNoisyCrossoverWhoseIntervalHoldsTheDefaultKeepsTheDefault() {
        Recommendation recommendation = Decider.decide(recorded(RUN_2));

        // Rows 10 to 100,000 lines have intervals that hold 1: no row alone decides.
        assertThat(recommendation.crossover().rows().subList(1, 6))
                .allSatisfy(row -> assertThat(row.mmapOverChannel().low()).isLessThan(1))
                .allSatisfy(row -> assertThat(row.mmapOverChannel().high()).isGreaterThan(1));
        Interval threshold = recommendation.crossover().thresholdBytes().orElseThrow();
        assertThat(threshold.low()).isLessThan(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES);
        assertThat(threshold.high()).isGreaterThan(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES);
        assertThat(recommendation.reader()).isEqualTo(ReadMethod.AUTO);
        assertThat(recommendation.autoThresholdBytes()).isEmpty();
        assertThat(recommendation.reasons().getLast()).startsWith("reader auto with the default threshold of 1,048,576"
                + " bytes: the crossover's interval holds it");
        assertThat(recommendation.methodFor(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES - 1)).isEqualTo(ReadMethod.MMAP);
        assertThat(recommendation.methodFor(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES))
                .isEqualTo(ReadMethod.FILE_CHANNEL);
    }

    @Test
    void aMeasurableCrossoverBecomesTheThreshold() {
        Recommendation recommendation = Decider.decide(sharpCrossover(recorded(RUN_2)));

        long threshold = recommendation.autoThresholdBytes().orElseThrow();
        assertThat(threshold).as(recommendation.crossover().describe()).isBetween(970L, 96_978L);
        assertThat(recommendation.crossover().thresholdBytes().orElseThrow().high())
                .isLessThan(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES);
        assertThat(recommendation.reader()).isEqualTo(ReadMethod.AUTO);
        assertThat(recommendation.reasons().getLast()).startsWith("reader auto: memory mapping below the crossover");
        assertThat(recommendation.buildArguments("in.txt", "store")).endsWith("--auto-threshold", String.valueOf(threshold));
        assertThat(recommendation.methodFor(threshold - 1)).isEqualTo(ReadMethod.MMAP);
        assertThat(recommendation.methodFor(threshold)).isEqualTo(ReadMethod.FILE_CHANNEL);
    }

    @Test
    void mappingFasterAtEverySizeRecommendsMmapWithoutAThreshold() {
        // Every FILE_CHANNEL figure is half the MMAP figure of the same cell and trial.
        Measurements recorded = recorded(RUN_2);
        Recommendation recommendation = Decider.decide(replacing(recorded, cell -> cell.reader() == ReadMethod.FILE_CHANNEL,
                cell -> recorded.cell(cell.candidate(), ReadMethod.MMAP, cell.position(), cell.linesPerRead())
                        .readsPerSecond().stream().map(r -> r / 2).toList()));

        assertThat(recommendation.reader()).isEqualTo(ReadMethod.MMAP);
        assertThat(recommendation.autoThresholdBytes()).isEmpty();
        assertThat(recommendation.reasons().getLast()).startsWith("reader mmap: memory mapping is faster at every size");
        assertThat(recommendation.buildArguments("in.txt", "store")).doesNotContain("--auto-threshold");
    }

    @Test
    void theBuildCommandIsQuotedForTheShell() {
        Recommendation recommendation = Decider.decide(recorded(DEFAULT_RUN_1));

        assertThat(recommendation.buildCommand("my file's.txt", "STORE"))
                .startsWith("linestore build 'my file'\\''s.txt' STORE --layout single --index dense");
    }
}
