package io.linestore.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.bench.ReadBenchmark;
import io.linestore.bench.run.PlannedRun.ClassCount;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchProgressTest {

    private static final DurationModel MODEL = new DurationModel(Duration.ofSeconds(1), Duration.ofSeconds(5));

    // reads: 5 s + 10 x (1 s + 1 s) = 25 s; io: 5 s + 4 x 1 s = 9 s; 34 s in all.
    private final JmhRun reads = DurationModelTest.run("reads", 1, 1, 500, 1, 500);
    private final JmhRun io = DurationModelTest.run("io", 0, 1, 500, 1, 500);
    private final BenchProgress progress = new BenchProgress(List.of(
            new PlannedRun(reads, List.of(new ClassCount(ReadBenchmark.class, 10))),
            new PlannedRun(io, List.of(new ClassCount(ReadBenchmark.class, 4)))), MODEL);

    @Test
    void beforeTheFirstRunTheEtaIsTheModelsWholeEstimate() {
        assertThat(progress.benchmarks()).isEqualTo(14);
        assertThat(progress.eta(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(34));
        assertThat(progress.describe(Duration.ZERO)).isEqualTo("starting: 14 benchmarks in 2 runs; ETA 34s");
        assertThat(progress.brief(Duration.ZERO)).isEqualTo("starting, ETA 34s");
    }

    @Test
    void benchmarksDoneCountTheirRunsSetupAndTheEtaScalesWithTheElapsedTime() {
        progress.runStarted(reads);
        progress.benchmarkStarted("ReadBenchmark.read");
        progress.benchmarkFinished();
        progress.benchmarkStarted("ReadBenchmark.read");
        progress.benchmarkFinished();

        // Done by the model: 5 s + 2 x 2 s = 9 s; left: 34 - 9 = 25 s.
        assertThat(progress.done()).isEqualTo(2);
        assertThat(progress.modelledDone()).isEqualTo(Duration.ofSeconds(9));
        assertThat(progress.modelledLeft()).isEqualTo(Duration.ofSeconds(25));
        // On time, the model's rest; at twice the model's time, twice that.
        assertThat(progress.eta(Duration.ofSeconds(9))).isEqualTo(Duration.ofSeconds(25));
        assertThat(progress.eta(Duration.ofSeconds(18))).isEqualTo(Duration.ofSeconds(50));
        progress.benchmarkStarted("ReadBenchmark.read");
        assertThat(progress.describe(Duration.ofSeconds(18)))
                .isEqualTo("reads (run 1 of 2): 2 of 10 done, at ReadBenchmark.read; 12 benchmarks left; ETA 50s");
        assertThat(progress.brief(Duration.ofSeconds(18))).isEqualTo("reads (run 1 of 2), 12 left, ETA 50s");
    }

    @Test
    void untilATenthOfTheModelledTimeIsDoneTheEtaIsTheModelsAlone() {
        // reads: 10 x 2 s; io: 4 x 1 s; no setup: 24 s in all, a tenth is 2.4 s.
        BenchProgress noSetup = new BenchProgress(List.of(
                new PlannedRun(reads, List.of(new ClassCount(ReadBenchmark.class, 10))),
                new PlannedRun(io, List.of(new ClassCount(ReadBenchmark.class, 4)))),
                new DurationModel(Duration.ofSeconds(1), Duration.ZERO));
        noSetup.runStarted(reads);
        noSetup.benchmarkFinished();

        assertThat(noSetup.eta(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(22));
        noSetup.benchmarkFinished();
        // 4 s done by the model in 10 s: the 20 s left take 50 s.
        assertThat(noSetup.eta(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(50));
    }

    @Test
    void theNextRunCountsTheWholeOfTheOnesBefore() {
        progress.runStarted(reads);
        progress.benchmarkFinished();
        progress.runStarted(io);
        progress.benchmarkFinished();

        // reads whole (25 s) + io's setup and one benchmark (5 s + 1 s)
        assertThat(progress.done()).isEqualTo(11);
        assertThat(progress.modelledDone()).isEqualTo(Duration.ofSeconds(31));
        assertThat(progress.describe(Duration.ofSeconds(31)))
                .isEqualTo("io (run 2 of 2): 1 of 4 done; 3 benchmarks left; ETA 3s");
        for (int i = 0; i < 5; i++) {
            progress.benchmarkFinished();
        }
        // More ends than planned benchmarks (a mistaken plan) never count past the plan.
        assertThat(progress.done()).isEqualTo(14);
        assertThat(progress.eta(Duration.ofSeconds(40))).isEqualTo(Duration.ZERO);
    }

    @Test
    void aRunOutsideThePlanIsRefused() {
        assertThatThrownBy(() -> progress.runStarted(DurationModelTest.run("scaling", 1, 1, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scaling");
        assertThatThrownBy(() -> progress.eta(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
