package io.linestore.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.bench.ReadBenchmark;
import io.linestore.bench.run.PlannedRun.ClassCount;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;

class DurationModelTest {

    private static final DurationModel MODEL = new DurationModel(Duration.ofSeconds(1), Duration.ofSeconds(5));

    static JmhRun run(String name, int forks, int warmups, long warmupMillis, int measurements, long measureMillis) {
        return new JmhRun(name, List.of(ReadBenchmark.class), Mode.Throughput, Map.of(), forks, warmups,
                Duration.ofMillis(warmupMillis), measurements, Duration.ofMillis(measureMillis));
    }

    @Test
    void aBenchmarkCostsEachForkItsStartAndItsIterations() {
        // 2 x (1 s + 3 x 100 ms + 4 x 200 ms) = 2 x 2.1 s
        assertThat(MODEL.benchmark(run("r", 2, 3, 100, 4, 200))).isEqualTo(Duration.ofMillis(4_200));
        // In this JVM: the iterations alone, once.
        assertThat(MODEL.benchmark(run("r", 0, 3, 100, 4, 200))).isEqualTo(Duration.ofMillis(1_100));
    }

    @Test
    void aRunAddsItsSetupToItsBenchmarksAndAPlanSumsItsRuns() {
        PlannedRun forked = new PlannedRun(run("a", 2, 3, 100, 4, 200), List.of(new ClassCount(ReadBenchmark.class, 10)));
        PlannedRun inThisJvm = new PlannedRun(run("b", 0, 1, 300, 2, 300), List.of(new ClassCount(ReadBenchmark.class, 4)));

        // 5 s + 10 x 4.2 s
        assertThat(MODEL.run(forked)).isEqualTo(Duration.ofSeconds(47));
        // 5 s + 4 x 0.9 s
        assertThat(MODEL.run(inThisJvm)).isEqualTo(Duration.ofMillis(8_600));
        assertThat(MODEL.total(List.of(forked, inThisJvm))).isEqualTo(Duration.ofMillis(55_600));
        assertThat(MODEL.total(List.of())).isEqualTo(Duration.ZERO);
    }

    @Test
    void theCalibratedModelEstimatesTheQuickProfileUnderFiveMinutes() {
        List<PlannedRun> plan = PlannedRun.plan(BenchProfile.QUICK.runs(1_000_000, "", Map.of()), name -> true,
                org.openjdk.jmh.runner.BenchmarkList.defaultList());

        assertThat(BenchProfile.QUICK.durationModel().total(plan)).isLessThan(Duration.ofMinutes(5));
    }

    /**
     * The full profile's model, calibrated on its measured run of 7,926 s, estimates the full plan
     * within 30% of that run: a plan that grows or shrinks by more needs a new measurement, and the
     * durations the help and the README state with it.
     */
    @Test
    void theFullModelEstimatesTheFullProfileWithinThirtyPercentOfItsMeasuredRun() {
        List<PlannedRun> plan = PlannedRun.plan(BenchProfile.FULL.runs(10_000_000, "", Map.of()), name -> true,
                org.openjdk.jmh.runner.BenchmarkList.defaultList());

        assertThat(BenchProfile.FULL.durationModel().total(plan).toSeconds()).isBetween(7_926L * 7 / 10,
                7_926L * 13 / 10);
        assertThat(BenchProfile.QUICK.durationModel()).isEqualTo(DurationModel.QUICK);
    }

    @Test
    void durationsAreFormattedToTheSecondBelowAnHourAndToTheMinuteAbove() {
        assertThat(DurationModel.format(Duration.ZERO)).isEqualTo("0s");
        assertThat(DurationModel.format(Duration.ofMillis(44_600))).isEqualTo("45s");
        assertThat(DurationModel.format(Duration.ofSeconds(185))).isEqualTo("3m05s");
        assertThat(DurationModel.format(Duration.ofMillis(3_599_600))).isEqualTo("1h00m");
        assertThat(DurationModel.format(Duration.ofMinutes(112).plusSeconds(29))).isEqualTo("1h52m");
        assertThat(DurationModel.format(Duration.ofMinutes(112).plusSeconds(31))).isEqualTo("1h53m");
        assertThatThrownBy(() -> DurationModel.format(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void negativeDurationsAreRefused() {
        assertThatThrownBy(() -> new DurationModel(Duration.ofSeconds(-1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
