package io.linestore.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.bench.BuildBenchmark;
import io.linestore.bench.CopyBenchmark;
import io.linestore.bench.EngineReadBenchmark;
import io.linestore.bench.GzipInPlaceReadBenchmark;
import io.linestore.bench.NaiveReadBenchmark;
import io.linestore.bench.ReadBenchmark;
import io.linestore.bench.ReadPathBenchmark;
import io.linestore.bench.SequentialIoBenchmark;
import io.linestore.bench.SqliteReadBenchmark;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

class BenchProfileTest {

    @Test
    void theFullAndSmokeProfilesRunThroughputLatencyIoScalingAndCompressed() {
        for (BenchProfile profile : List.of(BenchProfile.FULL, BenchProfile.SMOKE)) {
            List<JmhRun> runs = profile.runs(profile.lines(), "/data", Map.of());

            assertThat(runs).extracting(JmhRun::name)
                    .containsExactly("reads", "latency", "io", "scaling", "compressed");
            assertThat(runs).extracting(JmhRun::mode).containsExactly(Mode.Throughput, Mode.SampleTime,
                    Mode.Throughput, Mode.Throughput, Mode.AverageTime);
            assertThat(runs).allSatisfy(run -> assertThat(run.params()).containsEntry("dataDir", List.of("/data")));
            assertThat(runs.get(0).params()).containsEntry("lines", List.of(String.valueOf(profile.lines())));
            assertThat(runs.get(3).params()).containsEntry("lines", List.of(String.valueOf(profile.lines())));
            assertThat(runs.get(4).params()).containsEntry("lines", List.of(String.valueOf(profile.lines())));
            assertThat(runs.get(4).benchmarks()).contains(GzipInPlaceReadBenchmark.class);
            assertThat(runs.get(0).benchmarks()).contains(ReadPathBenchmark.class);
            assertThat(runs.get(2).forks()).isEqualTo(runs.get(0).forks());
        }
    }

    @Test
    void theQuickProfileRunsWhatItsReportShowsAtBothEndsWithTheTunedSqlite() {
        List<JmhRun> runs = BenchProfile.QUICK.runs(BenchProfile.QUICK.lines(), "/data", Map.of());

        assertThat(runs).extracting(JmhRun::name).containsExactly("reads", "latency", "io");
        assertThat(runs.get(0).benchmarks()).containsExactly(ReadBenchmark.class, NaiveReadBenchmark.class,
                SqliteReadBenchmark.class);
        assertThat(runs.get(2).benchmarks()).containsExactly(SequentialIoBenchmark.class, BuildBenchmark.class,
                CopyBenchmark.class);
        assertThat(runs.get(0).params()).containsEntry("position", List.of("START", "END"))
                .containsEntry("settings", List.of("MAPPED")).containsEntry("lines", List.of("1000000"));
        assertThat(runs.get(1).params()).containsEntry("position", List.of("START", "END"))
                .containsEntry("rangeSize", List.of("1"));
        assertThat(runs).extracting(JmhRun::forks).containsExactly(1, 1, 0);
    }

    @Test
    void theEnginesAreReadInTheFullAndSmokeProfilesButNotTheQuickOne() {
        for (BenchProfile profile : BenchProfile.values()) {
            List<JmhRun> runs = profile.runs(profile.lines(), "/data", Map.of());

            assertThat(runs.stream().anyMatch(run -> run.benchmarks().contains(EngineReadBenchmark.class)))
                    .as(profile.name()).isEqualTo(profile != BenchProfile.QUICK);
        }
    }

    @Test
    void overridesReplaceTheProfilesValuesButTheLatencyRunKeepsSingleLineReadsOfDenseStores() {
        List<JmhRun> runs = BenchProfile.QUICK.runs(1000, "", Map.of(
                "layout", List.of("SHARDED_1M"), "rangeSize", List.of("100"), "stride", List.of("NONE")));

        assertThat(runs.get(0).params()).containsEntry("layout", List.of("SHARDED_1M"))
                .containsEntry("rangeSize", List.of("100")).containsEntry("lines", List.of("1000"));
        assertThat(runs.get(1).params()).containsEntry("rangeSize", List.of("1"))
                .containsEntry("stride", List.of("DENSE")).containsEntry("layout", List.of("SHARDED_1M"));
    }

    @Test
    void optionsIncludeOnlyTheBenchmarksTheFilterKeeps() {
        JmhRun io = BenchProfile.QUICK.runs(1000, "", Map.of()).get(2);

        Options options = io.options(name -> name.contains("Sequential"), Path.of("r.json"), VerboseMode.SILENT)
                .orElseThrow();

        assertThat(options.getIncludes()).containsExactly(
                java.util.regex.Pattern.quote(SequentialIoBenchmark.class.getName()) + "\\.");
        assertThat(options.getParameter("bufferSize").get()).containsExactly("4096", "1048576");
        assertThat(options.getForkCount().get()).isZero();
        assertThat(BenchProfile.FULL.runs(1000, "", Map.of()).get(2).options(name -> true, Path.of("r.json"),
                VerboseMode.SILENT).orElseThrow().getForkCount().get()).isEqualTo(1);
        // A benchmark's own @Fork(jvmArgsAppend) survives only if the options set none.
        assertThat(options.getJvmArgsAppend().hasValue()).isFalse();
        assertThat(options.getJvmArgsPrepend().get()).contains("--enable-native-access=ALL-UNNAMED");
        assertThat(io.options(name -> name.equals(ReadBenchmark.class.getSimpleName()), Path.of("r.json"),
                VerboseMode.SILENT)).isEmpty();
    }
}
