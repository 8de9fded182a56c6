package io.linestore.bench.recommend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import io.linestore.gen.Generator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecommenderTest {

    @TempDir
    Path dir;

    @Test
    void measuresEveryCandidateInInterleavedTrialsAndDecides() throws IOException {
        Path input = dir.resolve("input.txt");
        Generator.builder().lines(5_000).seed(9).build().writeTo(input);
        List<String> steps = new ArrayList<>();

        Recommendation recommendation = new Recommender(new Recommender.Settings(3_000, Duration.ofMillis(1_500)),
                dir.resolve("work"), steps::add).recommend(input);

        Measurements measurements = recommendation.measurements();
        assertThat(measurements.sampleLines()).isEqualTo(3_000);
        assertThat(measurements.candidates()).extracting(BuiltCandidate::name)
                .containsExactly("single/dense", "single/compact", "single/sparse-64", "sharded-300/dense",
                        "single/dense/zstd-3");
        assertThat(measurements.candidates()).extracting(BuiltCandidate::files).containsExactly(3, 3, 3, 21, 3);
        // A plain store holds the sample's bytes and its index; zstd blocks hold fewer.
        BuiltCandidate plain = measurements.candidates().getFirst();
        assertThat(plain.storedBytesPerLine()).isCloseTo((double) measurements.sampleBytes()
                / measurements.sampleLines() + plain.indexBytesPerLine(), within(0.01));
        assertThat(measurements.candidates().getLast().storedBytesPerLine()).isLessThan(plain.storedBytesPerLine());
        assertThat(measurements.rangeSizes()).containsExactly(1, 100);
        assertThat(measurements.crossoverSizes()).containsExactly(1, 10, 100, 1_000);
        // 5 candidates x 2 readers x 3 positions x 2 sizes, and the crossover's 10 and 1,000 lines x 2 readers
        assertThat(measurements.cells()).hasSize(60 + 4);
        assertThat(measurements.trials()).isGreaterThanOrEqualTo(TrialRunner.MIN_TRIALS);
        assertThat(measurements.cells()).allSatisfy(cell -> assertThat(cell.readsPerSecond())
                .hasSize(measurements.trials()).allSatisfy(r -> assertThat(r).isPositive().isFinite()));
        assertThat(measurements.cell("single/dense", ReadMethod.MMAP, Position.MIDDLE, 1_000).bytesPerRead())
                .isEqualTo(Math.round(1_000.0 * measurements.sampleBytes() / measurements.sampleLines()));
        assertThat(steps).startsWith("sampling", "building single/dense").contains("warmup 1 of 3", "trial 1 of "
                + measurements.trials());
        assertThat(recommendation.scores()).hasSize(5);
        assertThat(recommendation.reasons()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(recommendation.reader()).isIn(ReadMethod.AUTO, ReadMethod.MMAP, ReadMethod.FILE_CHANNEL);
        assertThat(recommendation.buildCommand("input.txt", "store")).startsWith("linestore build input.txt store --layout ");
    }

    @Test
    void theFilesHoldTheMeasurementsAndReadBackTheSame() throws IOException {
        Path input = dir.resolve("input.txt");
        Generator.builder().lines(2_000).seed(3).build().writeTo(input);
        Recommendation recommendation = new Recommender(new Recommender.Settings(2_000, Duration.ofMillis(500)),
                dir.resolve("work"), Progress.NONE).recommend(input);

        List<Path> written = RecommendFiles.write(recommendation, dir.resolve("out"));

        assertThat(written).extracting(path -> path.getFileName().toString()).containsExactly("recommend.json",
                "recommend.csv", "recommend.md", "recommend-throughput.png", "recommend-crossover.png");
        assertThat(written).allSatisfy(file -> assertThat(file).isNotEmptyFile());
        assertThat(RecommendFiles.readMeasurements(dir.resolve("out/recommend.json")))
                .isEqualTo(recommendation.measurements());
        assertThat(Decider.decide(RecommendFiles.readMeasurements(dir.resolve("out/recommend.json"))))
                .isEqualTo(recommendation);
        List<String> csv = Files.readAllLines(dir.resolve("out/recommend.csv"));
        assertThat(csv.getFirst()).startsWith("candidate,reader,position,lines_per_read,bytes_per_read,median,low,high,"
                + "trial_1,");
        assertThat(csv).hasSize(1 + recommendation.measurements().cells().size());
        assertThat(dir.resolve("out/recommend.md")).content().contains("### Layouts", "### Candidates",
                recommendation.reasons().getFirst());
        assertThat(dir.resolve("out/recommend.json")).content().contains("\"reasons\"", "\"ofFastest\"");
    }

    @Test
    void theSampleIsTheFirstLinesByteForByte() throws IOException {
        Path input = Files.writeString(dir.resolve("in.txt"), "a\r\nbb\n\nccc");
        Path sample = dir.resolve("sample.txt");

        assertThat(Sample.copyHead(input, 3, sample)).isEqualTo(3);
        assertThat(Files.readString(sample)).isEqualTo("a\r\nbb\n\n");
        assertThat(Sample.copyHead(input, 10, sample)).isEqualTo(4);
        assertThat(Files.readString(sample)).isEqualTo("a\r\nbb\n\nccc");
    }

    @Test
    void anEmptyFileIsRejectedByName() throws IOException {
        Path input = Files.createFile(dir.resolve("empty.txt"));

        assertThatThrownBy(() -> new Recommender(new Recommender.Settings(10, Duration.ofMillis(5)),
                dir.resolve("work"), Progress.NONE).recommend(input))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(input.toString());
    }

    @Test
    void candidatesSpellTheirBuildOptions() {
        assertThat(new Candidate(Layout.SHARDED, 100_000, IndexKind.DENSE).buildArguments())
                .containsExactly("--layout", "sharded", "--shard-lines", "100000", "--index", "dense");
        assertThat(new Candidate(Layout.SINGLE, 1_000_000, IndexKind.sparse(64)).buildArguments())
                .containsExactly("--layout", "single", "--index", "sparse:64");
        assertThat(new Candidate(Layout.SINGLE, 1_000_000, IndexKind.COMPACT).buildArguments())
                .containsExactly("--layout", "single", "--index", "compact");
        assertThat(new Candidate(Layout.SINGLE, 1_000_000, IndexKind.DENSE, Compression.zstd()).buildArguments())
                .containsExactly("--layout", "single", "--index", "dense", "--compress", "zstd:3");
        assertThat(Candidates.forSample(1_000_000)).extracting(Candidate::name)
                .containsExactly("single/dense", "single/compact", "single/sparse-64", "sharded-100000/dense",
                        "single/dense/zstd-3");
    }
}
