package io.linestore.bench.recommend;

import static io.linestore.bench.recommend.RecordedRuns.DEFAULT_RUN_1;
import static io.linestore.bench.recommend.RecordedRuns.DENSE;
import static io.linestore.bench.recommend.RecordedRuns.RUN_2;
import static io.linestore.bench.recommend.RecordedRuns.SHARDED;
import static io.linestore.bench.recommend.RecordedRuns.SPARSE;
import static io.linestore.bench.recommend.RecordedRuns.copying;
import static io.linestore.bench.recommend.RecordedRuns.recorded;
import static io.linestore.bench.recommend.RecordedRuns.sharpCrossover;
import static io.linestore.bench.recommend.RecordedRuns.withCompact;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The {@code linestore build} commands {@code recommend} prints for the recorded runs and their
 * variations (single file with the default threshold, a sparse index, shards, a compact index, a
 * measured threshold) are the ones in {@value #COMMANDS}: linestore-cli's {@code RecommendedBuildCommandTest}
 * runs each of them with the real {@code build} command. When the printing changes on purpose,
 * write the new lines into the file.
 */
class PrintedBuildCommandsTest {

    /** The file both tests read, relative to this module. */
    static final String COMMANDS = "src/test/resources/io/linestore/bench/recommend/printed-build-commands.txt";

    @Test
    void theCommandsRecommendPrintsAreTheOnesTheCommandLineRuns() throws IOException {
        Stream<Recommendation> decisions = Stream.of(
                recorded(DEFAULT_RUN_1),
                copying(recorded(DEFAULT_RUN_1), SPARSE, DENSE, 0.98),
                copying(recorded(DEFAULT_RUN_1), SHARDED, DENSE, 1.5),
                withCompact(recorded(DEFAULT_RUN_1), 0.98),
                sharpCrossover(recorded(RUN_2))).map(Decider::decide);

        assertThat(decisions.map(r -> r.buildCommand("INPUT", "STORE")))
                .containsExactlyElementsOf(Files.readAllLines(Path.of(COMMANDS)));
    }
}
