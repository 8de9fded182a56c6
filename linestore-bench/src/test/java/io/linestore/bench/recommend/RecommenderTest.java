package io.linestore.bench.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.Layout;
import io.linestore.ReadMethod;
import io.linestore.gen.Generator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecommenderTest {

    @TempDir
    Path dir;

    @Test
    void measuresEveryCandidateAndReaderOnTheSampleAndRecommendsOne() throws IOException {
        Path input = dir.resolve("input.txt");
        Generator.builder().lines(5_000).seed(9).build().writeTo(input);

        Recommendation recommendation = new Recommender(
                new Recommender.Settings(3_000, Duration.ofMillis(5), 0), dir.resolve("work")).recommend(input);

        assertThat(recommendation.sampleLines()).isEqualTo(3_000);
        assertThat(recommendation.measurements().rows()).hasSize(3 * 4 * 3);
        assertThat(recommendation.measurements().rows()).extracting(row -> row.get(0)).containsOnly(
                "single/stride-1", "single/stride-64", "sharded-300/stride-1");
        assertThat(recommendation.measurements().rows())
                .allSatisfy(row -> assertThat(row.subList(3, 6)).noneMatch(cell -> cell.equals("n/a")));
        assertThat(recommendation.crossover().rows()).extracting(row -> row.get(0))
                .containsExactly("1", "10", "100", "1000");
        assertThat(recommendation.reader()).isIn((Object[]) ReadMethod.values());
        String command = recommendation.buildCommand("input.txt", "store");
        assertThat(command).startsWith("linestore build input.txt store --layout ").contains("--index-stride ");
        assertThat(command.contains("--auto-threshold ")).isEqualTo(recommendation.autoThresholdBytes().isPresent());
        if (recommendation.reader() == ReadMethod.AUTO) {
            assertThat(recommendation.autoThresholdBytes()).isPresent();
        }
    }

    @Test
    void theSampleIsTheFirstLinesByteForByte() throws IOException {
        Path input = Files.writeString(dir.resolve("in.txt"), "a\r\nbb\n\nccc");
        Path sample = dir.resolve("sample.txt");

        assertThat(Sample.copyHead(input, 3, sample)).isEqualTo(7);
        assertThat(Files.readString(sample)).isEqualTo("a\r\nbb\n\n");
        assertThat(Sample.copyHead(input, 10, sample)).isEqualTo(10);
        assertThat(Files.readString(sample)).isEqualTo("a\r\nbb\n\nccc");
    }

    @Test
    void anEmptyFileIsRejectedByName() throws IOException {
        Path input = Files.createFile(dir.resolve("empty.txt"));

        assertThatThrownBy(() -> new Recommender(new Recommender.Settings(10, Duration.ofMillis(5), 0),
                dir.resolve("work")).recommend(input))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(input.toString());
    }

    @Test
    void candidateBuildOptionsMatchTheCommandLine() {
        assertThat(new Candidate(Layout.SHARDED, 100_000, 1).buildOptions())
                .isEqualTo("--layout sharded --shard-lines 100000 --index-stride 1");
        assertThat(new Candidate(Layout.SINGLE, 1_000_000, 64).buildOptions()).isEqualTo("--layout single --index-stride 64");
    }
}
